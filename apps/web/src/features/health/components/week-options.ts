import { weeksAgoLabel } from '../../../lib/record-format';

/** How far back the week selectors reach from the list; the API allows up to 104. */
export const WEEKS_SHOWN = 13;

/** This week, last week, 2 weeks ago … 12 weeks ago. */
export function weekOptions(): Array<{ value: number; label: string }> {
  return Array.from({ length: WEEKS_SHOWN }, (_, weeksAgo) => ({
    value: weeksAgo,
    label: weeksAgoLabel(weeksAgo),
  }));
}
