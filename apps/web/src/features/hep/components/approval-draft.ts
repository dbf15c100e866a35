import {
  NO_VIDEO_DETAILS_MESSAGE,
  type ApprovalEntry,
  type CreateApprovalRequestBody,
  type ProposedEntry,
} from '@homestretch/contract/hep/approval-request';
import {
  HEP_MAX_COUNT,
  HEP_MAX_HOLD_SECONDS,
  HEP_MIN_COUNT,
  HEP_MIN_HOLD_SECONDS,
  type HepItem,
  type HepVideo,
} from '@homestretch/contract/hep/hep-item';

/*
 * A program edited on this screen before anything is sent: the remote PT's proposal (spec §4
 * approval-request editing) and the supervisor's corrections before approving with changes. A
 * draft is the whole program, in order; each video is in it once (the contract refuses a
 * repeated one), so the video id is the entry's key.
 */

export interface DraftEntry {
  video_id: number;
  video: HepVideo;
  sets: number;
  reps: number;
  /**
   * Seconds each rep is held: the video's own when chosen in the picker, the item's in a draft
   * of the program, the proposal's in a request's.
   */
  hold_seconds: number | null;
  description: string;
  folder_id: number | null;
  folder_name: string | null;
}

/** What an entry may change: sets, reps, the hold, notes. */
export type DraftChange = Partial<
  Pick<DraftEntry, 'sets' | 'reps' | 'hold_seconds' | 'description'>
>;

export function draftFromItems(items: readonly HepItem[]): DraftEntry[] {
  return [...items]
    .sort((a, b) => a.order - b.order)
    .map((item) => ({
      video_id: item.video_id,
      video: item.video,
      sets: item.sets,
      reps: item.reps,
      hold_seconds: item.hold_seconds,
      description: item.description,
      folder_id: item.folder_id,
      folder_name: item.folder_name,
    }));
}

export function draftFromProposal(entries: readonly ProposedEntry[]): DraftEntry[] {
  return [...entries]
    .sort((a, b) => a.order - b.order)
    .map((entry) => ({
      video_id: entry.video_id,
      video: entry.video,
      sets: entry.sets,
      reps: entry.reps,
      hold_seconds: entry.hold_seconds,
      description: entry.description,
      folder_id: entry.folder_id,
      folder_name: entry.folder_name,
    }));
}

/** Appends the new entries at the end; a video already in the draft stays where it is. */
export function addToDraft(
  draft: readonly DraftEntry[],
  entries: readonly DraftEntry[],
): DraftEntry[] {
  const present = new Set(draft.map((entry) => entry.video_id));
  const fresh = entries.filter((entry) => {
    if (present.has(entry.video_id)) {
      return false;
    }
    present.add(entry.video_id);
    return true;
  });
  return [...draft, ...fresh];
}

export function removeFromDraft(draft: readonly DraftEntry[], videoId: number): DraftEntry[] {
  return draft.filter((entry) => entry.video_id !== videoId);
}

export function changeDraftEntry(
  draft: readonly DraftEntry[],
  videoId: number,
  change: DraftChange,
): DraftEntry[] {
  return draft.map((entry) => (entry.video_id === videoId ? { ...entry, ...change } : entry));
}

/** The draft in the order of `videoIds` (the order helpers' output). */
export function reorderDraft(
  draft: readonly DraftEntry[],
  videoIds: readonly number[],
): DraftEntry[] {
  const byId = new Map(draft.map((entry) => [entry.video_id, entry]));
  return videoIds.flatMap((id) => {
    const entry = byId.get(id);
    return entry ? [entry] : [];
  });
}

/** spec §3 HEP approval request entries: the draft in order, numbered from 1. */
export function toHepData(draft: readonly DraftEntry[]): ApprovalEntry[] {
  return draft.map((entry, index) => ({
    video_id: entry.video_id,
    _sets: entry.sets,
    _reps: entry.reps,
    hold_seconds: entry.hold_seconds,
    order: index + 1,
    folder_id: entry.folder_id,
    folder_name: entry.folder_name,
    description: entry.description,
  }));
}

export type ApprovalRequestResult =
  { ok: true; body: CreateApprovalRequestBody } | { ok: false; message: string };

/**
 * The request a draft makes. Spec §5 and §8: a request without video details is refused on
 * the client, before anything is sent, with exactly 'No video details provided for approval
 * request'.
 */
export function approvalRequestFor(
  patientId: number,
  draft: readonly DraftEntry[],
  note = '',
): ApprovalRequestResult {
  if (draft.length === 0) {
    return { ok: false, message: NO_VIDEO_DETAILS_MESSAGE };
  }
  const trimmed = note.trim();
  return {
    ok: true,
    body: {
      dashboard: patientId,
      hep_data: toHepData(draft),
      ...(trimmed ? { note: trimmed } : {}),
    },
  };
}

export type EntryChange = 'added' | 'changed' | 'same';

/**
 * How a draft entry differs from the program now: not in it, or another dose, notes or place
 * (1-based `place` against the item's `order`).
 */
export function entryChange(
  entry: DraftEntry,
  place: number,
  current: readonly HepItem[],
): EntryChange {
  const item = current.find((candidate) => candidate.video_id === entry.video_id);
  if (!item) {
    return 'added';
  }
  const same =
    item.sets === entry.sets &&
    item.reps === entry.reps &&
    item.hold_seconds === entry.hold_seconds &&
    item.description === entry.description &&
    item.order === place;
  return same ? 'same' : 'changed';
}

/** Items of the program now that the draft leaves out: sending it removes them. */
export function itemsLeftOut(draft: readonly DraftEntry[], current: readonly HepItem[]): HepItem[] {
  const kept = new Set(draft.map((entry) => entry.video_id));
  return current.filter((item) => !kept.has(item.video_id));
}

/** A video's own hold, brought into the program's range (1 s to 10 min); none stays none. */
export function programHold(value: number | null): number | null {
  if (value === null || !Number.isFinite(value) || value < HEP_MIN_HOLD_SECONDS) {
    return null;
  }
  return Math.min(Math.round(value), HEP_MAX_HOLD_SECONDS);
}

/** A video's own sets or reps, brought into the program's range (1 to 100). */
export function programCount(value: number): number {
  if (!Number.isFinite(value)) {
    return HEP_MIN_COUNT;
  }
  return Math.min(Math.max(Math.round(value), HEP_MIN_COUNT), HEP_MAX_COUNT);
}
