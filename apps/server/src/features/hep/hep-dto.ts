/** Rows of the program's tables as the contract answers them. */
import type {
  ApprovalRequestSummary,
  ProposedEntry,
} from '@homestretch/contract/hep/approval-request';
import type { HepItem, PersonRef } from '@homestretch/contract/hep/hep-item';
import type { HepEvent } from '@homestretch/contract/hep/history';
import type { PatientHepRequest } from '@homestretch/contract/hep/program';
import type { ProposedProgramEntry } from '../../db/schema';
import {
  type CurrentItem,
  currentByVideo,
  entryChange,
  inProposedOrder,
  proposedHold,
} from './hep-rules';
import { type HepVideoRow, toHepVideo } from './hep-video';
import type { RequestRow } from './approvals.repo';
import type { EventRow, ItemRow, PatientRequestRow } from './hep.repo';

export function personRef(
  id: number | null,
  firstName: string | null,
  lastName: string | null,
): PersonRef | null {
  return id === null ? null : { id, first_name: firstName ?? '', last_name: lastName ?? '' };
}

/** An item; `position` is its 1-based place when listed in a program (stored numbers may gap). */
export function toHepItem(row: ItemRow, position?: number): HepItem {
  return {
    id: row.id,
    video_id: row.videoId,
    video: toHepVideo(row),
    sets: row.sets,
    reps: row.reps,
    hold_seconds: row.holdSeconds,
    order: position ?? row.order,
    folder_id: row.folderId,
    folder_name: row.folderName,
    description: row.description,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    updated_by: personRef(row.updatedById, row.updatedByFirstName, row.updatedByLastName),
    proposed_by: personRef(row.proposedById, row.proposedByFirstName, row.proposedByLastName),
    deleted_at: row.deletedAt?.toISOString() ?? null,
  };
}

export function toHepEvent(row: EventRow): HepEvent {
  return {
    id: row.id,
    hep_id: row.hepItemId,
    kind: row.kind,
    at: row.at.toISOString(),
    actor: personRef(row.actorId, row.actorFirstName, row.actorLastName),
    approval_request_id: row.approvalRequestId,
    before: row.before,
    after: row.after,
  };
}

export function toPatientHepRequest(row: PatientRequestRow): PatientHepRequest {
  return {
    id: row.id,
    request_content: row.content,
    created_at: row.createdAt.toISOString(),
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    resolved_by: personRef(row.resolverId, row.resolverFirstName, row.resolverLastName),
  };
}

export function asCurrentItem(row: ItemRow): CurrentItem {
  return {
    id: row.id,
    videoId: row.videoId,
    sets: row.sets,
    reps: row.reps,
    holdSeconds: row.holdSeconds,
    order: row.order,
    description: row.description,
    folderId: row.folderId,
    folderName: row.folderName,
  };
}

/** What the request proposes now: the supervisor's version once approved with changes. */
export function proposedEntries(row: RequestRow): ProposedProgramEntry[] {
  return row.decidedData ?? row.hepData;
}

/** The proposal's entries with their videos, each marked against the program now. */
export function toProposedEntries(
  entries: readonly ProposedProgramEntry[],
  videosById: ReadonlyMap<number, HepVideoRow>,
  items: readonly ItemRow[],
): ProposedEntry[] {
  const current = currentByVideo(items.map(asCurrentItem));
  return inProposedOrder(entries).flatMap((entry, index) => {
    const video = videosById.get(entry.video_id);
    return video
      ? [
          {
            video_id: entry.video_id,
            video: toHepVideo(video),
            sets: entry.sets,
            reps: entry.reps,
            hold_seconds: proposedHold(entry, current.get(entry.video_id)?.item),
            order: entry.order,
            folder_id: entry.folder_id,
            folder_name: entry.folder_name,
            description: entry.description,
            change: entryChange(entry, index + 1, current),
          },
        ]
      : [];
  });
}

export function toRequestSummary(
  row: RequestRow,
  proposed: readonly ProposedEntry[],
  removedCount: number,
): ApprovalRequestSummary {
  return {
    id: row.id,
    status: row.status,
    patient: {
      id: row.patientId,
      first_name: row.patientFirstName,
      last_name: row.patientLastName,
      diagnosis: row.patientDiagnosis,
    },
    requested_by: personRef(row.requesterId, row.requesterFirstName, row.requesterLastName),
    created_at: row.createdAt.toISOString(),
    note: row.note,
    counts: {
      items: proposed.length,
      added: proposed.filter((entry) => entry.change === 'added').length,
      changed: proposed.filter((entry) => entry.change === 'changed').length,
      removed: removedCount,
    },
    decided_by: personRef(row.deciderId, row.deciderFirstName, row.deciderLastName),
    decided_at: row.decidedAt?.toISOString() ?? null,
    decision_note: row.decisionNote,
  };
}
