/**
 * The patient app's week of the program: which days were done, the share of sets ticked, and
 * the streak. Pure: the service loads the program's items and ticks, these functions count.
 * Days are clinic dates (YYYY-MM-DD), as ticks are stored.
 */
import { addDays, dateRange, weekOf } from '../../platform/calendar';

/** Days the adherence share counts, today last. */
export const WEEK_DAYS = 7;
/** How far back a streak is counted: a year of daily programs is as long as any lasts. */
export const STREAK_MAX_DAYS = 366;

/** A program item's life in clinic dates: in the program from `addedOn`, gone from `removedOn`. */
export interface ProgramItemSpan {
  id: number;
  sets: number;
  addedOn: string;
  removedOn: string | null;
}

/** Sets ticked, by day then by item. */
export type Ticks = ReadonlyMap<string, ReadonlyMap<number, number>>;

export function ticksByDay(rows: { day: string; hepItemId: number; setsDone: number }[]): Ticks {
  const byDay = new Map<string, Map<number, number>>();
  for (const row of rows) {
    const day = byDay.get(row.day) ?? new Map<number, number>();
    day.set(row.hepItemId, row.setsDone);
    byDay.set(row.day, day);
  }
  return byDay;
}

/** The items the patient was asked to do on `day`. */
export function itemsOn(items: readonly ProgramItemSpan[], day: string): ProgramItemSpan[] {
  return items.filter(
    (item) => item.addedOn <= day && (item.removedOn === null || item.removedOn > day),
  );
}

/** Sets asked and sets ticked on `day`; ticks beyond an item's sets do not count. */
export function setsOn(
  items: readonly ProgramItemSpan[],
  ticks: Ticks,
  day: string,
): { asked: number; done: number } {
  const ticked = ticks.get(day);
  let asked = 0;
  let done = 0;
  for (const item of itemsOn(items, day)) {
    asked += item.sets;
    done += Math.min(item.sets, ticked?.get(item.id) ?? 0);
  }
  return { asked, done };
}

/** Every set of every exercise ticked; a day without a program is never complete. */
export function isComplete(items: readonly ProgramItemSpan[], ticks: Ticks, day: string): boolean {
  const { asked, done } = setsOn(items, ticks, day);
  return asked > 0 && done === asked;
}

export interface WeekDay {
  date: string;
  complete: boolean;
  active: boolean;
}

/**
 * Today's week, Monday to Sunday: the weeks of the therapist's weekly progress (`weekOf`), so
 * patient and therapist name the same days "this week". Days to come are neither done nor begun.
 */
export function weekDays(
  items: readonly ProgramItemSpan[],
  ticks: Ticks,
  today: string,
): WeekDay[] {
  const { start, end } = weekOf(today, 0);
  return dateRange(start, end).map((date) => ({
    date,
    complete: isComplete(items, ticks, date),
    active: setsOn(items, ticks, date).done > 0,
  }));
}

/** Sets ticked over sets asked in the last WEEK_DAYS days, 0–100; 0 when nothing was asked. */
export function adherencePercent(
  items: readonly ProgramItemSpan[],
  ticks: Ticks,
  today: string,
): number {
  let asked = 0;
  let done = 0;
  for (const date of dateRange(addDays(today, -(WEEK_DAYS - 1)), today)) {
    const day = setsOn(items, ticks, date);
    asked += day.asked;
    done += day.done;
  }
  return asked === 0 ? 0 : Math.round((100 * done) / asked);
}

/**
 * Complete days in a row up to today. Today counts once it is done; until then the streak that
 * ended yesterday still stands (the day is not over).
 */
export function streakDays(items: readonly ProgramItemSpan[], ticks: Ticks, today: string): number {
  let day = isComplete(items, ticks, today) ? today : addDays(today, -1);
  let streak = 0;
  while (streak < STREAK_MAX_DAYS && isComplete(items, ticks, day)) {
    streak += 1;
    day = addDays(day, -1);
  }
  return streak;
}
