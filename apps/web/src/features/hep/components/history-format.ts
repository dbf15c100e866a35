import type { HepEvent, HepEventKind, HepItemState } from '@homestretch/contract/hep/history';
import type { HepItem, PersonRef } from '@homestretch/contract/hep/hep-item';

export const EVENT_LABELS: Record<HepEventKind, string> = {
  added: 'Added',
  changed: 'Changed',
  removed: 'Removed',
  restored: 'Restored',
  reordered: 'Order changed',
};

function count(value: number, one: string, many: string): string {
  return `${value} ${value === 1 ? one : many}`;
}

function quoted(notes: string): string {
  return notes === '' ? 'no notes' : `“${notes}”`;
}

/** "5 seconds", or "none" for no hold. */
export function holdText(seconds: number | null | undefined): string {
  return seconds ? count(seconds, 'second', 'seconds') : 'none';
}

function stateSummary(state: HepItemState): string {
  const hold = state.hold_seconds ? `, hold ${holdText(state.hold_seconds)}` : '';
  return `${count(state.sets, 'set', 'sets')} × ${count(state.reps, 'rep', 'reps')}${hold}, place ${state.order}`;
}

/**
 * What one change did, before → after, in a therapist's words: "Sets 3 → 4", "Notes “…” → “…”",
 * "Place 2 → 1". An addition says what was prescribed, a removal what was taken away, and a
 * reorder in the program's history how many exercises it shifted besides the one moved.
 */
export function describeChange(
  event: Pick<HepEvent, 'kind' | 'before' | 'after'> & { shifted?: number },
): string[] {
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
  if (event.shifted) {
    lines.push(`${count(event.shifted, 'other exercise', 'other exercises')} shifted`);
  }
  return lines;
}

export function personName(person: PersonRef | null): string {
  return person ? `${person.first_name} ${person.last_name}` : 'A former colleague';
}

/**
 * Who last changed an item's dose, and when: the therapist who changed it, or, for a change a
 * supervisor approved, who proposed it and who approved it (issue 30: the proposer vanished).
 */
export function lastChangeNote(
  item: Pick<HepItem, 'updated_by' | 'updated_at' | 'proposed_by'>,
  formatDate: (iso: string) => string,
): string | null {
  if (!item.updated_by) {
    return null;
  }
  const on = formatDate(item.updated_at);
  return item.proposed_by
    ? `Proposed by ${personName(item.proposed_by)} · approved by ${personName(item.updated_by)} on ${on}`
    : `Last changed by ${personName(item.updated_by)} on ${on}`;
}
