import type { HepItem } from '@homestretch/contract/hep/hep-item';
import { holdText } from './history-format';

/** What a proposed or drafted entry prescribes, and where. */
export interface ComparedEntry {
  sets: number;
  reps: number;
  hold_seconds: number | null;
  description: string;
}

/**
 * What a proposal changes in one exercise of the program now, in a supervisor's words: "Sets 2
 * → 3", "Reps 10 → 12", "Hold none → 5 seconds", "Note added", "Place 3 → 1". A "Changed" badge alone made them compare
 * the two columns line by line (issue 30). Empty for an exercise the program does not hold yet
 * (its badge says "Added") and for one that stays as it is.
 */
export function entryDifferences(
  entry: ComparedEntry,
  place: number,
  item: Pick<HepItem, 'sets' | 'reps' | 'hold_seconds' | 'description' | 'order'> | undefined,
): string[] {
  if (!item) {
    return [];
  }
  const lines: string[] = [];
  if (item.sets !== entry.sets) {
    lines.push(`Sets ${item.sets} → ${entry.sets}`);
  }
  if (item.reps !== entry.reps) {
    lines.push(`Reps ${item.reps} → ${entry.reps}`);
  }
  if (item.hold_seconds !== entry.hold_seconds) {
    lines.push(`Hold ${holdText(item.hold_seconds)} → ${holdText(entry.hold_seconds)}`);
  }
  if (item.description !== entry.description) {
    lines.push(
      item.description === ''
        ? 'Note added'
        : entry.description === ''
          ? 'Note removed'
          : 'Note changed',
    );
  }
  if (item.order !== place) {
    lines.push(`Place ${item.order} → ${place}`);
  }
  return lines;
}
