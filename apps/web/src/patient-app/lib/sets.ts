/**
 * Sets are done in order: tapping set 3 means sets 1 to 3 are done; tapping a ticked set takes
 * it and the ones after it back (a tap by mistake). Answers the new count of sets done.
 */
export function tickSet(number: number, done: number): number {
  return number <= done ? number - 1 : number;
}
