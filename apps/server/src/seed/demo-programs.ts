/**
 * The demo clinic's home exercise programs (issue 12): each patient's program as their
 * therapist built it at onboarding and progressed it two weeks later, with every change in the
 * history; the days they ticked it off (the days their engagement minutes show); the remote PT's
 * programs approved by the supervisor, one change of his still waiting; and a question from the
 * demo patient. Built from the catalogue's photographed exercises, so every item has images.
 */
import { and, inArray, isNull } from 'drizzle-orm';
import type { HepItemState } from '@homestretch/contract/hep/history';
import type { Db } from '../db/client';
import {
  type ProposedProgramEntry,
  hepApprovalRequests,
  hepCompletions,
  hepItemEvents,
  hepItems,
  hepPatientRequests,
  videos,
} from '../db/schema';
import { localDate } from '../platform/calendar';
import type { DiagnosisCode } from './demo-people';
import type { PatientPlan } from './demo-patients';

interface Exercise {
  id: string;
  sets: number;
  reps: number;
  /** Seconds each rep is held, for the stretches whose notes say so. */
  hold?: number;
  notes?: string;
}

/** What a PT gives first for each kind of problem, then what they add when the patient progresses. */
const TEMPLATES = {
  back: {
    first: [
      { id: 'Cat_Stretch', sets: 2, reps: 10, notes: 'Move slowly with your breath.' },
      { id: 'Childs_Pose', sets: 2, reps: 3, hold: 30, notes: 'Hold 30 seconds each time.' },
      { id: 'Hug_Knees_To_Chest', sets: 2, reps: 5 },
      { id: 'Standing_Pelvic_Tilt', sets: 2, reps: 10 },
    ],
    next: { id: 'Dead_Bug', sets: 2, reps: 8, notes: 'Keep your lower back on the floor.' },
  },
  neck: {
    first: [
      {
        id: 'Chin_To_Chest_Stretch',
        sets: 2,
        reps: 5,
        hold: 20,
        notes: 'Hold 20 seconds, no bouncing.',
      },
      { id: 'Side_Neck_Stretch', sets: 2, reps: 5 },
      { id: 'Isometric_Neck_Exercise_-_Front_And_Back', sets: 2, reps: 8 },
      { id: 'Isometric_Neck_Exercise_-_Sides', sets: 2, reps: 8 },
    ],
    next: { id: 'Band_Pull_Apart', sets: 2, reps: 12 },
  },
  shoulder: {
    first: [
      { id: 'Arm_Circles', sets: 2, reps: 10, notes: 'Small circles first, within comfort.' },
      { id: 'External_Rotation_with_Band', sets: 2, reps: 12, notes: 'Elbow tucked at your side.' },
      { id: 'Chair_Upper_Body_Stretch', sets: 2, reps: 3 },
      { id: 'Band_Pull_Apart', sets: 2, reps: 10 },
    ],
    next: { id: 'Dumbbell_Scaption', sets: 2, reps: 10, notes: 'Start with 1 lb.' },
  },
  arm: {
    first: [
      { id: 'Wrist_Circles', sets: 2, reps: 10 },
      { id: 'Kneeling_Forearm_Stretch', sets: 2, reps: 3, hold: 20, notes: 'Hold 20 seconds.' },
      { id: 'Seated_Dumbbell_Palms-Up_Wrist_Curl', sets: 2, reps: 12 },
      { id: 'Triceps_Stretch', sets: 2, reps: 3 },
    ],
    next: { id: 'Seated_Dumbbell_Palms-Down_Wrist_Curl', sets: 2, reps: 12 },
  },
  knee: {
    first: [
      { id: 'Chair_Leg_Extended_Stretch', sets: 2, reps: 3, hold: 30, notes: 'Hold 30 seconds.' },
      { id: 'Front_Leg_Raises', sets: 3, reps: 10, notes: 'Tighten the thigh before lifting.' },
      { id: 'Hamstring_Stretch', sets: 2, reps: 3 },
      { id: 'Seated_Band_Hamstring_Curl', sets: 2, reps: 12 },
    ],
    next: { id: 'Sit_Squats', sets: 2, reps: 8, notes: 'Use the armrests if you need to.' },
  },
  hip: {
    first: [
      { id: 'Butt_Lift_Bridge', sets: 2, reps: 10 },
      { id: 'Leg_Lift', sets: 2, reps: 10, notes: 'Lie on your side, toes forward.' },
      { id: 'Hip_Extension_with_Bands', sets: 2, reps: 10 },
      { id: 'Knee_Across_The_Body', sets: 2, reps: 3 },
    ],
    next: { id: 'Monster_Walk', sets: 2, reps: 10 },
  },
  ankle: {
    first: [
      { id: 'Ankle_Circles', sets: 2, reps: 10 },
      { id: 'Seated_Calf_Stretch', sets: 2, reps: 3, hold: 30, notes: 'Hold 30 seconds.' },
      { id: 'Calf_Raises_-_With_Bands', sets: 2, reps: 12 },
      { id: 'Standing_Soleus_And_Achilles_Stretch', sets: 2, reps: 3 },
    ],
    next: { id: 'Balance_Board', sets: 2, reps: 3, notes: 'Next to a counter to hold on to.' },
  },
  balance: {
    first: [
      {
        id: 'Sit_Squats',
        sets: 2,
        reps: 6,
        notes: 'Stand up without using your hands if you can.',
      },
      { id: 'Calf_Raises_-_With_Bands', sets: 2, reps: 10, notes: 'Hold a counter.' },
      { id: 'Leg_Lift', sets: 2, reps: 8 },
      { id: 'Ankle_Circles', sets: 2, reps: 10 },
    ],
    next: { id: 'Balance_Board', sets: 2, reps: 3, notes: 'Only with someone nearby.' },
  },
} as const satisfies Record<string, { first: readonly Exercise[]; next: Exercise }>;

