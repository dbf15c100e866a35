import { describe, expect, it } from 'vitest';
import { addDays } from '../../platform/calendar';
import {
  STREAK_MAX_DAYS,
  adherencePercent,
  isComplete,
  itemsOn,
  setsOn,
  streakDays,
  ticksByDay,
  weekDays,
} from './program-rules';

const today = '2026-11-08';
// Bridge (3 sets) since October; heel slides (2 sets) from Thursday; clamshells left on Wednesday.
const bridge = { id: 1, sets: 3, addedOn: '2026-10-01', removedOn: null };
const slides = { id: 2, sets: 2, addedOn: '2026-11-05', removedOn: null };
const clams = { id: 3, sets: 1, addedOn: '2026-10-01', removedOn: '2026-11-04' };
const items = [bridge, slides, clams];

const tick = (day: string, hepItemId: number, setsDone: number) => ({ day, hepItemId, setsDone });

describe('the patient app week', () => {
  it('asks for the items in the program that day', () => {
    expect(itemsOn(items, '2026-11-03').map((item) => item.id)).toEqual([1, 3]);
    expect(itemsOn(items, '2026-11-04').map((item) => item.id)).toEqual([1]);
    expect(itemsOn(items, '2026-11-05').map((item) => item.id)).toEqual([1, 2]);
  });

  it('counts ticks up to each item’s sets only', () => {
    const ticks = ticksByDay([tick('2026-11-05', 1, 5), tick('2026-11-05', 2, 1)]);
    expect(setsOn(items, ticks, '2026-11-05')).toEqual({ asked: 5, done: 4 });
  });

  it('calls a day complete only with every set of every item ticked', () => {
    const ticks = ticksByDay([
      tick('2026-11-05', 1, 3),
      tick('2026-11-05', 2, 1),
      tick('2026-11-06', 1, 3),
      tick('2026-11-06', 2, 2),
    ]);
    expect(isComplete(items, ticks, '2026-11-05')).toBe(false);
    expect(isComplete(items, ticks, '2026-11-06')).toBe(true);
    // Nothing asked is nothing done.
    expect(isComplete([], ticks, '2026-11-06')).toBe(false);
  });

  it('shows a week of seven days, with complete and active ones', () => {
    const ticks = ticksByDay([
      tick('2026-11-01', 1, 9),
      tick('2026-11-05', 1, 1),
      tick('2026-11-06', 1, 3),
      tick('2026-11-06', 2, 2),
    ]);
    const week = weekDays(items, ticks, today);
    expect(week.map((day) => day.date)).toEqual([
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
      '2026-11-08',
    ]);
    expect(week.filter((day) => day.active).map((day) => day.date)).toEqual([
      '2026-11-05',
      '2026-11-06',
    ]);
    expect(week.filter((day) => day.complete).map((day) => day.date)).toEqual(['2026-11-06']);
  });

  it('runs Monday to Sunday, as the therapist’s weekly progress does, whatever day today is', () => {
    const ticks = ticksByDay([tick('2026-11-01', 1, 3), tick('2026-11-04', 1, 3)]);
    // Thursday: the strip starts on Monday 2 November, before the Sunday just gone, and the
    // days to come are neither done nor begun.
    const week = weekDays(items, ticks, '2026-11-05');
    expect(week.map((day) => day.date)).toEqual([
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
      '2026-11-08',
    ]);
    expect(week.filter((day) => day.complete).map((day) => day.date)).toEqual(['2026-11-04']);
    expect(week.slice(4).every((day) => !day.complete && !day.active)).toBe(true);
    // Monday is the week's first day, not its last.
    expect(weekDays(items, ticks, '2026-11-02')[0]?.date).toBe('2026-11-02');
  });

  it('gives adherence as sets ticked over sets asked in the last seven days', () => {
    // Asked: 2 and 3 Nov 4 sets each, 4 Nov 3, 5 to 8 Nov 5 each: 31. Ticked: 1, 5, and 2 of
    // the 3 ticked on Sunday (slides have 2 sets): 8.
    const ticks = ticksByDay([
      tick('2026-11-01', 1, 3),
      tick('2026-11-05', 1, 1),
      tick('2026-11-06', 1, 3),
      tick('2026-11-06', 2, 2),
      tick('2026-11-08', 2, 3),
    ]);
    expect(adherencePercent(items, ticks, today)).toBe(Math.round((100 * 8) / 31));
    expect(adherencePercent([], ticks, today)).toBe(0);
  });

  it('counts the streak back from today, or from yesterday while today is not done yet', () => {
    const done = (day: string) => [tick(day, 1, 3), tick(day, 2, 2)];
    const ticks = ticksByDay([...done('2026-11-05'), ...done('2026-11-06'), ...done('2026-11-07')]);
    expect(streakDays(items, ticks, today)).toBe(3);
    const withToday = ticksByDay([...done('2026-11-06'), ...done('2026-11-07'), ...done(today)]);
    expect(streakDays(items, withToday, today)).toBe(3);
    // A missed day ends it.
    const gap = ticksByDay([...done('2026-11-05'), ...done('2026-11-07')]);
    expect(streakDays(items, gap, today)).toBe(1);
    expect(streakDays(items, ticksByDay([]), today)).toBe(0);
  });

  it('stops counting a streak after a year', () => {
    const rows = Array.from({ length: STREAK_MAX_DAYS + 10 }, (_, back) =>
      tick(addDays(today, -back), 1, 3),
    );
    const longAgo = { ...bridge, addedOn: '2020-01-01' };
    expect(streakDays([longAgo], ticksByDay(rows), today)).toBe(STREAK_MAX_DAYS);
  });
});
