import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { HealthMetric } from '@homestretch/contract/common/enums';
import type { Db } from '../../db/client';
import { prepared } from '../../platform/prepared';
import {
  bannerSnoozes,
  functionalDataEntries,
  functionalDataTypes,
  healthDaily,
  healthSamples,
  hepCompletions,
  hepItems,
  interactionLogs,
  patients,
} from '../../db/schema';
import type { ClinicScope } from '../../platform/context';
import { onlyRow } from '../../platform/db-errors';
import type { DailyAggregate, DailyBucket } from './rollup';
import type { NormalisedSample } from './sample-rules';

// ── Ingest ───────────────────────────────────────────────────────────────────

/**
 * Stores the samples whose id the patient has not sent before and answers those (the rest are
 * retries). The unique (patient, sample id) key makes this safe against concurrent uploads too.
 */
export async function insertNewSamples(
  db: Db,
  scope: ClinicScope,
  patientId: number,
  samples: NormalisedSample[],
): Promise<Set<string>> {
  if (samples.length === 0) {
    return new Set();
  }
  // A fixed order (by id) keeps two concurrent uploads of overlapping samples from deadlocking.
  const ordered = [...samples].sort((a, b) => (a.sampleId < b.sampleId ? -1 : 1));
  const rows = await db
    .insert(healthSamples)
    .values(
      ordered.map((sample) => ({
        clinicId: scope.clinicId,
        patientId,
        sampleId: sample.sampleId,
        metric: sample.metric,
        recordedAt: sample.recordedAt,
        value: sample.value,
        secondaryValue: sample.secondaryValue,
        unit: sample.unit,
        source: sample.source,
      })),
    )
    .onConflictDoNothing({ target: [healthSamples.patientId, healthSamples.sampleId] })
    .returning({ sampleId: healthSamples.sampleId });
  return new Set(rows.map((row) => row.sampleId));
}

/**
 * Adds new samples' buckets into the daily roll-ups in one atomic upsert: the SQL twin of
 * `mergeAggregates` (rollup.ts), so concurrent uploads for the same day both count.
 */
export async function addToDailyRollups(
  db: Db,
  scope: ClinicScope,
  patientId: number,
  buckets: DailyBucket[],
): Promise<void> {
  if (buckets.length === 0) {
    return;
  }
  // Same fixed order for the roll-up rows: concurrent upserts lock them in one order.
  const ordered = [...buckets].sort((a, b) =>
    a.metric === b.metric ? (a.day < b.day ? -1 : 1) : a.metric < b.metric ? -1 : 1,
  );
  await db
    .insert(healthDaily)
    .values(
      ordered.map(({ metric, day, aggregate }) => ({
        clinicId: scope.clinicId,
        patientId,
        metric,
        day,
        ...aggregate,
      })),
    )
    .onConflictDoUpdate({
      target: [healthDaily.patientId, healthDaily.metric, healthDaily.day],
      set: {
        count: sql`${healthDaily.count} + excluded.count`,
        sum: sql`${healthDaily.sum} + excluded.sum`,
        min: sql`least(${healthDaily.min}, excluded.min)`,
        max: sql`greatest(${healthDaily.max}, excluded.max)`,
        secondarySum: sql`case when ${healthDaily.secondarySum} is null and excluded.secondary_sum is null then null else coalesce(${healthDaily.secondarySum}, 0) + coalesce(excluded.secondary_sum, 0) end`,
        lastValue: sql`case when excluded.last_recorded_at >= ${healthDaily.lastRecordedAt} then excluded.last_value else ${healthDaily.lastValue} end`,
        lastRecordedAt: sql`greatest(${healthDaily.lastRecordedAt}, excluded.last_recorded_at)`,
      },
    });
}

/** The patient's last activity moves forward only. */
export async function touchLastActivity(
  db: Db,
  scope: ClinicScope,
  patientId: number,
  at: Date,
): Promise<void> {
  const instant = at.toISOString();
  await db
    .update(patients)
    .set({
      lastActivityAt: sql`greatest(coalesce(${patients.lastActivityAt}, ${instant}::timestamptz), ${instant}::timestamptz)`,
    })
    .where(and(eq(patients.id, patientId), eq(patients.clinicId, scope.clinicId)));
}

// ── Reading the roll-ups ─────────────────────────────────────────────────────

export interface DailyRow extends DailyAggregate {
  metric: HealthMetric;
  day: string;
}

/** One roll-up as the database packs it: [metric, day, count, sum, min, max, secondary sum,
 * last value, last recorded at (epoch ms)]. */
type PackedDaily = [
  HealthMetric,
  string,
  number,
  number,
  number,
  number,
  number | null,
  number,
  number,
];

/**
 * The roll-ups of the range as one JSON array in one row. A 90-day chart is some 800 roll-ups:
 * on the embedded database, decoding them as rows cost three times the query (bench/, issue 9);
 * PostgreSQL builds the array as fast as it sends rows. Metrics sort bytewise (`C`), the same on
 * every database whatever its collation.
 */
