import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useId, useState, type KeyboardEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DatePicker } from './date-picker';
import { Dropdown } from './dropdown';
import { Modal } from './modal';
import { anchorShows, moveActiveIndex, placeFloating, useListbox, usePopover } from './popover';
import { Tooltip } from './tooltip';

function Disclosure({ name = 'Menu', onOpenChange }: { name?: string; onOpenChange?: () => void }) {
  const { open, setOpen, rootRef, triggerRef } = usePopover({ onOpenChange });
  return (
    <div ref={rootRef}>
      <button ref={triggerRef} type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {name}
      </button>
      {open && (
        <div role="group" aria-label={`${name} panel`}>
          <button type="button">{name} item</button>
        </div>
      )}
    </div>
  );
}

const FRUITS = ['Apple', 'Banana (out of season)', 'Cherry', 'Damson'];

function FruitBox({ onPick }: { onPick: (fruit: string) => void }) {
  const baseId = useId();
  const [open, setOpen] = useState(false);
  const listbox = useListbox(baseId, {
    open,
    count: FRUITS.length,
    onPick: (index) => {
      onPick(FRUITS[index] ?? '');
      setOpen(false);
    },
    isDisabled: (index) => index === 1,
    homeEnd: false,
  });
  return (
    <>
      <input
        {...listbox.comboboxProps}
        aria-label="Fruit"
        onFocus={() => setOpen(true)}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => listbox.handleKey(event)}
      />
      <ul id={listbox.listId} role="listbox" aria-label="Fruits" hidden={!open}>
        {FRUITS.map((fruit, index) => (
          <li
            key={fruit}
            {...listbox.optionProps(index)}
            aria-selected={index === listbox.activeIndex}
          >
            {fruit}
          </li>
        ))}
      </ul>
    </>
  );
}

describe('moveActiveIndex', () => {
  it('moves down and up one step and stops at the ends', () => {
    expect(moveActiveIndex(0, 'ArrowDown', 3)).toBe(1);
    expect(moveActiveIndex(2, 'ArrowDown', 3)).toBe(2);
    expect(moveActiveIndex(1, 'ArrowUp', 3)).toBe(0);
    expect(moveActiveIndex(0, 'ArrowUp', 3)).toBe(0);
  });

  it('starts from the first or last option when nothing is highlighted', () => {
    expect(moveActiveIndex(-1, 'ArrowDown', 3)).toBe(0);
    expect(moveActiveIndex(-1, 'ArrowUp', 3)).toBe(2);
  });

  it('jumps to the ends with Home and End', () => {
    expect(moveActiveIndex(1, 'Home', 4)).toBe(0);
    expect(moveActiveIndex(1, 'End', 4)).toBe(3);
  });

  it('has nothing to highlight in an empty list', () => {
    expect(moveActiveIndex(0, 'ArrowDown', 0)).toBe(-1);
  });

  it('skips options that cannot be chosen (ICD-10 categories) and stops at the ends', () => {
    const category = (index: number) => index === 0 || index === 2;
    expect(moveActiveIndex(-1, 'ArrowDown', 4, category)).toBe(1);
    expect(moveActiveIndex(1, 'ArrowDown', 4, category)).toBe(3);
    expect(moveActiveIndex(3, 'ArrowDown', 4, category)).toBe(3);
    expect(moveActiveIndex(3, 'ArrowUp', 4, category)).toBe(1);
    expect(moveActiveIndex(1, 'ArrowUp', 4, category)).toBe(1);
    expect(moveActiveIndex(3, 'Home', 4, category)).toBe(1);
    expect(moveActiveIndex(-1, 'ArrowDown', 2, () => true)).toBe(-1);
  });

  it('treats a highlight beyond a shortened list as none', () => {
    expect(moveActiveIndex(5, 'ArrowUp', 3)).toBe(2);
  });
});

describe('anchorShows', () => {
  const screenBox = { top: 0, left: 0, width: 1280, height: 800 };
  const dialogBody = { top: 200, left: 300, width: 600, height: 400 };

  it('is true while some of the anchor shows through every clipping box', () => {
    const anchor = { top: 580, left: 320, width: 200, height: 40 };
    expect(anchorShows(anchor, [dialogBody, screenBox])).toBe(true);
  });

  it('is false once the anchor has scrolled out of a dialog body, though still on screen', () => {
    const anchor = { top: 610, left: 320, width: 200, height: 40 };
    expect(anchorShows(anchor, [dialogBody, screenBox])).toBe(false);
  });

  it('is false off the screen', () => {
    expect(anchorShows({ top: -60, left: 10, width: 100, height: 40 }, [screenBox])).toBe(false);
  });
});

