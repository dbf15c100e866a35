import type { Dose } from '@homestretch/contract/library/catalogue-entry';

/*
 * A catalogue exercise's default dose as a therapist says it ("3 sets of 10, hold 5 s, twice a
 * day, 5 days a week, each side"), so it reads at a glance beside the figure.
 */

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "5 s", or whole minutes as minutes ("1 min"): a long stretch is timed on a clock. */
export function holdInWords(seconds: number): string {
  return seconds >= 60 && seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`;
}

function timesPerDayInWords(times: number): string {
  if (times === 1) {
    return 'once a day';
  }
  if (times === 2) {
    return 'twice a day';
  }
  return `${times} times a day`;
}

function daysPerWeekInWords(days: number): string {
  return days === 7 ? 'every day' : `${count(days, 'day', 'days')} a week`;
}

/**
 * The dose in words. With reps: "3 sets of 10" (and ", hold 5 s" when each is held); a dose of
 * holds alone (a stretch, a balance hold) counts its holds: "3 holds of 30 s".
 */
export function doseInWords(dose: Dose): string {
  const work =
    dose.reps === undefined
      ? `${count(dose.sets, 'hold', 'holds')} of ${holdInWords(dose.holdSeconds ?? 0)}`
      : [
          `${count(dose.sets, 'set', 'sets')} of ${dose.reps}`,
          ...(dose.holdSeconds === undefined ? [] : [`hold ${holdInWords(dose.holdSeconds)}`]),
        ].join(', ');
  return [
    work,
    timesPerDayInWords(dose.timesPerDay),
    daysPerWeekInWords(dose.daysPerWeek),
    ...(dose.perSide ? ['each side'] : []),
  ].join(', ');
}
