import type { ApprovalRequestDetails } from '@homestretch/contract/hep/approval-request';
import type { HepItem, HepVideo } from '@homestretch/contract/hep/hep-item';
import type { Program } from '@homestretch/contract/hep/program';
import { MovementModelSchema, type MovementModel } from '@homestretch/contract/library/movement';

/** Typed fixtures of the hep feature; apiCall checks them against the contract in every test. */
export function hepVideoFixture(
  id: number,
  title: string,
  overrides: Partial<HepVideo> = {},
): HepVideo {
  return {
    id,
    title,
    description: `How to do ${title.toLowerCase()}.`,
    body_parts: 'Back',
    source: 'clinic',
    level: null,
    video_url: `/video/${id}/file`,
    thumbnail_url: `/video/${id}/poster`,
    frame_urls: [],
    is_archived: false,
    movement_id: null,
    movement: null,
    ...overrides,
  };
}

const TITLES = ['Bird dog', 'Cat-cow stretch', 'Glute bridge', 'Pelvic tilt'];

/** Item `index` (0-based) of the demo program: ids 501…, videos 101…, in that order. */
export function hepItemFixture(index: number, overrides: Partial<HepItem> = {}): HepItem {
  return {
    id: 501 + index,
    video_id: 101 + index,
    video: hepVideoFixture(101 + index, TITLES[index] ?? `Exercise ${index + 1}`),
    sets: 3,
    reps: 10,
    hold_seconds: null,
    order: index + 1,
    folder_id: null,
    folder_name: null,
    description: index === 0 ? 'Keep your back flat.' : '',
    created_at: '2026-10-01T14:00:00.000Z',
    updated_at: '2026-10-01T14:00:00.000Z',
    updated_by: { id: 7, first_name: 'Dana', last_name: 'Reyes' },
    deleted_at: null,
    ...overrides,
  };
}

/** Patient 12's program: `count` items in order, nothing removed, no approval in play. */
export function programFixture(count = 3, overrides: Partial<Program> = {}): Program {
  return {
    patient_id: 12,
    items: Array.from({ length: count }, (_, index) => hepItemFixture(index)),
    removed: [],
    as_of: null,
    needs_approval: false,
    pending_request: null,
    last_outcome: null,
    patient_requests: [],
    ...overrides,
  };
}

/** Request 31: Marcus Bell proposes the program with the second item's reps raised to 15. */
export function approvalDetailsFixture(
  overrides: Partial<ApprovalRequestDetails> = {},
): ApprovalRequestDetails {
  const current = [hepItemFixture(0), hepItemFixture(1)];
  return {
    id: 31,
    status: 'pending',
    patient: { id: 12, first_name: 'Maria', last_name: 'Alvarez', diagnosis: 'Low back pain' },
    requested_by: { id: 9, first_name: 'Marcus', last_name: 'Bell' },
    created_at: '2026-11-19T15:00:00.000Z',
    note: 'Progressing her',
    counts: { items: 2, added: 0, changed: 1, removed: 0 },
    decided_by: null,
    decided_at: null,
    decision_note: '',
    proposed: current.map((item) => ({
      video_id: item.video_id,
      video: item.video,
      sets: item.sets,
      reps: item.order === 2 ? 15 : item.reps,
      hold_seconds: item.hold_seconds,
      order: item.order,
      folder_id: null,
      folder_name: null,
      description: item.description,
      change: item.order === 2 ? 'changed' : 'same',
    })),
    removed: [],
    current,
    ...overrides,
  };
}

/** A mini squat's movement model (contract library/movement.ts): what a figure is drawn from. */
export const miniSquatMovement: MovementModel = MovementModelSchema.parse({
  view: 'side',
  posture: 'standing',
  start: {},
  end: {
    left: { hipFlexion: 30, kneeFlexion: 60, ankleDorsiflexion: 30 },
    right: { hipFlexion: 30, kneeFlexion: 60, ankleDorsiflexion: 30 },
  },
  moving: 'both',
  counted: { joint: 'kneeFlexion', side: 'right', from: 0, to: 60 },
});
