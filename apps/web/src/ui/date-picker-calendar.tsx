import type { CSSProperties } from 'react';
import { DayButton, DayPicker, type DayButtonProps, type PropsBase } from 'react-day-picker';
import 'react-day-picker/style.css';
import type { DatePickerMode } from './date-picker';

/** Marks rule-breaking days as unavailable without disabling them, so picking one can raise
 * the invalid-date event of spec §5 instead of doing nothing. */
function RuleAwareDayButton(props: DayButtonProps) {
  return <DayButton {...props} aria-disabled={props.modifiers.unavailable || undefined} />;
}

const CALENDAR_THEME = {
  '--rdp-accent-color': 'var(--color-brand-700)',
  '--rdp-accent-background-color': 'var(--color-brand-50)',
  '--rdp-day-height': '40px',
  '--rdp-day-width': '40px',
  '--rdp-day_button-height': '38px',
  '--rdp-day_button-width': '38px',
} as CSSProperties;

export interface CalendarProps {
  mode: DatePickerMode;
  /** The picked days: single [day], range [from, to?], multi [...days]. */
  days: Date[];
  /** What every mode's DayPicker shares (month, bounds, rules, labels). */
  shared: Omit<PropsBase, 'mode' | 'selected' | 'onSelect'>;
  onPick: (day: Date) => void;
}

/** The date picker's calendar (date-picker.tsx), its own chunk with react-day-picker. */
export function Calendar({ mode, days, shared, onPick }: CalendarProps) {
  const common = {
    ...shared,
    components: { DayButton: RuleAwareDayButton },
    style: CALENDAR_THEME,
  };
  switch (mode) {
    case 'single':
      return (
        <DayPicker
          {...common}
          mode="single"
          selected={days[0]}
          onSelect={(_next, day) => onPick(day)}
        />
      );
    case 'range':
      return (
        <DayPicker
          {...common}
          mode="range"
          selected={days[0] ? { from: days[0], to: days[1] } : undefined}
          onSelect={(_next, day) => onPick(day)}
        />
      );
    case 'multi':
      return (
        <DayPicker
          {...common}
          mode="multiple"
          selected={days}
          onSelect={(_next, day) => onPick(day)}
        />
      );
  }
}