describe('placeFloating', () => {
  const viewport = { width: 400, height: 800 };
  const size = { width: 200, height: 300 };
  const anchorAt = (top: number, left: number) => ({ top, left, width: 100, height: 40 });

  it('goes below the anchor, left edges lined up, when it fits', () => {
    expect(placeFloating(anchorAt(100, 50), size, viewport)).toEqual({ top: 144, left: 50 });
  });

  it('flips above when below does not fit and above does', () => {
    // 600 + 40 + 4 + 300 passes 792: above, 4 px over the anchor.
    expect(placeFloating(anchorAt(600, 50), size, viewport)).toEqual({ top: 296, left: 50 });
  });

  it('flips below when the preferred top side does not fit', () => {
    expect(placeFloating(anchorAt(100, 50), size, viewport, { side: 'top' })).toEqual({
      top: 144,
      left: 50,
    });
  });

  it('stays on the preferred side when it fits there', () => {
    expect(placeFloating(anchorAt(600, 50), size, viewport, { side: 'top' }).top).toBe(296);
  });

  it('takes the roomier side when neither fits, and stays 8 px inside the screen', () => {
    const tall = { width: 200, height: 500 };
    // 420 px above, 332 below: above, pushed down to the margin rather than off the top.
    expect(placeFloating(anchorAt(432, 50), tall, viewport)).toEqual({ top: 8, left: 50 });
    // 232 px above, 520 below: below.
    expect(placeFloating(anchorAt(244, 50), tall, viewport)).toEqual({ top: 288, left: 50 });
  });

  it('keeps the top in view when it is taller than the screen (the month and arrows)', () => {
    expect(placeFloating(anchorAt(300, 50), { width: 200, height: 900 }, viewport).top).toBe(8);
  });

  it('shifts a centred pop-up off the left edge to 8 px (issue 10 defect 11)', () => {
    // Centred on an anchor at x 10-110 it would start at -40.
    expect(placeFloating(anchorAt(100, 10), size, viewport, { align: 'center' }).left).toBe(8);
  });

  it('shifts it off the right edge, and lines up right edges with align end', () => {
    expect(placeFloating(anchorAt(100, 290), size, viewport).left).toBe(192);
    expect(placeFloating(anchorAt(100, 290), size, viewport, { align: 'end' }).left).toBe(190);
  });

  it('counts the gap on either side', () => {
    expect(placeFloating(anchorAt(100, 50), size, viewport, { gap: 8 }).top).toBe(148);
    expect(placeFloating(anchorAt(600, 50), size, viewport, { gap: 8 }).top).toBe(292);
  });
});

/** A disclosure whose panel is placed by usePopover, at the end of the trigger. */
function PlacedDisclosure() {
  const { open, setOpen, rootRef, triggerRef, floatingRef } = usePopover({
    placement: { align: 'end' },
  });
  return (
    <div ref={rootRef}>
      <button ref={triggerRef} type="button" onClick={() => setOpen(!open)}>
        Menu
      </button>
      {open && (
        <div ref={floatingRef} role="group" aria-label="Menu panel" className="fixed">
          Items
        </div>
      )}
    </div>
  );
}

/** jsdom lays nothing out: the boxes and the screen size a test gives them. */
function stubLayout(boxes: Map<string, DOMRect>) {
  vi.spyOn(document.documentElement, 'clientWidth', 'get').mockReturnValue(400);
  vi.spyOn(document.documentElement, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    return boxes.get(this.textContent ?? '') ?? new DOMRect();
  });
}

describe('usePopover placement', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('places the panel beside the trigger, flipped and shifted, and again on a scroll', async () => {
    const boxes = new Map([
      ['Menu', new DOMRect(300, 100, 40, 40)],
      ['Items', new DOMRect(0, 0, 200, 300)],
    ]);
    stubLayout(boxes);
    const user = userEvent.setup();
    render(
      <div data-testid="scroller">
        <PlacedDisclosure />
      </div>,
    );
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const panel = screen.getByRole('group', { name: 'Menu panel' });
    expect(panel.style.top).toBe('144px');
    expect(panel.style.left).toBe('140px');

    // Scrolling a box around it brings the trigger near the bottom: the panel flips above.
    boxes.set('Menu', new DOMRect(300, 700, 40, 40));
    fireEvent.scroll(screen.getByTestId('scroller'));
    expect(panel.style.top).toBe('396px');
  });
});

/** The disclosure, opened, beside a text field outside it. */
async function openBesideAField() {
  const user = userEvent.setup();
  render(
    <>
      <input aria-label="Elsewhere" />
      <Disclosure />
    </>,
  );
  await user.click(screen.getByRole('button', { name: 'Menu' }));
  return { user, elsewhere: screen.getByRole('textbox', { name: 'Elsewhere' }) };
}