const packedDaily = sql<PackedDaily[] | null>`json_agg(json_build_array(
  ${healthDaily.metric}, ${healthDaily.day}, ${healthDaily.count}, ${healthDaily.sum},
  ${healthDaily.min}, ${healthDaily.max}, ${healthDaily.secondarySum}, ${healthDaily.lastValue},
  (extract(epoch from ${healthDaily.lastRecordedAt}) * 1000)::float8
) order by ${healthDaily.metric} collate "C", ${healthDaily.day})`;

function unpackDaily(packed: PackedDaily[] | null | undefined): DailyRow[] {
  return (packed ?? []).map(
    ([metric, day, count, sum, min, max, secondarySum, lastValue, lastRecordedAt]) => ({
      metric,
      day,
      count,
      sum,
      min,
      max,
      secondarySum,
      lastValue,
      lastRecordedAt: new Date(lastRecordedAt),
    }),
  );
}

/** Daily roll-ups between two local dates (both included), by metric then day. */
export async function dailyRollups(
  db: Db,
  scope: ClinicScope,
  patientId: number,
  range: { from: string; to: string },
  metrics?: HealthMetric[],
): Promise<DailyRow[]> {
  const where = [
    eq(healthDaily.clinicId, sql.placeholder('clinicId')),
    eq(healthDaily.patientId, sql.placeholder('patientId')),
    gte(healthDaily.day, sql.placeholder('from')),
    lte(healthDaily.day, sql.placeholder('to')),
  ];
  const values = { clinicId: scope.clinicId, patientId, from: range.from, to: range.to };
  if (metrics) {
    const [row] = await db
      .select({ packed: packedDaily })
      .from(healthDaily)
      .where(and(...where, inArray(healthDaily.metric, metrics)))
      .execute(values);
    return unpackDaily(row?.packed);
  }
  // Every chart of the patient record reads all metrics at once: planned once per connection.
  const [row] = await prepared(db, 'daily_rollups', (handle, name) =>
    handle
      .select({ packed: packedDaily })
      .from(healthDaily)
      .where(and(...where))
      .prepare(name),
  ).execute(values);
  return unpackDaily(row?.packed);
}

/** The last day with any roll-up. */
export async function lastRollupDay(
  db: Db,
  scope: ClinicScope,
  patientId: number,
): Promise<string | null> {
  const [row] = await db
    .select({ day: sql<string | null>`max(${healthDaily.day})::text` })
    .from(healthDaily)
    .where(and(eq(healthDaily.clinicId, scope.clinicId), eq(healthDaily.patientId, patientId)));
  return row?.day ?? null;
}

// ── Program and adherence ────────────────────────────────────────────────────

export async function programItems(
  db: Db,
  scope: ClinicScope,
  patientId: number,
): Promise<{ createdAt: Date; deletedAt: Date | null }[]> {
  return db
    .select({ createdAt: hepItems.createdAt, deletedAt: hepItems.deletedAt })
    .from(hepItems)
    .where(and(eq(hepItems.clinicId, scope.clinicId), eq(hepItems.patientId, patientId)));
}

/**
 * Program items done per local date (completions are stored by date): every set ticked. The app
 * keeps a row for an item partly ticked, or ticked and unticked again, which is not done.
 */
export async function completionsByDay(
  db: Db,
  scope: ClinicScope,
  patientId: number,
  range: { from: string; to: string },
): Promise<Map<string, number>> {
  const rows = await db
    .select({ day: hepCompletions.completedOn, count: sql<number>`count(*)::int` })
    .from(hepCompletions)
    .innerJoin(hepItems, eq(hepItems.id, hepCompletions.hepItemId))
    .where(
      and(
        eq(hepCompletions.clinicId, scope.clinicId),
        eq(hepCompletions.patientId, patientId),
        gte(hepCompletions.completedOn, range.from),
        lte(hepCompletions.completedOn, range.to),
        gte(hepCompletions.setsDone, hepItems.sets),
      ),
    )
    .groupBy(hepCompletions.completedOn);
  return new Map(rows.map((row) => [row.day, Number(row.count)]));
}

export async function lastCompletionDay(
  db: Db,
  scope: ClinicScope,
  patientId: number,
): Promise<string | null> {
  const [row] = await db
    .select({ day: sql<string | null>`max(${hepCompletions.completedOn})::text` })
    .from(hepCompletions)
    .where(
      and(
        eq(hepCompletions.clinicId, scope.clinicId),
        eq(hepCompletions.patientId, patientId),
        // A tick taken back is no exercise.
        gt(hepCompletions.setsDone, 0),
      ),
    );
  return row?.day ?? null;
}

// ── Monitoring time and calls ────────────────────────────────────────────────

