import { format } from 'date-fns';
import { CalendarDays } from 'lucide-react';
import { useId, useMemo, useRef, useState, type TouchEvent } from 'react';
import { cx } from './cx';
import type * as CalendarModuleType from './date-picker-calendar';
import {
  clampMonth,
  navigationBounds,
  pickMulti,
  pickRange,
  pickSingle,
  swipeMonthDelta,
  validateDate,
  validateTime,
  type DateRangeValue,
  type InvalidDateReason,
  type InvalidSelectReason,
  type PickResult,
  type RangeRules,
  type TimeRules,
} from './date-rules';
import { formatDate } from './format-date';
import { usePopover } from './popover';

export type DatePickerMode = 'single' | 'range' | 'multi';

interface DatePickerBaseProps extends RangeRules, TimeRules {
  /** Accessible name, shown above the button unless `hideLabel`. */
  label: string;
  hideLabel?: boolean;
  /** Button text while nothing is selected. */
  placeholder?: string;
  /** Spec §9: always show 6 weeks, so the popover does not change height between months. */
  fixedWeeks?: boolean;
  /** Month shown first when there is no value; defaults to the month of `today`. */
  defaultMonth?: Date;
  /**
   * The day marked as today, where it is not the browser's: the clinic's (lib/clinic-time.ts),
   * so that it is also the last day `maxDate` leaves open.
   */
  today?: Date;
  /** Spec §5: a day that breaks a rule was picked. */
  onInvalidDate?: (reason: InvalidDateReason, date: Date) => void;
  /** Spec §5: a whole selection (range length, time) was refused. */
  onInvalidSelect?: (reason: InvalidSelectReason) => void;
  /** Spec §4: the menu opens and closes. */
  onOpenChange?: (open: boolean) => void;
  disabled?: boolean;
  className?: string;
}

export type DatePickerProps = DatePickerBaseProps &
  (
    | {
        mode: 'single';
        value?: Date | null;
        onChange?: (value: Date | null) => void;
        /** Adds a time-of-day input; `minTime`/`maxTime` then apply. */
        withTime?: boolean;
      }
    | {
        mode: 'range';
        value?: DateRangeValue;
        onChange?: (value: DateRangeValue) => void;
        withTime?: never;
      }
    | {
        mode: 'multi';
        value?: Date[];
        onChange?: (value: Date[]) => void;
        withTime?: never;
      }
  );

/** One internal shape for all modes: single [day], range [from, to?], multi [...days]. */
type Days = Date[];

function toDays(props: DatePickerProps): Days {
  switch (props.mode) {
    case 'single':
      return props.value ? [props.value] : [];
    case 'range':
      return props.value?.from
        ? [props.value.from, ...(props.value.to ? [props.value.to] : [])]
        : [];
    case 'multi':
      return props.value ?? [];
  }
}

/** What the picker button reads, e.g. 'Mar 5, 2026 – Mar 9, 2026'. */
export function formatSelection(
  mode: DatePickerMode,
  days: ReadonlyArray<Date>,
  withTime = false,
): string {
  const [first, second] = days;
  if (!first) {
    return '';
  }
  switch (mode) {
    case 'single':
      return withTime ? `${formatDate(first)} ${format(first, 'h:mm a')}` : formatDate(first);
    case 'range':
      return `${formatDate(first)} – ${second ? formatDate(second) : '…'}`;
    case 'multi':
      return days.map(formatDate).join(', ');
  }
}

type CalendarModule = typeof CalendarModuleType;
let calendarModule: CalendarModule | null = null;

/**
 * The calendar (react-day-picker and its styles, about 12 KB gzip) loads when a picker is first
 * about to open, not with every screen that shows a picker's button (issue 29: the patient
 * dashboard's log and functional data have three). Asked for on hover and focus, so it is
 * usually there by the click; the first click otherwise opens once it has come.
 */
export function loadCalendar(): Promise<CalendarModule> {
  return import('./date-picker-calendar').then((module) => (calendarModule = module));
}

