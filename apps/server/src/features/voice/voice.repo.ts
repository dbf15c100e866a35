/** Voice calls as the voice service reads and settles them, always within the caller's clinic. */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { LIVE_CALL_STATUSES } from '@homestretch/contract/voice/call-status';
import type { Db } from '../../db/client';
import { patients, users, voiceCalls } from '../../db/schema';
import type { ClinicScope } from '../../platform/context';

export type CallRow = typeof voiceCalls.$inferSelect;
export type CallWithPatient = CallRow & { patientFirstName: string; patientLastName: string };

const withPatient = {
  call: voiceCalls,
  patientFirstName: patients.firstName,
  patientLastName: patients.lastName,
};

const flatten = (row: {
  call: CallRow;
  patientFirstName: string;
  patientLastName: string;
}): CallWithPatient => ({
  ...row.call,
  patientFirstName: row.patientFirstName,
  patientLastName: row.patientLastName,
});

export async function findClinicCall(
  db: Db,
  scope: ClinicScope,
  callId: number,
): Promise<CallRow | undefined> {
  const [row] = await db
    .select()
    .from(voiceCalls)
    .where(and(eq(voiceCalls.id, callId), eq(voiceCalls.clinicId, scope.clinicId)))
    .limit(1);
  return row;
}

/** The caller's call still under way, if any. */
export async function liveCallOf(
  db: Db,
  scope: ClinicScope,
  userId: number,
): Promise<CallRow | undefined> {
  const [row] = await db
    .select()
    .from(voiceCalls)
    .where(
      and(
        eq(voiceCalls.clinicId, scope.clinicId),
        eq(voiceCalls.userId, userId),
        inArray(voiceCalls.status, [...LIVE_CALL_STATUSES]),
      ),
    )
    .orderBy(desc(voiceCalls.createdAt))
    .limit(1);
  return row;
}

/**
 * Holds the caller's row until the transaction ends: two "call" clicks at once would otherwise
 * both find no live call and both dial.
 */
export async function lockCaller(db: Db, userId: number): Promise<void> {
  await db.execute(sql`select ${users.id} from ${users} where ${users.id} = ${userId} for update`);
}

export async function insertCall(db: Db, values: typeof voiceCalls.$inferInsert): Promise<CallRow> {
  const [row] = await db.insert(voiceCalls).values(values).returning();
  if (!row) {
    throw new Error('insert voice_calls returned nothing');
  }
  return row;
}

export async function setProviderCallId(
  db: Db,
  callId: number,
  providerCallId: string,
): Promise<void> {
  await db.update(voiceCalls).set({ providerCallId }).where(eq(voiceCalls.id, callId));
}

/**
 * Writes a call's new state if it is still live; undefined when it had ended already (another
 * poll settled it first), so what follows an end happens once.
 */
export async function updateLiveCall(
  db: Db,
  callId: number,
  values: Partial<typeof voiceCalls.$inferInsert>,
): Promise<CallRow | undefined> {
  const [row] = await db
    .update(voiceCalls)
    .set(values)
    .where(and(eq(voiceCalls.id, callId), inArray(voiceCalls.status, [...LIVE_CALL_STATUSES])))
    .returning();
  return row;
}

/** The caller's latest calls, with the patients' names, and how many they have placed. */
export async function recentCalls(
  db: Db,
  scope: ClinicScope,
  userId: number,
  limit: number,
): Promise<{ rows: CallWithPatient[]; count: number }> {
  const where = and(eq(voiceCalls.clinicId, scope.clinicId), eq(voiceCalls.userId, userId));
  const [rows, [total]] = await Promise.all([
    db
      .select(withPatient)
      .from(voiceCalls)
      .innerJoin(patients, eq(patients.id, voiceCalls.patientId))
      .where(and(where, sql`${patients.status} <> 'removed'`))
      .orderBy(desc(voiceCalls.createdAt), desc(voiceCalls.id))
      .limit(limit),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(voiceCalls)
      .innerJoin(patients, eq(patients.id, voiceCalls.patientId))
      .where(and(where, sql`${patients.status} <> 'removed'`)),
  ]);
  return { rows: rows.map(flatten), count: total?.count ?? 0 };
}
