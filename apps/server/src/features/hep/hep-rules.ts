/**
 * The rules of a patient's home exercise program (issue 12), pure: whose changes wait for a
 * supervisor, what an approved proposal changes, and how an order list moves items.
 */
import { type Role, ROLES } from '@homestretch/contract/common/enums';
import type { HepItemState } from '@homestretch/contract/hep/history';
import {
  DEFAULT_HEP_APPROVAL_ROLES,
  type TherapistApprovalStatus,
} from '@homestretch/contract/hep/supervisor-approvals';
import type { ProposedProgramEntry } from '../../db/schema';

/** The roles whose program changes wait for a supervisor, from the clinic's settings. */
export function approvalRoles(settings: Record<string, unknown>): readonly Role[] {
  const value = settings.hep_approval_roles;
  if (!Array.isArray(value)) {
    return DEFAULT_HEP_APPROVAL_ROLES;
  }
  return value.filter((role): role is Role => (ROLES as readonly unknown[]).includes(role));
}

/**
 * Whether this person's program changes wait for a supervisor: their own status when a
 * supervisor set one, else their role's (by default remote PTs do, staff therapists do not).
 * Those who decide requests never wait for one.
 */
export function needsApproval(
  user: { role: Role; hepApproval: 'required' | 'not_required' | null },
  roles: readonly Role[],
): boolean {
  if (user.role === 'admin' || user.role === 'supervisor') {
    return false;
  }
  if (user.hepApproval !== null) {
    return user.hepApproval === 'required';
  }
  return roles.includes(user.role);
}

export function therapistApprovalStatus(
  hepApproval: 'required' | 'not_required' | null,
): TherapistApprovalStatus {
  return hepApproval ?? 'role_default';
}

/** An item of the program now, as the rules see it. */
export interface CurrentItem {
  id: number;
  videoId: number;
  sets: number;
  reps: number;
  holdSeconds: number | null;
  order: number;
  description: string;
  folderId: number | null;
  folderName: string | null;
}

export function itemState(
  item: Pick<CurrentItem, 'sets' | 'reps' | 'holdSeconds' | 'order' | 'description'>,
): HepItemState {
  return {
    sets: item.sets,
    reps: item.reps,
    hold_seconds: item.holdSeconds,
    order: item.order,
    description: item.description,
  };
}

/** Items by their place in the program (the stored order may have gaps after removals). */
export function byOrder<T extends { order: number; id: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.order - b.order || a.id - b.id);
}

export type EntryChange = 'added' | 'changed' | 'same';

/**
 * The hold an approved entry gives: its own, or, when it leaves the hold out, the one the item
 * has (a request sent by a client that knows no holds must not wipe the therapist's).
 */
export function proposedHold(
  entry: Pick<ProposedProgramEntry, 'hold_seconds'>,
  item: Pick<CurrentItem, 'holdSeconds'> | undefined,
): number | null {
  return entry.hold_seconds === undefined ? (item?.holdSeconds ?? null) : entry.hold_seconds;
}

/**
 * Whether two versions of a proposal make the same program of these items: compared entry by
 * entry in their order, with the hold each gives (a request stored before entries carried holds,
 * corrected without a change, is approved as sent, not "with changes").
 */
export function sameProposal(
  a: readonly ProposedProgramEntry[],
  b: readonly ProposedProgramEntry[],
  items: readonly CurrentItem[],
): boolean {
  const byVideo = new Map(items.map((item) => [item.videoId, item]));
  const effective = (entries: readonly ProposedProgramEntry[]) =>
    JSON.stringify(
      inProposedOrder(entries).map((entry) => [
        entry.video_id,
        entry.sets,
        entry.reps,
        proposedHold(entry, byVideo.get(entry.video_id)),
        entry.folder_id,
        entry.folder_name,
        entry.description,
      ]),
    );
  return effective(a) === effective(b);
}

/** Whether an entry prescribes the item's dose and notes as they are. */
function sameDose(item: CurrentItem, entry: ProposedProgramEntry): boolean {
  return (
    item.sets === entry.sets &&
    item.reps === entry.reps &&
    item.holdSeconds === proposedHold(entry, item) &&
    item.description === entry.description
  );
}

/**
 * What one proposed entry changes: not in the program (`added`), a different dose, notes or
 * place (`changed`), or nothing. Place is compared by position, not by the stored number.
 */