type Template = keyof typeof TEMPLATES;

/** The program each demo diagnosis gets: a clinician's choice, so falls and weakness get balance work. */
// prettier-ignore
const TEMPLATE_OF: Record<DiagnosisCode, Template> = {
  M5450: 'back', M5459: 'back', M5416: 'back', M5417: 'back', M5126: 'back', M48062: 'back',
  M4316: 'back', M542: 'neck', M50322: 'neck', S134XXD: 'neck', M7541: 'shoulder',
  M7502: 'shoulder', M75111: 'shoulder', M25512: 'shoulder', S43431D: 'shoulder', M7711: 'arm',
  G5601: 'arm', M1711: 'knee', M170: 'knee', M25561: 'knee', S83511D: 'knee', S83241D: 'knee',
  Z96651: 'knee', Z96652: 'knee', Z471: 'knee', M1612: 'hip', Z96641: 'hip', M7062: 'hip',
  M25551: 'hip', M7631: 'hip', M7661: 'ankle', M722: 'ankle', S93401D: 'ankle',
  R2681: 'balance', R262: 'balance', Z9181: 'balance', M810: 'balance', M6281: 'balance',
  I69351: 'balance', G20A1: 'balance',
};

const DAY_MS = 86_400_000;
/** Rows per insert: 7 parameters a row stays far below PostgreSQL's 65,535. */
const BATCH_ROWS = 2_000;

export interface ProgramStaff {
  therapist: number;
  remote: number;
  supervisor: number;
}

interface PlacedPlan {
  plan: PatientPlan;
  patientId: number;
}

interface ItemPlan {
  exercise: Exercise;
  videoId: number;
  order: number;
  sets: number;
  deletedAt: Date | null;
  events: {
    kind: 'added' | 'changed' | 'removed';
    at: Date;
    before: HepItemState | null;
    after: HepItemState | null;
  }[];
}

const state = (item: {
  sets: number;
  reps: number;
  hold?: number;
  order: number;
  notes?: string;
}): HepItemState => ({
  sets: item.sets,
  reps: item.reps,
  hold_seconds: item.hold ?? null,
  order: item.order,
  description: item.notes ?? '',
});

/**
 * One patient's program: the first four exercises at onboarding; two weeks on (when that has
 * come), one more set of the first and the next exercise added; three weeks on, every third
 * patient has the second exercise taken out.
 */