/** A logged call with a duration in [from, to): the RTM interactive communication. */
export async function hasLoggedCall(
  db: Db,
  scope: ClinicScope,
  patientId: number,
  range: { from: Date; to: Date },
): Promise<boolean> {
  const rows = await db
    .select({ id: interactionLogs.id })
    .from(interactionLogs)
    .where(
      and(
        eq(interactionLogs.clinicId, scope.clinicId),
        eq(interactionLogs.patientId, patientId),
        isNull(interactionLogs.deletedAt),
        gt(interactionLogs.callDurationSeconds, 0),
        gte(interactionLogs.date, range.from),
        lt(interactionLogs.date, range.to),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

// ── Functional data ──────────────────────────────────────────────────────────

export type FunctionalTypeRow = typeof functionalDataTypes.$inferSelect;
export type FunctionalEntryRow = typeof functionalDataEntries.$inferSelect;

export async function functionalTypes(
  db: Db,
  scope: ClinicScope,
  patientId: number,
): Promise<FunctionalTypeRow[]> {
  return db
    .select()
    .from(functionalDataTypes)
    .where(
      and(
        eq(functionalDataTypes.clinicId, scope.clinicId),
        eq(functionalDataTypes.patientId, patientId),
      ),
    )
    .orderBy(asc(functionalDataTypes.createdAt), asc(functionalDataTypes.id));
}

export async function functionalEntries(
  db: Db,
  scope: ClinicScope,
  datatypeIds: number[],
  range?: { from: string; to: string },
): Promise<FunctionalEntryRow[]> {
  if (datatypeIds.length === 0) {
    return [];
  }
  return db
    .select()
    .from(functionalDataEntries)
    .where(
      and(
        eq(functionalDataEntries.clinicId, scope.clinicId),
        inArray(functionalDataEntries.datatypeId, datatypeIds),
        range ? gte(functionalDataEntries.recordedOn, range.from) : undefined,
        range ? lte(functionalDataEntries.recordedOn, range.to) : undefined,
      ),
    )
    .orderBy(asc(functionalDataEntries.recordedOn));
}

export async function insertFunctionalType(
  db: Db,
  scope: ClinicScope,
  values: Omit<typeof functionalDataTypes.$inferInsert, 'clinicId'>,
): Promise<FunctionalTypeRow> {
  const rows = await db
    .insert(functionalDataTypes)
    .values({ ...values, clinicId: scope.clinicId })
    .returning();
  return onlyRow(rows, 'insert functional_data_types');
}

export async function updateFunctionalType(
  db: Db,
  scope: ClinicScope,
  id: number,
  changes: { name?: string; unit?: string },
): Promise<void> {
  if (Object.keys(changes).length > 0) {
    await db
      .update(functionalDataTypes)
      .set(changes)
      .where(and(eq(functionalDataTypes.id, id), eq(functionalDataTypes.clinicId, scope.clinicId)));
  }
}

/** The measure's entries become exactly `entries`. */
export async function replaceFunctionalEntries(
  db: Db,
  scope: ClinicScope,
  type: FunctionalTypeRow,
  entries: { value: number; date: string }[],
  createdBy: number,
): Promise<void> {
  await db.delete(functionalDataEntries).where(eq(functionalDataEntries.datatypeId, type.id));
  if (entries.length > 0) {
    await db.insert(functionalDataEntries).values(
      entries.map((entry) => ({
        clinicId: scope.clinicId,
        patientId: type.patientId,
        datatypeId: type.id,
        value: entry.value,
        recordedOn: entry.date,
        createdBy,
      })),
    );
  }
}

// ── Banner snoozes ───────────────────────────────────────────────────────────

export async function liveSnoozes(
  db: Db,
  scope: ClinicScope,
  patientId: number,
  userId: number,
  now: Date,
): Promise<{ banner: string; snoozedUntil: Date }[]> {
  return db
    .select({ banner: bannerSnoozes.banner, snoozedUntil: bannerSnoozes.snoozedUntil })
    .from(bannerSnoozes)
    .where(
      and(
        eq(bannerSnoozes.clinicId, scope.clinicId),
        eq(bannerSnoozes.patientId, patientId),
        eq(bannerSnoozes.userId, userId),
        gt(bannerSnoozes.snoozedUntil, now),
      ),
    )
    .orderBy(asc(bannerSnoozes.banner));
}

export async function deleteSnooze(
  db: Db,
  scope: ClinicScope,
  values: { patientId: number; userId: number; banner: string },
): Promise<boolean> {
  const deleted = await db
    .delete(bannerSnoozes)
    .where(
      and(
        eq(bannerSnoozes.clinicId, scope.clinicId),
        eq(bannerSnoozes.patientId, values.patientId),
        eq(bannerSnoozes.userId, values.userId),
        eq(bannerSnoozes.banner, values.banner),
      ),
    )
    .returning({ banner: bannerSnoozes.banner });
  return deleted.length > 0;
}

export async function upsertSnooze(
  db: Db,
  values: { clinicId: number; patientId: number; userId: number; banner: string; until: Date },
): Promise<void> {
  await db
    .insert(bannerSnoozes)
    .values({
      clinicId: values.clinicId,
      patientId: values.patientId,
      userId: values.userId,
      banner: values.banner,
      snoozedUntil: values.until,
    })
    .onConflictDoUpdate({
      target: [bannerSnoozes.patientId, bannerSnoozes.userId, bannerSnoozes.banner],
      set: { snoozedUntil: values.until },
    });
}
