/*
 * Reordering a program, pure: used by the program list (drag, arrow keys on the handle, move
 * buttons), the remote PT's draft and the supervisor's corrections alike.
 */

/**
 * `ids` with `id` moved to `toIndex` (clamped to the list); the same array when it does not
 * move, so a drop in place or a move past either end sends nothing.
 */
export function moveTo<T>(ids: readonly T[], id: T, toIndex: number): readonly T[] {
  const from = ids.indexOf(id);
  if (from === -1) {
    return ids;
  }
  const to = Math.min(Math.max(toIndex, 0), ids.length - 1);
  if (to === from) {
    return ids;
  }
  const next = ids.filter((item) => item !== id);
  next.splice(to, 0, id);
  return next;
}

/** One step up (-1) or down (+1), or to either end (-Infinity, +Infinity). */
export function moveBy<T>(ids: readonly T[], id: T, delta: number): readonly T[] {
  const from = ids.indexOf(id);
  if (from === -1) {
    return ids;
  }
  const to = Number.isFinite(delta) ? from + delta : delta < 0 ? 0 : ids.length - 1;
  return moveTo(ids, id, to);
}

/** The keys that move a focused handle: arrows by one place, Home and End to either end. */
export const MOVE_KEYS: Readonly<Record<string, number>> = {
  ArrowUp: -1,
  ArrowDown: 1,
  Home: Number.NEGATIVE_INFINITY,
  End: Number.POSITIVE_INFINITY,
};

/**
 * Items in the order of `ids`, numbered from 1 as the server numbers them. Items `ids` does not
 * name keep their relative place after the named ones (a list from a stale screen).
 */
export function orderItems<T extends { id: number; order: number }>(
  items: readonly T[],
  ids: readonly number[],
): T[] {
  const rank = new Map(ids.map((id, index) => [id, index]));
  return [...items]
    .sort(
      (a, b) => (rank.get(a.id) ?? ids.length + a.order) - (rank.get(b.id) ?? ids.length + b.order),
    )
    .map((item, index) => ({ ...item, order: index + 1 }));
}

/** "Moved to place 3 of 5": what a screen reader hears after a move. */
export function placeAnnouncement(title: string, ids: readonly unknown[], id: unknown): string {
  return `${title} moved to place ${ids.indexOf(id) + 1} of ${ids.length}.`;
}
