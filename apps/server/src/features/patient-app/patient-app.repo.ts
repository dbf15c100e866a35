/** The patient app's queries: always one patient's own program, ticks and questions. */
import { and, asc, eq, gt, gte, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  healthDaily,
  hepCompletions,
  hepItems,
  hepPatientRequests,
  patientTherapists,
  users,
  videos,
} from '../../db/schema';
import type { ClinicScope } from '../../platform/context';
import { hepVideoColumns } from '../hep/hep.api';

const itemColumns = {
  id: hepItems.id,
  sets: hepItems.sets,
  reps: hepItems.reps,
  holdSeconds: hepItems.holdSeconds,
  order: hepItems.order,
  description: hepItems.description,
};

const ofPatient = (scope: ClinicScope, patientId: number) =>
  and(eq(hepItems.clinicId, scope.clinicId), eq(hepItems.patientId, patientId));

const selectProgramItems = (db: Db) =>
  db
    .select({ ...itemColumns, ...hepVideoColumns })
    .from(hepItems)
    .innerJoin(videos, eq(videos.id, hepItems.videoId));

export type ProgramItemRow = Awaited<ReturnType<typeof programOfPatient>>[number];

/** The items in the patient's program now, in the order the therapist set. */
export async function programOfPatient(db: Db, scope: ClinicScope, patientId: number) {
  return selectProgramItems(db)
    .where(and(ofPatient(scope, patientId), isNull(hepItems.deletedAt)))
    .orderBy(asc(hepItems.order), asc(hepItems.id));
}

/** One item of the patient's program now; an item removed or of anyone else is not there. */
export async function findProgramItem(
  db: Db,
  scope: ClinicScope,
  patientId: number,
  hepId: number,
): Promise<ProgramItemRow | undefined> {
  const [row] = await selectProgramItems(db)
    .where(and(ofPatient(scope, patientId), eq(hepItems.id, hepId), isNull(hepItems.deletedAt)))
    .limit(1);
  return row;
}

/** Every item in the program at some time since `since`, removed ones too, for the week's counts. */
export async function programSpans(db: Db, scope: ClinicScope, patientId: number, since: Date) {
  return db
    .select({
      id: hepItems.id,
      sets: hepItems.sets,
      createdAt: hepItems.createdAt,
      updatedAt: hepItems.updatedAt,
      deletedAt: hepItems.deletedAt,
    })
    .from(hepItems)
    .where(
      and(
        ofPatient(scope, patientId),
        or(isNull(hepItems.deletedAt), gte(hepItems.deletedAt, since)),
      ),
    );
}

/** Sets ticked per item and day from `from` on; days with nothing ticked are left out. */
export async function ticksSince(db: Db, scope: ClinicScope, patientId: number, from: string) {
  return db
    .select({
      day: hepCompletions.completedOn,
      hepItemId: hepCompletions.hepItemId,
      setsDone: hepCompletions.setsDone,
    })
    .from(hepCompletions)
    .where(
      and(
        eq(hepCompletions.clinicId, scope.clinicId),
        eq(hepCompletions.patientId, patientId),
        gte(hepCompletions.completedOn, from),
        gt(hepCompletions.setsDone, 0),
      ),
    );
}

/** Sets ticked today per item of the program. */
export async function ticksOn(
  db: Db,
  scope: ClinicScope,
  patientId: number,
  day: string,
): Promise<Map<number, number>> {
  const rows = await db
    .select({ hepItemId: hepCompletions.hepItemId, setsDone: hepCompletions.setsDone })
    .from(hepCompletions)
    .where(
      and(
        eq(hepCompletions.clinicId, scope.clinicId),
        eq(hepCompletions.patientId, patientId),
        eq(hepCompletions.completedOn, day),
      ),
    );
  return new Map(rows.map((row) => [row.hepItemId, row.setsDone]));
}

/** The whole count of an item's sets ticked on a day: a repeated call changes nothing. */
export async function saveTicks(
  db: Db,
  values: {
    clinicId: number;
    patientId: number;
    hepItemId: number;
    completedOn: string;
    setsDone: number;
  },
): Promise<void> {
  await db
    .insert(hepCompletions)
    .values(values)
    .onConflictDoUpdate({
      target: [hepCompletions.hepItemId, hepCompletions.completedOn],
      set: { setsDone: values.setsDone },
    });
}

/** The day's last pain rating, from its roll-up (one row by its key); none before the first. */
export async function lastPainOn(db: Db, scope: ClinicScope, patientId: number, day: string) {
  const [row] = await db
    .select({ level: healthDaily.lastValue, recordedAt: healthDaily.lastRecordedAt })
    .from(healthDaily)
    .where(
      and(
        eq(healthDaily.clinicId, scope.clinicId),
        eq(healthDaily.patientId, patientId),
        eq(healthDaily.metric, 'pain'),
        eq(healthDaily.day, day),
      ),
    )
    .limit(1);
  return row;
}

/** The therapist who has treated the patient longest: the one the app names. */
export async function firstTreatingTherapist(db: Db, scope: ClinicScope, patientId: number) {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(patientTherapists)
    .innerJoin(users, eq(users.id, patientTherapists.userId))
    .where(
      and(
        eq(patientTherapists.clinicId, scope.clinicId),
        eq(patientTherapists.patientId, patientId),
      ),
    )
    .orderBy(asc(patientTherapists.createdAt), asc(users.id))
    .limit(1);
  return row;
}

export async function insertPatientRequest(
  db: Db,
  values: { clinicId: number; patientId: number; content: string; createdAt: Date },
) {
  const [row] = await db.insert(hepPatientRequests).values(values).returning();
  if (!row) {
    throw new Error('The question was not stored');
  }
  return row;
}
