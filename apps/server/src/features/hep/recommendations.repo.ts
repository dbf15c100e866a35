/**
 * The queries behind recommendations (issue 12): a bounded pool of candidate videos with what the
 * clinic prescribes of each, read in one statement; the ranking itself is recommendation-rules.ts.
 */
import { BODY_PARTS, LEVELS, VIDEO_STATUSES } from '@homestretch/contract/library/video';
import type { BodyPart, Level } from '@homestretch/contract/library/video';
import type { MovementModel } from '@homestretch/contract/library/movement';
import { type SQL, and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { catalogueExercises, hepItems, patients, users, videos } from '../../db/schema';
import { type RawRow, col, queryRows } from '../../platform/sql-rows';
import type { ClinicScope } from '../../platform/context';
import type { HepVideoRow } from './hep-video';
import { PRESCRIPTION_SAMPLE } from './recommendation-rules';

/**
 * How many videos each source of candidates brings at most: the prescribed ones, the clinic's
 * own of the region, the catalogue's. Far more than MAX_RECOMMENDATIONS, so the ranking has
 * room, and few enough that a clinic of 10,000 videos costs the same as one of ten.
 */
const POOL_SIZE = 60;

/** Whether this user is a staff member of the clinic (any role but patient). */
export async function isClinicStaff(db: Db, scope: ClinicScope, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.clinicId, scope.clinicId), ne(users.role, 'patient')))
    .limit(1);
  return row !== undefined;
}

/**
 * The code the clinic's patients with this diagnosis (in its words) most often carry: for a
 * diagnosis typed in the clinic's own words, which the code set's descriptions do not hold. It
 * reads the clinic's patients (no index holds their words), so it is the last resort of
 * recommendations.service.ts, after the code set.
 */
export async function clinicCodeForDiagnosis(
  db: Db,
  scope: ClinicScope,
  diagnosis: string,
): Promise<string | null> {
  const [row] = await db
    .select({ code: patients.selectedCode })
    .from(patients)
    .where(
      and(
        eq(patients.clinicId, scope.clinicId),
        sql`lower(${patients.diagnosis}) = lower(${diagnosis})`,
        sql`${patients.selectedCode} is not null`,
      ),
    )
    .groupBy(patients.selectedCode)
    .orderBy(sql`count(*) desc`, patients.selectedCode)
    .limit(1);
  return row?.code ?? null;
}

export interface CandidateQuery {
  code: string | null;
  region: BodyPart | null;
  /** The levels the phase suits: catalogue items of them join the pool. */
  levels: readonly Level[];
  /** Whose active program to leave out. */
  patientId: number | null;
}

/** A candidate: the video as a program shows it, its defaults and what the clinic prescribes. */
export interface CandidateRow extends HepVideoRow {
  videoExternalId: string | null;
  sets: number;
  reps: number;
  prescribedPatients: number;
  /** The sets and reps the clinic gives most often for this diagnosis; null when none. */
  prescribedSets: number | null;
  prescribedReps: number | null;
}

function candidateRow(row: RawRow): CandidateRow {
  return {
    videoId: col.number(row, 'videoId'),
    videoClinicId: col.numberOrNull(row, 'videoClinicId'),
    videoTitle: col.string(row, 'videoTitle'),
    videoDescription: col.string(row, 'videoDescription'),
    videoBodyParts: col.oneOf(row, 'videoBodyParts', BODY_PARTS),
    videoExternalId: col.stringOrNull(row, 'videoExternalId'),
    videoLevel: col.oneOfOrNull(row, 'videoLevel', LEVELS),
    videoStatus: col.oneOf(row, 'videoStatus', VIDEO_STATUSES),
    videoStorageKey: col.stringOrNull(row, 'videoStorageKey'),
    videoThumbnailKey: col.stringOrNull(row, 'videoThumbnailKey'),
    videoFrameKeys: col.strings(row, 'videoFrameKeys'),
    videoArchivedAt: col.dateOrNull(row, 'videoArchivedAt'),
    videoMovementId: col.stringOrNull(row, 'videoMovementId'),
    videoMovement: col.json<MovementModel | null>(row, 'videoMovement'),
    sets: col.number(row, 'sets'),
    reps: col.number(row, 'reps'),
    prescribedPatients: col.number(row, 'prescribedPatients'),
    prescribedSets: col.numberOrNull(row, 'prescribedSets'),
    prescribedReps: col.numberOrNull(row, 'prescribedReps'),
  };
}

const textArray = (values: readonly string[]) => sql`${`{${values.join(',')}}`}::text[]`;

