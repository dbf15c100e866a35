/**
 * The demo clinic's home exercise programs (issue 12): each patient's program as their
 * therapist built it at onboarding and progressed it two weeks later, with every change in the
 * history; the days they ticked it off (the days their engagement minutes show); the remote PT's
 * programs approved by the supervisor, one change of his still waiting; and a question from the
 * demo patient. Built from the physical-therapy catalogue (issue 32), so each program fits its
 * patient's diagnosis and phase and draws its figure (but the arm's, noted below).
 */
import { and, inArray, isNull } from 'drizzle-orm';
import type { HepItemState } from '@homestretch/contract/hep/history';
import type { Db } from '../db/client';
import { PT_CATALOGUE } from '../features/library/library.api';
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
  /** Seconds each rep is held. */
  hold?: number;
  notes?: string;
}

/** A template's exercise: a catalogue id at its catalogue dose, or with the therapist's own. */
type TemplatePick = string | (Partial<Exercise> & { id: string });

interface Template {
  /** Given at onboarding: the condition's early-phase exercises. */
  first: readonly TemplatePick[];
  /** Added two weeks on: a harder version of one of the first (its `harder` link). */
  next: TemplatePick;
}

/**
 * What a PT gives first for each condition, from the physical-therapy catalogue's early-phase
 * exercises tagged for it (pt-catalogue/), then the progression they add two weeks later.
 */
const TEMPLATES = {
  back: {
    first: [
      { id: 'cat-camel', sets: 2, notes: 'Move slowly with your breath.' },
      { id: 'knee-to-chest', sets: 2, reps: 5, notes: 'Only as far as is comfortable.' },
      'pelvic-tilt',
      'lower-trunk-rotation',
    ],
    next: { id: 'abdominal-brace', notes: 'Keep breathing while you hold.' },
  },
  neck: {
    first: ['chin-tuck', 'neck-rotation', 'levator-scapulae-stretch', 'scapular-squeeze'],
    next: 'band-row',
  },
  impingement: {
    first: [
      { id: 'pendulum', notes: 'Let the arm hang and swing; do not lift it.' },
      'table-slide',
      'isometric-external-rotation',
      'scapular-squeeze',
    ],
    next: 'wall-slide',
  },
  frozenShoulder: {
    first: ['pendulum', 'table-slide', 'finger-wall-walk', 'assisted-external-rotation'],
    next: 'wall-slide',
  },
  cuffRepair: {
    first: [
      { id: 'pendulum', notes: 'Out of the sling for this only, as we practised.' },
      'table-slide',
      'supine-assisted-flexion',
      'elbow-bend-range',
    ],
    next: 'assisted-external-rotation',
  },
  /**
   * The catalogue has no elbow, wrist or hand exercises yet: these are the photographed wrist
   * exercises of the strength and conditioning collection, as a therapist would pick them there.
   */
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
    first: ['quad-set', 'straight-leg-raise', 'heel-slide', 'seated-knee-extension'],
    next: 'terminal-knee-extension',
  },
  kneeReplacement: {
    first: [
      { id: 'quad-set', notes: 'Tighten the thigh before lifting anything.' },
      'heel-slide',
      'ankle-pumps',
      { id: 'heel-prop', notes: 'Let the knee straighten; no pillow under it.' },
    ],
    next: 'straight-leg-raise',
  },
  acl: {
    first: ['quad-set', 'heel-slide', 'heel-prop', 'ankle-pumps'],
    next: 'terminal-knee-extension',
  },
  hip: {
    first: ['clamshell', 'glute-set', 'bridge', 'standing-hip-abduction'],
    next: 'side-lying-hip-abduction',
  },
  hipReplacement: {
    first: ['glute-set', 'ankle-pumps', 'standing-hip-abduction', 'standing-hip-extension'],
    next: { id: 'bridge', notes: 'Lift only as high as is comfortable.' },
  },
  ankle: {
    first: ['ankle-alphabet', 'ankle-pumps', 'seated-heel-raise', 'towel-calf-stretch'],
    next: { id: 'calf-raise', notes: 'Hold the counter.' },
  },
  heel: {
    first: ['plantar-fascia-stretch', 'towel-calf-stretch', 'seated-heel-raise', 'towel-scrunch'],
    next: 'calf-raise',
  },
  balance: {
    first: [
      { id: 'feet-together-stance', notes: 'At the counter, with someone nearby.' },
      'weight-shift',
      'seated-march',
      { id: 'sit-to-stand', sets: 2, reps: 6, notes: 'Stand up without your hands if you can.' },
    ],
    next: { id: 'tandem-stance', notes: 'Only with someone nearby.' },
  },
} as const satisfies Record<string, Template>;

