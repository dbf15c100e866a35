import type { HepEvent, HepEventKind, HepItemState } from '@homestretch/contract/hep/history';
import type { PersonRef } from '@homestretch/contract/hep/hep-item';

export const EVENT_LABELS: Record<HepEventKind, string> = {
  added: 'Added',
  changed: 'Changed',
  removed: 'Removed',
  restored: 'Restored',
  reordered: 'Moved',
};

function count(value: number, one: string, many: string): string {
  return `${value} ${value === 1 ? one : many}`;
}

function quoted(notes: string): string {
  return notes === '' ? 'no notes' : `“${notes}”`;
}

function holdText(seconds: number | null | undefined): string {
  return seconds ? count(seconds, 'second', 'seconds') : 'none';
}

function stateSummary(state: HepItemState): string {
  const hold = state.hold_seconds ? `, hold ${holdText(state.hold_seconds)}` : '';
  return `${count(state.sets, 'set', 'sets')} × ${count(state.reps, 'rep', 'reps')}${hold}, place ${state.order}`;
}

/**
 * What one change did, before → after, in a therapist's words: "Sets 3 → 4", "Notes “…” → “…”",
 * "Place 2 → 1". An addition says what was prescribed, a removal what was taken away.
 */
export function describeChange(event: Pick<HepEvent, 'kind' | 'before' | 'after'>): string[] {
  const { before, after } = event;
  if (before === null && after !== null) {
    return [stateSummary(after)];
  }
  if (after === null && before !== null) {
    return [`Was ${stateSummary(before)}`];
  }
  if (before === null || after === null) {
    return [];
  }
  const lines: string[] = [];
  if (before.sets !== after.sets) {
    lines.push(`Sets ${before.sets} → ${after.sets}`);
  }
  if (before.reps !== after.reps) {
    lines.push(`Reps ${before.reps} → ${after.reps}`);
  }
  // A change recorded before items had a hold has none on either side.
  if ((before.hold_seconds ?? null) !== (after.hold_seconds ?? null)) {
    lines.push(`Hold ${holdText(before.hold_seconds)} → ${holdText(after.hold_seconds)}`);
  }
  if (before.description !== after.description) {
    lines.push(`Notes ${quoted(before.description)} → ${quoted(after.description)}`);
  }
  if (before.order !== after.order) {
    lines.push(`Place ${before.order} → ${after.order}`);
  }
  if (lines.length === 0 && event.kind === 'restored') {
    lines.push(stateSummary(after));
  }
  return lines;
}

export function personName(person: PersonRef | null): string {
  return person ? `${person.first_name} ${person.last_name}` : 'A former colleague';
}