function planItems(
  plan: PatientPlan,
  videoIds: Map<string, number>,
  index: number,
  now: Date,
): ItemPlan[] {
  const template = TEMPLATES[TEMPLATE_OF[plan.row.selectedCode as DiagnosisCode]];
  const start = new Date((plan.row.onboardedAt as Date).getTime() + 2 * 3_600_000);
  const end = (plan.row.dischargedAt as Date | null | undefined) ?? now;
  const progressed = new Date(start.getTime() + 14 * DAY_MS);
  const trimmed = new Date(start.getTime() + 21 * DAY_MS);
  const idOf = (exercise: Exercise) => {
    const id = videoIds.get(exercise.id);
    if (id === undefined) {
      throw new Error(`Demo programs: catalogue exercise ${exercise.id} is missing`);
    }
    return id;
  };
  const items: ItemPlan[] = template.first.map((exercise, i) => ({
    exercise,
    videoId: idOf(exercise),
    order: i + 1,
    sets: exercise.sets,
    deletedAt: null,
    events: [
      { kind: 'added', at: start, before: null, after: state({ ...exercise, order: i + 1 }) },
    ],
  }));
  if (progressed < end) {
    const first = items[0]!;
    first.sets += 1;
    first.events.push({
      kind: 'changed',
      at: progressed,
      before: state({ ...first.exercise, order: 1 }),
      after: state({ ...first.exercise, sets: first.sets, order: 1 }),
    });
    const next = template.next;
    if (!items.some((item) => item.exercise.id === next.id)) {
      items.push({
        exercise: next,
        videoId: idOf(next),
        order: items.length + 1,
        sets: next.sets,
        deletedAt: null,
        events: [
          {
            kind: 'added',
            at: progressed,
            before: null,
            after: state({ ...next, order: items.length + 1 }),
          },
        ],
      });
    }
  }
  if (trimmed < end && index % 3 === 2) {
    const second = items[1]!;
    second.deletedAt = trimmed;
    second.events.push({
      kind: 'removed',
      at: trimmed,
      before: state({ ...second.exercise, order: 2 }),
      after: null,
    });
  }
  return items;
}

/** The local dates a patient exercised: the days their engagement minutes show. */
function exerciseDays(plan: PatientPlan, timeZone: string): Set<string> {
  return new Set(
    plan.samples
      .filter((sample) => sample.metric === 'engagement')
      .map((sample) => localDate(sample.recordedAt, timeZone)),
  );
}

async function insertBatches<T>(
  rows: T[],
  insert: (batch: T[]) => Promise<unknown>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    await insert(rows.slice(start, start + BATCH_ROWS));
  }
}

export async function seedDemoPrograms(
  tx: Db,
  clinic: { id: number; timeZone: string },
  placed: readonly PlacedPlan[],
  staff: ProgramStaff,
  now: Date,
): Promise<void> {
  const wanted = [
    ...new Set(Object.values(TEMPLATES).flatMap((t) => [...t.first, t.next].map((e) => e.id))),
  ];
  const catalogue = await tx
    .select({ id: videos.id, externalId: videos.externalId })
    .from(videos)
    .where(and(isNull(videos.clinicId), inArray(videos.externalId, wanted)));
  const videoIds = new Map(catalogue.map((row) => [row.externalId ?? '', row.id]));

  const events: (typeof hepItemEvents.$inferInsert)[] = [];
  const completions: (typeof hepCompletions.$inferInsert)[] = [];
  for (const [index, { plan, patientId }] of placed.entries()) {
    const byRemote = plan.team === 'remote';
    // A remote PT's programs were approved by the supervisor (his changes wait for approval).
    const actor = byRemote ? staff.supervisor : staff.therapist;
    const items = planItems(plan, videoIds, index, now);
    const approval = byRemote ? await insertApproved(tx, clinic.id, patientId, staff, items) : null;
    const days = exerciseDays(plan, clinic.timeZone);
    for (const item of items) {
      const [row] = await tx
        .insert(hepItems)
        .values({
          clinicId: clinic.id,
          patientId,
          videoId: item.videoId,
          sets: item.sets,
          reps: item.exercise.reps,
          holdSeconds: item.exercise.hold ?? null,
          order: item.order,
          description: item.exercise.notes ?? '',
          createdBy: actor,
          updatedBy: actor,
          createdAt: item.events[0]!.at,
          updatedAt: item.events.at(-1)!.at,
          approvalRequestId: approval,
          deletedAt: item.deletedAt,
        })
        .returning({ id: hepItems.id });
      const hepItemId = row!.id;
      events.push(
        ...item.events.map((event) => ({
          clinicId: clinic.id,
          patientId,
          hepItemId,
          actorUserId: actor,
          kind: event.kind,
          before: event.before,
          after: event.after,
          approvalRequestId: approval,
          createdAt: event.at,
        })),
      );
      const from = localDate(item.events[0]!.at, clinic.timeZone);
      const until = item.deletedAt ? localDate(item.deletedAt, clinic.timeZone) : '9999-12-31';
      for (const day of days) {
        if (day >= from && day < until) {
          completions.push({
            clinicId: clinic.id,
            patientId,
            hepItemId,
            completedOn: day,
            setsDone: item.sets,
          });
        }
      }
    }
  }
  await insertBatches(events, (batch) => tx.insert(hepItemEvents).values(batch));
  await insertBatches(completions, (batch) => tx.insert(hepCompletions).values(batch));
  await seedWaitingChange(tx, clinic.id, placed, staff, videoIds, now);
  await seedPatientQuestion(tx, clinic.id, placed[0], now);
}

