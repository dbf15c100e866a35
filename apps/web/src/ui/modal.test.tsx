import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal, modalLayers } from './modal';

function getLayers() {
  const backdrop = screen.getByTestId('modal-backdrop');
  const dialog = screen.getByRole('dialog');
  const contentLayer = dialog.parentElement as HTMLElement;
  return { backdrop, dialog, contentLayer };
}

function Harness({ onClose = () => {} }: { onClose?: () => void }) {
  const [show, setShow] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setShow(true)}>
        Open
      </button>
      <Modal
        show={show}
        title="Discharge patient"
        onClose={() => {
          onClose();
          setShow(false);
        }}
      >
        <input aria-label="Reason" />
        <button type="button">Confirm</button>
      </Modal>
    </>
  );
}

describe('modalLayers (spec §2, §9)', () => {
  it('puts the content 10 levels above a backdrop at 100 by default', () => {
    expect(modalLayers()).toEqual({ backdrop: 100, content: 110 });
    expect(modalLayers(300)).toEqual({ backdrop: 300, content: 310 });
  });
});

describe('Modal', () => {
  it('renders nothing when hidden', () => {
    render(
      <Modal show={false} title="Hidden" onClose={() => {}}>
        body
      </Modal>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is a modal dialog named by its title, portalled into the body', () => {
    const { container } = render(
      <Modal show title="Send reminder" onClose={() => {}}>
        body
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Send reminder' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(container).not.toContainElement(dialog);
    expect(document.body).toContainElement(dialog);
  });

  it('stacks the backdrop at 100 with 20% opacity and the content at 110 by default', () => {
    render(
      <Modal show title="Layers" onClose={() => {}}>
        body
      </Modal>,
    );
    const { backdrop, contentLayer } = getLayers();
    expect(backdrop).toHaveStyle({ zIndex: '100', opacity: '0.2' });
    expect(contentLayer).toHaveStyle({ zIndex: '110' });
  });

  it('honours a custom stacking level', () => {
    render(
      <Modal show zIndex={500} title="Layers" onClose={() => {}}>
        body
      </Modal>,
    );
    const { backdrop, contentLayer } = getLayers();
    expect(backdrop).toHaveStyle({ zIndex: '500' });
    expect(contentLayer).toHaveStyle({ zIndex: '510' });
  });

  it('emits close on Escape', async () => {
    const onClose = vi.fn();
    render(
      <Modal show title="Esc" onClose={onClose}>
        <button type="button">Inside</button>
      </Modal>,
    );
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('emits close on a backdrop click but not on a click inside the dialog', async () => {
    const onClose = vi.fn();
    render(
      <Modal show title="Click" onClose={onClose}>
        <p>Content</p>
      </Modal>,
    );
    await userEvent.click(screen.getByText('Content'));
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('modal-backdrop'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes with its close button', async () => {
    const onClose = vi.fn();
    render(<Modal show title="X" onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('moves focus in on open, traps Tab inside, and returns focus on close', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);

    const close = screen.getByRole('button', { name: 'Close' });
    const reason = screen.getByRole('textbox', { name: 'Reason' });
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    expect(close).toHaveFocus();

    await user.tab();
    expect(reason).toHaveFocus();
    await user.tab();
    expect(confirm).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(confirm).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes only the top modal of a stack on Escape', async () => {
    const outerClose = vi.fn();
    const innerClose = vi.fn();
    render(
      <Modal show title="Outer" onClose={outerClose}>
        <Modal show zIndex={200} title="Inner" onClose={innerClose}>
          <button type="button">Inner action</button>
        </Modal>
      </Modal>,
    );
    screen.getByRole('button', { name: 'Inner action' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(innerClose).toHaveBeenCalledTimes(1);
    expect(outerClose).not.toHaveBeenCalled();
  });
});

describe('Modal stacking and focus', () => {
  it('a modal opened from inside another takes focus', async () => {
    function Stack() {
      const [inner, setInner] = useState(false);
      return (
        <Modal show title="Outer" onClose={() => {}}>
          <button type="button" onClick={() => setInner(true)}>
            Open inner
          </button>
          <Modal show={inner} zIndex={200} title="Inner" onClose={() => setInner(false)}>
            <button type="button">Inner action</button>
          </Modal>
        </Modal>
      );
    }
    const user = userEvent.setup();
    render(<Stack />);
    const openInner = screen.getByRole('button', { name: 'Open inner' });
    await user.click(openInner);
    const inner = screen.getByRole('dialog', { name: 'Inner' });
    expect(inner).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Inner' })).not.toBeInTheDocument();
    expect(openInner).toHaveFocus();
  });

  it('an outer modal mounted together with an inner one leaves focus in the inner one', () => {
    render(
      <Modal show title="Outer" onClose={() => {}}>
        <Modal show zIndex={200} title="Inner" onClose={() => {}}>
          <button type="button">Inner action</button>
        </Modal>
      </Modal>,
    );
    expect(screen.getByRole('dialog', { name: 'Inner' })).toContainElement(
      document.activeElement as HTMLElement,
    );
  });
});
