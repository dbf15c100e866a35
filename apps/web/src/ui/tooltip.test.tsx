import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Tooltip } from './tooltip';

const DEFAULT = 'Only therapists are allowed to enter the patient page.';

// fireEvent rather than user-event here: user-event's async steps wait on setTimeout, which
// never resolves under vitest's fake timers.
beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

function setup(
  ui = (
    <Tooltip>
      <button type="button">Open patient</button>
    </Tooltip>
  ),
) {
  render(ui);
  return { trigger: screen.getByRole('button', { name: 'Open patient' }) };
}

describe('Tooltip', () => {
  it('is hidden until triggered', () => {
    setup();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('shows the default message of spec §2 on hover', () => {
    const { trigger } = setup();
    fireEvent.mouseEnter(trigger);
    expect(screen.getByRole('tooltip')).toHaveTextContent(DEFAULT);
  });

  it('is linked to its trigger by aria-describedby, even while hidden', () => {
    const { trigger } = setup();
    expect(trigger).toHaveAccessibleDescription(DEFAULT);
    fireEvent.mouseEnter(trigger);
    expect(trigger.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip').id);
  });

  it('hides 2 seconds after it is shown (spec §9)', () => {
    const { trigger } = setup();
    fireEvent.mouseEnter(trigger);
    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('shows on keyboard focus', () => {
    const { trigger } = setup();
    act(() => {
      trigger.focus();
    });
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
  });

  it('shows on a tap or click, so it works on touch screens', () => {
    const { trigger } = setup();
    // A bare click, without the hover a mouse would also produce.
    fireEvent.click(trigger);
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('restarts the 2 s count on a new trigger', () => {
    const { trigger } = setup();
    fireEvent.click(trigger);
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    fireEvent.click(trigger);
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
  });

  it('closes on Escape', () => {
    const { trigger } = setup();
    fireEvent.click(trigger);
    fireEvent.keyDown(trigger, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('takes a custom message and keeps the trigger own handlers', () => {
    const onClick = vi.fn();
    const { trigger } = setup(
      <Tooltip message="Managers cannot start monitoring.">
        <button type="button" onClick={onClick}>
          Open patient
        </button>
      </Tooltip>,
    );
    fireEvent.click(trigger);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Managers cannot start monitoring.');
  });
});