type TemplateName = keyof typeof TEMPLATES;

/**
 * The program each demo diagnosis gets: a clinician's choice, so falls and weakness get balance
 * work, a shoulder or meniscus without a named condition that of the nearest one, and aftercare
 * after a joint replacement (Z47.1) the knee replacement's, the joint its record names.
 */
// prettier-ignore
const TEMPLATE_OF: Record<DiagnosisCode, TemplateName> = {
  M5450: 'back', M5459: 'back', M5416: 'back', M5417: 'back', M5126: 'back', M48062: 'back',
  M4316: 'back', M542: 'neck', M50322: 'neck', S134XXD: 'neck', M7541: 'impingement',
  M7502: 'frozenShoulder', M75111: 'cuffRepair', M25512: 'impingement', S43431D: 'impingement',
  M7711: 'arm', G5601: 'arm', M1711: 'knee', M170: 'knee', M25561: 'knee', S83511D: 'acl',
  S83241D: 'knee', Z96651: 'kneeReplacement', Z96652: 'kneeReplacement', Z471: 'kneeReplacement',
  M1612: 'hip', Z96641: 'hipReplacement', M7062: 'hip', M25551: 'hip', M7631: 'hip',
  M7661: 'heel', M722: 'heel', S93401D: 'ankle', R2681: 'balance', R262: 'balance',
  Z9181: 'balance', M810: 'balance', M6281: 'balance', I69351: 'balance', G20A1: 'balance',
};

const CATALOGUE_DOSES = new Map(PT_CATALOGUE.map((entry) => [entry.id, entry.dose]));

/**
 * A template's exercise as prescribed: the catalogue's dose (a hold-only stretch counts its
 * holds as reps, as the library lists it), unless the template gives its own.
 */
function exerciseOf(pick: TemplatePick): Exercise {
  const given = typeof pick === 'string' ? { id: pick } : pick;
  const dose = CATALOGUE_DOSES.get(given.id);
  const sets = given.sets ?? dose?.sets;
  const reps = given.reps ?? dose?.reps ?? (dose?.holdSeconds === undefined ? undefined : 1);
  if (sets === undefined || reps === undefined) {
    throw new Error(`Demo programs: ${given.id} has no catalogue dose and the template gives none`);
  }
  return {
    id: given.id,
    sets,
    reps,
    ...((given.hold ?? dose?.holdSeconds) === undefined
      ? {}
      : { hold: given.hold ?? dose?.holdSeconds }),
    ...(given.notes === undefined ? {} : { notes: given.notes }),
  };
}

function templateOf(code: string): { first: Exercise[]; next: Exercise } {
  const template: Template = TEMPLATES[TEMPLATE_OF[code as DiagnosisCode]];
  return { first: template.first.map(exerciseOf), next: exerciseOf(template.next) };
}

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
  const template = templateOf(plan.row.selectedCode ?? '');
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
    ...new Set(
      Object.values(TEMPLATES).flatMap((template: Template) =>
        [...template.first, template.next].map((pick) =>
          typeof pick === 'string' ? pick : pick.id,
        ),
      ),
    ),
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
  const extra = templateOf(target.plan.row.selectedCode ?? '').next;
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
