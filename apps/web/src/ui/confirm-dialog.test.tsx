import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';
import { ModalActions } from './modal-actions';

describe('ConfirmDialog', () => {
  it('asks, says why the last try failed, and confirms or cancels', async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(
      <ConfirmDialog
        title="Discharge 2 patients?"
        confirmLabel="Discharge"
        onConfirm={onConfirm}
        onClose={onClose}
        busy={false}
        error="The connection dropped. Try again."
      >
        They leave the active roster.
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Discharge 2 patients?' });
    expect(dialog).toHaveTextContent('They leave the active roster.');
    expect(dialog).toHaveTextContent('The connection dropped. Try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Discharge' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('ModalActions', () => {
  it('separates a form from its buttons only when asked', () => {
    const { container, rerender } = render(
      <ModalActions>
        <button type="button">Close</button>
      </ModalActions>,
    );
    expect(container.firstChild).not.toHaveClass('border-t');
    rerender(
      <ModalActions divided>
        <button type="button">Close</button>
      </ModalActions>,
    );
    expect(container.firstChild).toHaveClass('border-t', 'border-line', 'pt-4');
  });
});
