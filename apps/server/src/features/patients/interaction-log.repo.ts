/**
 * The interaction log (spec §3) as the patient record and the weekly report read it. Logged
 * calls with a duration are the RTM "real-time interactive communication" (domain/rtm.md).
 */
import { and, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { InteractionLog } from '@homestretch/contract/patients/interaction-log';
import type { Db } from '../../db/client';
import { interactionLogs, users } from '../../db/schema';
import { localDateTime } from '../../platform/calendar';
import type { ClinicScope } from '../../platform/context';
import { onlyRow } from '../../platform/db-errors';

const columns = {
  log: interactionLogs,
  firstName: users.firstName,
  lastName: users.lastName,
};

type LogRow = {
  log: typeof interactionLogs.$inferSelect;
  firstName: string | null;
  lastName: string | null;
};

/** A log as the API answers it, its date in the clinic's time zone. */
export function toInteractionDto(row: LogRow, timeZone: string): InteractionLog {
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
  return {
    log_id: row.log.id,
    date: localDateTime(row.log.date, timeZone),
    notes: row.log.notes,
    call_duration_seconds: row.log.callDurationSeconds,
    voice_call_id: row.log.voiceCallId,
    user_id: row.log.userId,
    user_name: name === '' ? null : name,
    created_at: row.log.createdAt.toISOString(),
  };
}

/**
 * A patient's live (not deleted) logs, newest first; within [from, to) when given, and one page
 * when `page` is given.
 */
export async function listInteractionLogs(
  db: Db,
  scope: ClinicScope,
  patientId: number,
  options: { timeZone: string; from?: Date; to?: Date; limit?: number; offset?: number },
): Promise<{ logs: InteractionLog[]; count: number }> {
  const where = and(
    eq(interactionLogs.clinicId, scope.clinicId),
    eq(interactionLogs.patientId, patientId),
    isNull(interactionLogs.deletedAt),
    options.from ? gte(interactionLogs.date, options.from) : undefined,
    options.to ? lt(interactionLogs.date, options.to) : undefined,
  );
  const query = db
    .select(columns)
    .from(interactionLogs)
    .leftJoin(users, eq(users.id, interactionLogs.userId))
    .where(where)
    .orderBy(desc(interactionLogs.date), desc(interactionLogs.id))
    .$dynamic();
  if (options.limit !== undefined) {
    query.limit(options.limit).offset(options.offset ?? 0);
  }
  const [rows, [total]] = await Promise.all([
    query,
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(interactionLogs)
      .where(where),
  ]);
  return {
    logs: rows.map((row) => toInteractionDto(row, options.timeZone)),
    count: total?.count ?? 0,
  };
}

export async function insertInteractionLog(
  db: Db,
  scope: ClinicScope,
  values: Omit<typeof interactionLogs.$inferInsert, 'clinicId'>,
): Promise<typeof interactionLogs.$inferSelect> {
  const rows = await db
    .insert(interactionLogs)
    .values({ ...values, clinicId: scope.clinicId })
    .returning();
  return onlyRow(rows, 'insert interaction_logs');
}

/** Soft delete; false when the log is not this patient's or already deleted. */
export async function markInteractionDeleted(
  db: Db,
  scope: ClinicScope,
  patientId: number,
  logId: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(interactionLogs)
    .set({ deletedAt: now })
    .where(
      and(
        eq(interactionLogs.id, logId),
        eq(interactionLogs.patientId, patientId),
        eq(interactionLogs.clinicId, scope.clinicId),
        isNull(interactionLogs.deletedAt),
      ),
    )
    .returning({ id: interactionLogs.id });
  return rows.length > 0;
}