/** The remote PT's first program for a patient, as the supervisor approved it. */
async function insertApproved(
  tx: Db,
  clinicId: number,
  patientId: number,
  staff: ProgramStaff,
  items: readonly ItemPlan[],
): Promise<number> {
  const at = items[0]!.events[0]!.at;
  const hepData: ProposedProgramEntry[] = items
    .filter((item) => item.events[0]!.at.getTime() === at.getTime())
    .map((item) => ({
      video_id: item.videoId,
      sets: item.exercise.sets,
      reps: item.exercise.reps,
      order: item.order,
      folder_id: null,
      folder_name: null,
      description: item.exercise.notes ?? '',
    }));
  const [row] = await tx
    .insert(hepApprovalRequests)
    .values({
      clinicId,
      patientId,
      requestedBy: staff.remote,
      status: 'approved',
      hepData,
      note: 'First program after the evaluation.',
      decidedBy: staff.supervisor,
      decidedAt: at,
      createdAt: new Date(at.getTime() - 3_600_000),
    })
    .returning({ id: hepApprovalRequests.id });
  return row!.id;
}

/**
 * One change of the remote PT's waiting for the supervisor: for the first patient he alone
 * treats, the program as it is plus one more exercise and a set more of the last.
 */
async function seedWaitingChange(
  tx: Db,
  clinicId: number,
  placed: readonly PlacedPlan[],
  staff: ProgramStaff,
  videoIds: Map<string, number>,
  now: Date,
): Promise<void> {
  const target = placed.find(({ plan }) => plan.team === 'remote' && !plan.row.dischargedAt);
  if (!target) {
    return;
  }
  const items = await tx
    .select()
    .from(hepItems)
    .where(and(inArray(hepItems.patientId, [target.patientId]), isNull(hepItems.deletedAt)));
  const ordered = [...items].sort((a, b) => a.order - b.order);
  const hepData: ProposedProgramEntry[] = ordered.map((item, i) => ({
    video_id: item.videoId,
    sets: i === ordered.length - 1 ? item.sets + 1 : item.sets,
    reps: item.reps,
    order: i + 1,
    folder_id: null,
    folder_name: null,
    description: item.description,
  }));
  const extra: Exercise =
    TEMPLATES[TEMPLATE_OF[target.plan.row.selectedCode as DiagnosisCode]].next;
  const extraId = videoIds.get(extra.id);
  if (extraId !== undefined && !hepData.some((entry) => entry.video_id === extraId)) {
    hepData.push({
      video_id: extraId,
      sets: extra.sets,
      reps: extra.reps,
      order: hepData.length + 1,
      folder_id: null,
      folder_name: null,
      description: extra.notes ?? '',
    });
  }
  await tx.insert(hepApprovalRequests).values({
    clinicId,
    patientId: target.patientId,
    requestedBy: staff.remote,
    hepData,
    note: 'Pain is down to 2/10; ready to progress.',
    createdAt: new Date(now.getTime() - 5 * 3_600_000),
  });
}

async function seedPatientQuestion(
  tx: Db,
  clinicId: number,
  demoPatient: PlacedPlan | undefined,
  now: Date,
): Promise<void> {
  if (!demoPatient) {
    return;
  }
  await tx.insert(hepPatientRequests).values({
    clinicId,
    patientId: demoPatient.patientId,
    content: 'The cat stretch pinches a little at the end of the movement. Should I keep going?',
    createdAt: new Date(now.getTime() - 26 * 3_600_000),
  });
}