export function entryChange(
  entry: ProposedProgramEntry,
  position: number,
  current: ReadonlyMap<number, { item: CurrentItem; position: number }>,
): EntryChange {
  const now = current.get(entry.video_id);
  if (!now) {
    return 'added';
  }
  return sameDose(now.item, entry) && now.position === position ? 'same' : 'changed';
}

/** The program now by video, with each item's 1-based position. */
export function currentByVideo(
  items: readonly CurrentItem[],
): Map<number, { item: CurrentItem; position: number }> {
  return new Map(
    byOrder(items).map((item, index) => [item.videoId, { item, position: index + 1 }]),
  );
}

/** A proposal's entries in the order it gives, numbered 1..n. */
export function inProposedOrder(entries: readonly ProposedProgramEntry[]): ProposedProgramEntry[] {
  return [...entries]
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => a.entry.order - b.entry.order || a.index - b.index)
    .map(({ entry }, index) => ({ ...entry, order: index + 1 }));
}

export interface ApprovalPlan {
  remove: CurrentItem[];
  add: ProposedProgramEntry[];
  change: { item: CurrentItem; entry: ProposedProgramEntry }[];
}

/**
 * What approving a proposal does to the program: items it leaves out are removed, entries for
 * videos not in the program are added, and items whose dose, notes or place differ are
 * changed. Applying the plan makes the program exactly the proposal, in its order.
 */
export function planApproval(
  items: readonly CurrentItem[],
  entries: readonly ProposedProgramEntry[],
): ApprovalPlan {
  const proposed = inProposedOrder(entries);
  const wanted = new Set(proposed.map((entry) => entry.video_id));
  const current = new Map(items.map((item) => [item.videoId, item]));
  const plan: ApprovalPlan = {
    remove: byOrder(items.filter((item) => !wanted.has(item.videoId))),
    add: [],
    change: [],
  };
  for (const entry of proposed) {
    const item = current.get(entry.video_id);
    if (!item) {
      plan.add.push(entry);
    } else if (
      !sameDose(item, entry) ||
      item.order !== entry.order ||
      item.folderId !== entry.folder_id ||
      item.folderName !== entry.folder_name
    ) {
      plan.change.push({ item, entry });
    }
  }
  return plan;
}

/**
 * Why an order list cannot be applied to the program: it must name every item in it, each once
 * (the list transforms out repeats), and nothing else. Null when it can.
 */
export function staleOrderReason(
  activeIds: readonly number[],
  orderedIds: readonly number[],
): string | null {
  const active = new Set(activeIds);
  const extra = orderedIds.find((id) => !active.has(id));
  if (extra !== undefined) {
    return `Program item ${extra} is no longer in the program`;
  }
  if (orderedIds.length !== active.size) {
    return 'The program changed since it was loaded: the order list misses items';
  }
  return null;
}

/** New order numbers (1..n) for the items whose number changes. */
export function orderUpdates(
  items: readonly { id: number; order: number }[],
  orderedIds: readonly number[],
): { id: number; from: number; to: number }[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return orderedIds.flatMap((id, index) => {
    const item = byId.get(id);
    return item && item.order !== index + 1 ? [{ id, from: item.order, to: index + 1 }] : [];
  });
}

/**
 * The items a new order moves on purpose: those outside the longest run of items that keep
 * their relative order, the rest merely shifting around them. Dragging one exercise from place
 * 1 to 6 moves that one; the five it passes only shift. Positions are 1-based places, not the
 * stored numbers (which may gap).
 */
export function movedOnPurpose(
  items: readonly { id: number; order: number }[],
  orderedIds: readonly number[],
): number[] {
  const place = new Map(byOrder(items).map((item, index) => [item.id, index]));
  const places = orderedIds.flatMap((id) => {
    const at = place.get(id);
    return at === undefined ? [] : [{ id, at }];
  });
  // Longest increasing run of old places, by patience sorting with back links.
  const tails: number[] = [];
  const back: number[] = [];
  places.forEach(({ at }, index) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((places[tails[mid] as number]?.at ?? 0) < at) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    back[index] = low > 0 ? (tails[low - 1] as number) : -1;
    tails[low] = index;
  });
  const kept = new Set<number>();
  for (let index = tails.at(-1) ?? -1; index >= 0; index = back[index] as number) {
    kept.add(index);
  }
  return places.filter((_, index) => !kept.has(index)).map(({ id }) => id);
}