/**
 * The candidates: videos in the programs of the clinic's patients with this code (most patients
 * first), the clinic's own videos of the region (newest first) and the catalogue's exercises
 * picked for physical therapy (those with photos; the rest are gym lifts) of the region or the
 * phase's levels. Only videos the clinic can prescribe now: its own, ready and not archived, or
 * the catalogue's; none the patient's active program holds.
 *
 * What the clinic prescribes is read from its PRESCRIPTION_SAMPLE latest patients with the code
 * (patients_clinic_code_idx), each one's items by hep_items_patient_idx: a large clinic's 12,000
 * low-back patients would cost a hundred thousand program items a request, and its recent
 * practice is the better guide anyway.
 * Prescriptions count removed program items too: most removals are a patient progressing past
 * an exercise, which was still what the therapist prescribed for the diagnosis, and counting
 * only the present items would make an exercise of the early weeks vanish from the counts as
 * patients move on. The count is of distinct patients, so a restored item counts once.
 */
export async function findCandidates(
  db: Db,
  scope: ClinicScope,
  query: CandidateQuery,
): Promise<{ rows: CandidateRow[]; sampledPatients: number }> {
  const held =
    query.patientId === null
      ? sql`select null::int as video_id where false`
      : sql`select ${hepItems.videoId} from ${hepItems}
          where ${hepItems.patientId} = ${query.patientId} and ${hepItems.deletedAt} is null`;
  const notHeld = (column: SQL) =>
    sql`${column} not in (select video_id from held where video_id is not null)`;
  const sample =
    query.code === null
      ? sql`select null::int as id where false`
      : sql`select p.id from ${patients} p
          where p.clinic_id = ${scope.clinicId} and p.selected_code = ${query.code}
          order by p.id desc
          limit ${PRESCRIPTION_SAMPLE}`;
  const prescribed = sql`select h.video_id, count(distinct h.patient_id)::int as patients,
      mode() within group (order by h.sets) as sets,
      mode() within group (order by h.reps) as reps
    from sample
    cross join lateral (
      select ${hepItems.videoId} as video_id, ${hepItems.patientId} as patient_id,
        ${hepItems.sets} as sets, ${hepItems.reps} as reps
      from ${hepItems}
      where ${hepItems.patientId} = sample.id and ${hepItems.clinicId} = ${scope.clinicId}
      -- A fence: each sampled patient's items by hep_items_patient_idx, never a hash of them all.
      offset 0
    ) h
    where ${notHeld(sql`h.video_id`)}
    group by h.video_id
    order by patients desc, h.video_id
    limit ${POOL_SIZE}`;
  const ofRegion = query.region === null ? sql`false` : sql`v.body_parts = ${query.region}`;
  const ofLevels =
    query.levels.length === 0 ? sql`false` : sql`v.level = any(${textArray(query.levels)})`;
  // A constant ORDER BY term is an error in PostgreSQL: only the conditions that vary sort.
  const catalogueOrder = sql.join(
    [
      query.region === null ? null : sql`(${ofRegion}) desc`,
      query.levels.length === 0 ? null : sql`(${ofLevels}) desc`,
      sql`lower(v.title), v.id`,
    ].filter((term) => term !== null),
    sql`, `,
  );
  const clinicOfRegion =
    query.region === null
      ? sql``
      : sql`union
        (select v.id from ${videos} v
          where v.clinic_id = ${scope.clinicId} and v.archived_at is null and v.status = 'ready'
            and ${ofRegion} and ${notHeld(sql`v.id`)}
          order by v.created_at desc, v.id desc
          limit ${POOL_SIZE})`;

  const rows = await queryRows(
    db,
    sql`
    with held as (${held}),
    sample as (${sample}),
    prescribed as (${prescribed}),
    pool as (
      select video_id as id from prescribed
      ${clinicOfRegion}
      union
      (select v.id from ${videos} v
        where v.clinic_id is null and cardinality(v.frame_keys) > 0
          and (${ofRegion} or ${ofLevels}) and ${notHeld(sql`v.id`)}
        order by ${catalogueOrder}
        limit ${POOL_SIZE})
    )
    select v.id as "videoId", v.clinic_id as "videoClinicId", v.title as "videoTitle",
      v.description as "videoDescription", v.body_parts as "videoBodyParts",
      v.external_id as "videoExternalId",
      v.level as "videoLevel", v.status as "videoStatus", v.storage_key as "videoStorageKey",
      v.thumbnail_key as "videoThumbnailKey", v.frame_keys as "videoFrameKeys",
      v.archived_at as "videoArchivedAt", v.movement_id as "videoMovementId",
      (select e.movement from ${catalogueExercises} e where e.id = v.movement_id)
        as "videoMovement",
      v.sets, v.reps,
      coalesce(pr.patients, 0)::int as "prescribedPatients",
      pr.sets as "prescribedSets", pr.reps as "prescribedReps",
      (select count(*) from sample)::int as "sampledPatients"
    from pool
    join ${videos} v on v.id = pool.id
    left join prescribed pr on pr.video_id = v.id
    where v.clinic_id is null
      or (v.clinic_id = ${scope.clinicId} and v.archived_at is null and v.status = 'ready')
  `,
    (row) => ({ row: candidateRow(row), sampledPatients: col.number(row, 'sampledPatients') }),
  );
  return {
    // Every row carries it; with no row there was no prescription to count either.
    sampledPatients: rows[0]?.sampledPatients ?? 0,
    rows: rows.map(({ row }) => row),
  };
}