export function DatePicker(props: DatePickerProps) {
  const {
    mode,
    label,
    hideLabel = false,
    placeholder = 'Select a date',
    fixedWeeks = false,
    defaultMonth,
    today,
    onInvalidDate,
    onInvalidSelect,
    onOpenChange,
    disabled = false,
    className,
    minDate,
    maxDate,
    disabledDates,
    disabledWeekdays,
    disabledMonths,
    yearRange,
    allowedDates,
    rangeMinLength,
    rangeMaxLength,
    minTime,
    maxTime,
  } = props;
  const withTime = props.mode === 'single' && props.withTime === true;

  const rules: RangeRules = useMemo(
    () => ({
      minDate,
      maxDate,
      disabledDates,
      disabledWeekdays,
      disabledMonths,
      yearRange,
      allowedDates,
      rangeMinLength,
      rangeMaxLength,
    }),
    [
      minDate,
      maxDate,
      disabledDates,
      disabledWeekdays,
      disabledMonths,
      yearRange,
      allowedDates,
      rangeMinLength,
      rangeMaxLength,
    ],
  );
  const bounds = useMemo(() => navigationBounds(rules), [rules]);

  const baseId = useId();
  const labelId = `${baseId}-label`;
  const buttonId = `${baseId}-button`;
  const popoverId = `${baseId}-popover`;

  const [days, setDays] = useState<Days>(() => toDays(props));
  const [seenValue, setSeenValue] = useState(props.value);
  // Follow the parent when it replaces the value, without a sync effect.
  if (props.value !== seenValue) {
    setSeenValue(props.value);
    setDays(toDays(props));
  }

  const {
    open,
    setOpen: setOpenState,
    rootRef,
    triggerRef,
    floatingRef,
  } = usePopover({ onOpenChange });
  const [month, setMonth] = useState(() =>
    clampMonth(days[0] ?? defaultMonth ?? today ?? new Date(), bounds),
  );
  const touchStart = useRef<{ x: number; y: number } | null>(null);

  const emit = (next: Days) => {
    setDays(next);
    switch (props.mode) {
      case 'single':
        props.onChange?.(next[0] ?? null);
        return;
      case 'range':
        props.onChange?.({ from: next[0], to: next[1] });
        return;
      case 'multi':
        props.onChange?.(next);
        return;
    }
  };

  const keepTimeOf = (day: Date): Date => {
    if (!withTime) {
      return day;
    }
    const source = days[0];
    const [hours, minutes] = source
      ? [source.getHours(), source.getMinutes()]
      : (minTime ?? '00:00').split(':').map(Number);
    const withClock = new Date(day);
    withClock.setHours(hours ?? 0, minutes ?? 0, 0, 0);
    return withClock;
  };

  const handlePick = (day: Date) => {
    let result: PickResult<Days>;
    switch (mode) {
      case 'single': {
        const single = pickSingle(keepTimeOf(day), rules);
        result = single.ok ? { ...single, value: [single.value] } : single;
        break;
      }
      case 'range': {
        const range = pickRange({ from: days[0], to: days[1] }, day, rules);
        result = range.ok
          ? {
              ...range,
              value: range.value.from
                ? [range.value.from, ...(range.value.to ? [range.value.to] : [])]
                : [],
            }
          : range;
        break;
      }
      case 'multi':
        result = pickMulti(days, day, rules);
        break;
    }
    if (!result.ok) {
      if (result.event === 'invalid-date') {
        onInvalidDate?.(result.reason, day);
      } else {
        onInvalidSelect?.(result.reason);
      }
      return;
    }
    emit(result.value);
    // A time still has to be chosen after the day; multi-date picks stay open until Done.
    if (result.complete && !withTime) {
      setOpenState(false, true);
    }
  };

  const handleTimeChange = (time: string) => {
    const day = days[0];
    if (!day || time === '') {
      return;
    }
    const reason = validateTime(time, { minTime, maxTime });
    if (reason) {
      onInvalidSelect?.(reason);
      return;
    }
    const [hours = 0, minutes = 0] = time.split(':').map(Number);
    const next = new Date(day);
    next.setHours(hours, minutes, 0, 0);
    emit([next]);
  };

  const handleTouchStart = (event: TouchEvent<HTMLDivElement>) => {
    const touch = event.touches[0];
    touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  };

  const handleTouchEnd = (event: TouchEvent<HTMLDivElement>) => {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch) {
      return;
    }
    const delta = swipeMonthDelta(touch.clientX - start.x, touch.clientY - start.y);
    if (delta !== 0) {
      setMonth((current) =>
        clampMonth(new Date(current.getFullYear(), current.getMonth() + delta, 1), bounds),
      );
    }
  };

  const isUnavailable = (date: Date) => validateDate(date, rules) !== null;
  const text = formatSelection(mode, days, withTime);

  const shared = {
    month,
    onMonthChange: setMonth,
    ...(today ? { today } : {}),
    startMonth: bounds.startMonth,
    endMonth: bounds.endMonth,
    // The padding weeks show the neighbouring months' days rather than blank rows.
    fixedWeeks,
    showOutsideDays: fixedWeeks,
    captionLayout: yearRange ? ('dropdown' as const) : ('label' as const),
    modifiers: { unavailable: isUnavailable },
    modifiersClassNames: { unavailable: 'text-ink-subtle line-through opacity-60' },
    autoFocus: true,
    'aria-labelledby': labelId,
  };

  return (
    <div ref={rootRef} className={cx('relative inline-flex flex-col gap-1', className)}>
      <span id={labelId} className={hideLabel ? 'sr-only' : 'text-sm font-medium text-ink'}>
        {label}
      </span>
      <button
        ref={triggerRef}
        id={buttonId}
        type="button"
        disabled={disabled}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        aria-labelledby={`${labelId} ${buttonId}`}
        onPointerEnter={() => void loadCalendar()}
        onFocus={() => void loadCalendar()}
        onClick={() => {
          if (open) {
            setOpenState(false);
            return;
          }
          const show = () => {
            // Open on the chosen day's month, which the parent may have changed meanwhile.
            setMonth((current) => clampMonth(days[0] ?? current, bounds));
            setOpenState(true);
          };
          if (calendarModule) {
            show();
          } else {
            loadCalendar().then(show, (error: unknown) => console.error(error));
          }
        }}
        className={cx(
          'inline-flex min-h-10 items-center gap-2 rounded-control border border-line-strong bg-surface px-3 text-left text-base',
          'disabled:cursor-not-allowed disabled:bg-canvas disabled:text-ink-subtle',
          text ? 'text-ink' : 'text-ink-muted',
        )}
      >
        <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-ink-subtle" />
        <span className="truncate">{text || placeholder}</span>
      </button>
      {open && calendarModule && (
        <div
          ref={floatingRef}
          id={popoverId}
          role="dialog"
          aria-labelledby={labelId}
          onTouchStart={handleTouchStart}
          onTouchEnd={handleTouchEnd}
          className="fixed z-20 rounded-card border border-line bg-surface p-3 text-ink shadow-pop"
        >
          <calendarModule.Calendar mode={mode} days={days} shared={shared} onPick={handlePick} />
          {(withTime || mode === 'multi') && (
            <div className="mt-2 flex items-center justify-between gap-2 border-t border-line pt-2">
              {withTime ? (
                <label className="flex items-center gap-2 text-sm text-ink-muted">
                  Time
                  <input
                    type="time"
                    value={days[0] ? format(days[0], 'HH:mm') : ''}
                    min={minTime}
                    max={maxTime}
                    disabled={!days[0]}
                    onChange={(event) => handleTimeChange(event.target.value)}
                    className="min-h-10 rounded-control border border-line-strong bg-surface px-2 text-ink"
                  />
                </label>
              ) : (
                <span />
              )}
              <button
                type="button"
                onClick={() => setOpenState(false, true)}
                className="min-h-10 rounded-control bg-brand-700 px-4 text-sm font-medium text-surface hover:bg-brand-800"
              >
                Done
              </button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
