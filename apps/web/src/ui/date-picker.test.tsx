import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DatePicker, formatSelection } from './date-picker';

const MARCH_2026 = new Date(2026, 2, 1);
const d = (day: number, month = 3, hours = 0, minutes = 0) =>
  new Date(2026, month - 1, day, hours, minutes);

const trigger = () => screen.getByRole('button', { name: /^Visit date / });
/** react-day-picker names day buttons like "Thursday, March 5th, 2026". */
const day = (name: RegExp) => screen.getByRole('button', { name });

describe('formatSelection', () => {
  it("formats each mode with 'MMM D, YYYY' (spec §9)", () => {
    expect(formatSelection('single', [d(5)])).toBe('Mar 5, 2026');
    expect(formatSelection('single', [d(5, 3, 14, 5)], true)).toBe('Mar 5, 2026 2:05 PM');
    expect(formatSelection('range', [d(5), d(9)])).toBe('Mar 5, 2026 – Mar 9, 2026');
    expect(formatSelection('range', [d(5)])).toBe('Mar 5, 2026 – …');
    expect(formatSelection('multi', [d(5), d(9)])).toBe('Mar 5, 2026, Mar 9, 2026');
    expect(formatSelection('multi', [])).toBe('');
  });
});

describe('DatePicker menu (spec §4: opens and closes)', () => {
  it('is a button showing the placeholder, then the formatted value', () => {
    const { rerender } = render(<DatePicker mode="single" label="Visit date" />);
    expect(trigger()).toHaveTextContent('Select a date');
    rerender(<DatePicker mode="single" label="Visit date" value={d(5, 3, 10)} />);
    expect(trigger()).toHaveTextContent('Mar 5, 2026');
  });

  it('opens and closes from its button and on Escape, returning focus', async () => {
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    render(
      <DatePicker
        mode="single"
        label="Visit date"
        defaultMonth={MARCH_2026}
        onOpenChange={onOpenChange}
      />,
    );
    await user.click(trigger());
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('dialog', { name: 'Visit date' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger()).toHaveFocus();
    await user.click(trigger());
    await user.click(trigger());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onOpenChange.mock.calls).toEqual([[true], [false], [true], [false]]);
  });

  it('closes on a click outside', async () => {
    render(
      <>
        <p>Elsewhere</p>
        <DatePicker mode="single" label="Visit date" defaultMonth={MARCH_2026} />
      </>,
    );
    await userEvent.click(trigger());
    await userEvent.click(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('DatePicker single', () => {
  it('emits the picked day, shows it and closes', async () => {
    const onChange = vi.fn();
    render(
      <DatePicker mode="single" label="Visit date" defaultMonth={MARCH_2026} onChange={onChange} />,
    );
    await userEvent.click(trigger());
    await userEvent.click(day(/March 5th, 2026/));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(d(5));
    expect(trigger()).toHaveTextContent('Mar 5, 2026');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('raises invalid-date for a day that breaks a rule, without changing the value', async () => {
    const onChange = vi.fn();
    const onInvalidDate = vi.fn();
    render(
      <DatePicker
        mode="single"
        label="Visit date"
        defaultMonth={MARCH_2026}
        minDate={d(3)}
        disabledWeekdays={[6]}
        onChange={onChange}
        onInvalidDate={onInvalidDate}
      />,
    );
    await userEvent.click(trigger());
    const saturday = day(/March 7th, 2026/);
    expect(saturday).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(saturday);
    await userEvent.click(day(/March 2nd, 2026/));
    expect(onInvalidDate.mock.calls).toEqual([
      ['disabled-weekday', d(7)],
      ['before-min-date', d(2)],
    ]);
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(day(/March 4th, 2026/)).not.toHaveAttribute('aria-disabled');
  });

  it('shows 6 weeks when fixedWeeks is set (spec §9)', async () => {
    const february = new Date(2026, 1, 1); // starts on a Sunday: exactly 4 weeks
    const { unmount } = render(
      <DatePicker mode="single" label="Visit date" defaultMonth={february} />,
    );
    await userEvent.click(trigger());
    expect(document.querySelectorAll('.rdp-week')).toHaveLength(4);
    unmount();
    render(<DatePicker mode="single" label="Visit date" defaultMonth={february} fixedWeeks />);
    await userEvent.click(trigger());
    expect(document.querySelectorAll('.rdp-week')).toHaveLength(6);
  });

  it('changes month on a horizontal swipe past 10 px (spec §9)', async () => {
    render(<DatePicker mode="single" label="Visit date" defaultMonth={MARCH_2026} />);
    await userEvent.click(trigger());
    const popover = screen.getByRole('dialog');
    fireEvent.touchStart(popover, { touches: [{ clientX: 200, clientY: 100 }] });
    fireEvent.touchEnd(popover, { changedTouches: [{ clientX: 190, clientY: 100 }] });
    expect(screen.getByRole('grid', { name: 'March 2026' })).toBeInTheDocument();
    fireEvent.touchStart(popover, { touches: [{ clientX: 200, clientY: 100 }] });
    fireEvent.touchEnd(popover, { changedTouches: [{ clientX: 150, clientY: 100 }] });
    expect(screen.getByRole('grid', { name: 'April 2026' })).toBeInTheDocument();
    fireEvent.touchStart(popover, { touches: [{ clientX: 100, clientY: 100 }] });
    fireEvent.touchEnd(popover, { changedTouches: [{ clientX: 180, clientY: 100 }] });
    expect(screen.getByRole('grid', { name: 'March 2026' })).toBeInTheDocument();
  });

  it('does not navigate beyond the year range', async () => {
    render(
      <DatePicker
        mode="single"
        label="Visit date"
        defaultMonth={new Date(2025, 5, 1)}
        yearRange={[2026, 2027]}
      />,
    );
    await userEvent.click(trigger());
    // A default month before the range opens at the range's first month.
    expect(screen.getByRole('grid', { name: 'January 2026' })).toBeInTheDocument();
    const popover = screen.getByRole('dialog');
    fireEvent.touchStart(popover, { touches: [{ clientX: 100, clientY: 0 }] });
    fireEvent.touchEnd(popover, { changedTouches: [{ clientX: 200, clientY: 0 }] });
    expect(screen.getByRole('grid', { name: 'January 2026' })).toBeInTheDocument();
  });

  it('with a time input, enforces time limits as invalid-select', async () => {
    const onChange = vi.fn();
    const onInvalidSelect = vi.fn();
    render(
      <DatePicker
        mode="single"
        withTime
        minTime="08:00"
        maxTime="18:00"
        label="Visit date"
        defaultMonth={MARCH_2026}
        onChange={onChange}
        onInvalidSelect={onInvalidSelect}
      />,
    );
    await userEvent.click(trigger());
    const time = screen.getByLabelText('Time');
    expect(time).toBeDisabled();
    await userEvent.click(day(/March 5th, 2026/));
    // The day starts at the earliest allowed time, and the menu stays open for the time.
    expect(onChange).toHaveBeenLastCalledWith(d(5, 3, 8, 0));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.change(time, { target: { value: '07:30' } });
    expect(onInvalidSelect).toHaveBeenCalledExactlyOnceWith('time-before-min');
    fireEvent.change(time, { target: { value: '09:45' } });
    expect(onChange).toHaveBeenLastCalledWith(d(5, 3, 9, 45));
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(trigger()).toHaveTextContent('Mar 5, 2026 9:45 AM');
  });
});

describe('DatePicker range (spec §4: start, then end)', () => {
  it('picks its start, then its end, then closes', async () => {
    const onChange = vi.fn();
    render(
      <DatePicker mode="range" label="Visit date" defaultMonth={MARCH_2026} onChange={onChange} />,
    );
    await userEvent.click(trigger());
    await userEvent.click(day(/March 5th, 2026/));
    expect(onChange).toHaveBeenLastCalledWith({ from: d(5), to: undefined });
    expect(trigger()).toHaveTextContent('Mar 5, 2026 – …');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(day(/March 9th, 2026/));
    expect(onChange).toHaveBeenLastCalledWith({ from: d(5), to: d(9) });
    expect(trigger()).toHaveTextContent('Mar 5, 2026 – Mar 9, 2026');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('raises invalid-select for a range outside the length limits and keeps the start', async () => {
    const onChange = vi.fn();
    const onInvalidSelect = vi.fn();
    render(
      <DatePicker
        mode="range"
        label="Visit date"
        defaultMonth={MARCH_2026}
        rangeMinLength={3}
        rangeMaxLength={7}
        onChange={onChange}
        onInvalidSelect={onInvalidSelect}
      />,
    );
    await userEvent.click(trigger());
    await userEvent.click(day(/March 5th, 2026/));
    await userEvent.click(day(/March 6th, 2026/));
    await userEvent.click(day(/March 20th, 2026/));
    expect(onInvalidSelect.mock.calls).toEqual([['range-too-short'], ['range-too-long']]);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(trigger()).toHaveTextContent('Mar 5, 2026 – …');
    await userEvent.click(day(/March 10th, 2026/));
    expect(onChange).toHaveBeenLastCalledWith({ from: d(5), to: d(10) });
  });

  it('raises invalid-date for an end day that breaks a rule', async () => {
    const onInvalidDate = vi.fn();
    render(
      <DatePicker
        mode="range"
        label="Visit date"
        defaultMonth={MARCH_2026}
        maxDate={d(15)}
        onInvalidDate={onInvalidDate}
      />,
    );
    await userEvent.click(trigger());
    await userEvent.click(day(/March 5th, 2026/));
    await userEvent.click(day(/March 16th, 2026/));
    expect(onInvalidDate).toHaveBeenCalledExactlyOnceWith('after-max-date', d(16));
  });
});

describe('DatePicker multi', () => {
  it('adds and removes days and stays open until Done', async () => {
    const onChange = vi.fn();
    const onInvalidDate = vi.fn();
    render(
      <DatePicker
        mode="multi"
        label="Visit date"
        defaultMonth={MARCH_2026}
        allowedDates={[d(5), d(9), d(12)]}
        onChange={onChange}
        onInvalidDate={onInvalidDate}
      />,
    );
    await userEvent.click(trigger());
    await userEvent.click(day(/March 9th, 2026/));
    await userEvent.click(day(/March 5th, 2026/));
    await userEvent.click(day(/March 6th, 2026/));
    expect(onInvalidDate).toHaveBeenCalledExactlyOnceWith('not-allowed-date', d(6));
    expect(onChange).toHaveBeenLastCalledWith([d(5), d(9)]);
    await userEvent.click(day(/March 9th, 2026/));
    expect(onChange).toHaveBeenLastCalledWith([d(5)]);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger()).toHaveTextContent('Mar 5, 2026');
  });
});

describe('DatePicker month on open', () => {
  it("opens on the selected day's month", async () => {
    render(<DatePicker mode="single" label="Visit date" value={new Date(2026, 6, 14)} />);
    await userEvent.click(trigger());
    expect(screen.getByRole('grid', { name: 'July 2026' })).toBeInTheDocument();
    expect(day(/July 14th, 2026/)).toHaveAccessibleName(/selected/);
  });
});