describe('usePopover', () => {
  it('closes on a press outside, leaving focus where the press put it', async () => {
    const { user, elsewhere } = await openBesideAField();
    await user.click(screen.getByRole('button', { name: 'Menu item' }));
    expect(screen.getByRole('group', { name: 'Menu panel' })).toBeInTheDocument();
    await user.click(elsewhere);
    expect(screen.queryByRole('group', { name: 'Menu panel' })).not.toBeInTheDocument();
    expect(elsewhere).toHaveFocus();
  });

  it('closes on Escape and gives focus back to the trigger', async () => {
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    render(<Disclosure onOpenChange={onOpenChange} />);
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(screen.getByRole('button', { name: 'Menu item' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(onOpenChange.mock.calls).toEqual([[true], [false]]);
  });

  it('does not pull focus back from elsewhere on Escape', async () => {
    const { user, elsewhere } = await openBesideAField();
    elsewhere.focus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(elsewhere).toHaveFocus();
  });

  it('closes on a tap only when the touch ends in a click, not when it scrolls', () => {
    render(
      <>
        <p>Elsewhere</p>
        <Disclosure />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const elsewhere = screen.getByText('Elsewhere');
    fireEvent.pointerDown(elsewhere, { pointerType: 'touch' });
    expect(screen.getByRole('group')).toBeInTheDocument();
    // A scroll: the next touch starts without a click in between.
    fireEvent.pointerDown(elsewhere, { pointerType: 'touch' });
    act(() => {
      fireEvent.click(elsewhere);
    });
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });
});

describe('the layer stack', () => {
  it('Escape closes the innermost of two open popovers, then the next', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Disclosure name="First" />
        <Dropdown label="Role" options={[{ value: 'pt', label: 'Remote PT' }]} openOnLoad />
      </>,
    );
    // Opened from the keyboard: a press would be outside the open dropdown and close it.
    screen.getByRole('button', { name: 'First' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('group', { name: 'First panel' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'First panel' })).not.toBeInTheDocument();
    expect(screen.getByRole('listbox', { name: 'Role' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('Escape in a dropdown inside a dialog closes the dropdown only (issue 10)', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(
      <Modal show title="Register a patient" onClose={onClose}>
        <input aria-label="First name" />
        <Dropdown label="Gender" options={[{ value: 'female', label: 'Female' }]} />
      </Modal>,
    );
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Lena');
    const gender = screen.getByRole('button', { name: /^Gender/ });
    await user.click(gender);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(gender).toHaveFocus();
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('a press on the backdrop closes the popover in the dialog, not the dialog', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(
      <Modal show title="Edit details" onClose={onClose}>
        <Disclosure />
      </Modal>,
    );
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('a dialog mounted together with an open dropdown inside it stays below it', async () => {
    const onClose = vi.fn();
    render(
      <Modal show title="Filters" onClose={onClose}>
        <Dropdown label="Status" options={[{ value: 'active', label: 'Active' }]} openOnLoad />
      </Modal>,
    );
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Escape hides a tooltip in a dialog before it closes the dialog', () => {
    const onClose = vi.fn();
    render(
      <Modal show title="Patient" onClose={onClose}>
        <Tooltip message="Only therapists can start monitoring.">
          <button type="button">Start</button>
        </Tooltip>
      </Modal>,
    );
    const start = screen.getByRole('button', { name: 'Start' });
    fireEvent.click(start);
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    fireEvent.keyDown(start, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(start, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('Escape in a date picker inside a dialog closes the calendar only', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(
      <Modal show title="Billing month" onClose={onClose}>
        <DatePicker mode="range" label="Dates" defaultMonth={new Date(2026, 2, 1)} />
      </Modal>,
    );
    const button = screen.getByRole('button', { name: /^Dates/ });
    await user.click(button);
    expect(screen.getByRole('dialog', { name: 'Dates' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Dates' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('useListbox', () => {
  it('moves the active descendant with the arrows, skipping what cannot be chosen, and picks with Enter', async () => {
    const onPick = vi.fn();
    const user = userEvent.setup();
    render(<FruitBox onPick={onPick} />);
    const box = screen.getByRole('combobox', { name: 'Fruit' });
    await user.click(box);
    expect(box).not.toHaveAttribute('aria-activedescendant');
    const active = () => document.getElementById(box.getAttribute('aria-activedescendant') ?? '');
    await user.keyboard('{ArrowDown}');
    expect(active()).toHaveTextContent('Apple');
    await user.keyboard('{ArrowDown}');
    expect(active()).toHaveTextContent('Cherry');
    // Home and End stay with the text field (caret), the highlight does not move.
    await user.keyboard('{Home}');
    expect(active()).toHaveTextContent('Cherry');
    await user.keyboard('{ArrowUp}');
    expect(active()).toHaveTextContent('Apple');
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledExactlyOnceWith('Apple');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
  });

  it('highlights an option under the mouse, and picks it on click without taking focus', async () => {
    const onPick = vi.fn();
    const user = userEvent.setup();
    render(<FruitBox onPick={onPick} />);
    const box = screen.getByRole('combobox', { name: 'Fruit' });
    await user.click(box);
    await user.hover(screen.getByRole('option', { name: 'Banana (out of season)' }));
    expect(box).not.toHaveAttribute('aria-activedescendant');
    await user.click(screen.getByRole('option', { name: 'Damson' }));
    expect(onPick).toHaveBeenCalledExactlyOnceWith('Damson');
    expect(box).toHaveFocus();
  });
});
