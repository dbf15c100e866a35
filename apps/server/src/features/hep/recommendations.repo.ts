/**
 * The queries behind recommendations (issue 32): the patient's program with its catalogue links,
 * and the candidates, the physical-therapy catalogue's exercises and the clinic's own films that
 * took one's movement model, each with the clinical tags of its exercise; the ranking itself is
 * recommendation-rules.ts.
 */
import {
  CONDITIONS,
  EXERCISE_PURPOSES,
  REGIONS,
  type Condition,
  type Region,
} from '@homestretch/contract/library/catalogue-entry';
import { PHASES } from '@homestretch/contract/hep/recommendations';
import { BODY_PARTS, LEVELS, VIDEO_STATUSES } from '@homestretch/contract/library/video';
import type { MovementModel } from '@homestretch/contract/library/movement';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { catalogueExercises, hepItems, patients, users, videos } from '../../db/schema';
import { type RawRow, col, queryRows } from '../../platform/sql-rows';
import type { ClinicScope } from '../../platform/context';
import type { HepVideoRow } from './hep-video';
import type { Candidate } from './recommendation-rules';

/**
 * The most of a clinic's own films a request reads: far more than a clinic films of one
 * condition, and few enough that a clinic of 10,000 films costs the same as one of a hundred.
 */
const CLINIC_FILMS = 200;

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

/** An item of the patient's program now, with the catalogue exercise it follows. */
export interface HeldRow {
  videoId: number;
  movementId: string | null;
  name: string;
  addedAt: Date;
  harder: string[];
  easier: string[];
}

const jsonStrings = (row: RawRow, column: string): string[] =>
  col.json<string[] | null>(row, column) ?? [];

/** The patient's program as it is now (not what was removed), with each exercise's links. */
export async function findHeld(db: Db, scope: ClinicScope, patientId: number): Promise<HeldRow[]> {
  return queryRows(
    db,
    sql`select h.video_id as "videoId", v.movement_id as "movementId",
        coalesce(e.entry ->> 'name', v.title) as name, h.created_at as "addedAt",
        e.entry -> 'harder' as harder, e.entry -> 'easier' as easier
      from ${hepItems} h
      join ${videos} v on v.id = h.video_id
      left join ${catalogueExercises} e on e.id = v.movement_id
      where h.clinic_id = ${scope.clinicId} and h.patient_id = ${patientId}
        and h.deleted_at is null`,
    (row) => ({
      videoId: col.number(row, 'videoId'),
      movementId: col.stringOrNull(row, 'movementId'),
      name: col.string(row, 'name'),
      addedAt: col.date(row, 'addedAt'),
      harder: jsonStrings(row, 'harder'),
      easier: jsonStrings(row, 'easier'),
    }),
  );
}

export interface CandidateQuery {
  /** The exercises tagged for this condition … */
  condition: Condition | null;
  /** … or, when the code names no condition, those whose first region is this one … */
  region: Region | null;
  /** … and the harder versions of what the patient does, whatever their tags. */
  progressions: readonly string[];
}

/** A candidate: the video as a program shows it, its default dose and its exercise's tags. */
export interface CandidateRow extends HepVideoRow, Candidate {
  sets: number;
  reps: number;
}

function candidateRow(row: RawRow): CandidateRow {
  const oneOfEach = <T extends string>(column: string, values: readonly T[]): T[] =>
    jsonStrings(row, column).filter((value): value is T =>
      (values as readonly string[]).includes(value),
    );
  return {
    videoId: col.number(row, 'videoId'),
    videoClinicId: col.numberOrNull(row, 'videoClinicId'),
    videoTitle: col.string(row, 'videoTitle'),
    videoDescription: col.string(row, 'videoDescription'),
    videoBodyParts: col.oneOf(row, 'videoBodyParts', BODY_PARTS),
    videoLevel: col.oneOfOrNull(row, 'videoLevel', LEVELS),
    videoStatus: col.oneOf(row, 'videoStatus', VIDEO_STATUSES),
    videoStorageKey: col.stringOrNull(row, 'videoStorageKey'),
    videoThumbnailKey: col.stringOrNull(row, 'videoThumbnailKey'),
    videoFrameKeys: col.strings(row, 'videoFrameKeys'),
    videoArchivedAt: col.dateOrNull(row, 'videoArchivedAt'),
    videoMovementId: col.string(row, 'movementId'),
    videoMovement: col.json<MovementModel | null>(row, 'videoMovement'),
    movementId: col.string(row, 'movementId'),
    conditions: oneOfEach('conditions', CONDITIONS),
    phases: oneOfEach('phases', PHASES),
    regions: oneOfEach('regions', REGIONS),
    joints: jsonStrings(row, 'joints'),
    purpose: col.oneOf(row, 'purpose', EXERCISE_PURPOSES),
    equipment: jsonStrings(row, 'equipment'),
    easier: jsonStrings(row, 'easier'),
    sets: col.number(row, 'sets'),
    reps: col.number(row, 'reps'),
  };
}

const textArray = (values: readonly string[]) => sql`${`{${values.join(',')}}`}::text[]`;

/**
 * The candidates: the physical-therapy catalogue's exercises, and the clinic's own films that
 * took an exercise's model (ready, not archived, newest CLINIC_FILMS), whose exercise is tagged
 * for the condition (or, without one, the region) or is a harder version of what the patient
 * does. Only the tags' lists are read of each entry, never its model's angles twice.
 */
export async function findCandidates(
  db: Db,
  scope: ClinicScope,
  query: CandidateQuery,
): Promise<CandidateRow[]> {
  const tagged = [
    query.condition === null
      ? null
      : sql`e.entry -> 'conditions' @> ${JSON.stringify([query.condition])}::jsonb`,
    query.region === null ? null : sql`e.entry -> 'regions' ->> 0 = ${query.region}`,
    query.progressions.length === 0 ? null : sql`e.id = any(${textArray(query.progressions)})`,
  ].filter((term) => term !== null);
  if (tagged.length === 0) {
    return [];
  }
  const ofExercise = sql.join(tagged, sql` or `);
  return queryRows(
    db,
    sql`
    with pool as (
      (select v.id from ${videos} v
        where v.clinic_id is null and v.collection = 'physical-therapy')
      union all
      (select v.id from ${videos} v
        where v.clinic_id = ${scope.clinicId} and v.movement_id is not null
          and v.archived_at is null and v.status = 'ready'
        order by v.created_at desc, v.id desc
        limit ${CLINIC_FILMS})
    )
    select v.id as "videoId", v.clinic_id as "videoClinicId", v.title as "videoTitle",
      v.description as "videoDescription", v.body_parts as "videoBodyParts",
      v.level as "videoLevel", v.status as "videoStatus", v.storage_key as "videoStorageKey",
      v.thumbnail_key as "videoThumbnailKey", v.frame_keys as "videoFrameKeys",
      v.archived_at as "videoArchivedAt", e.id as "movementId",
      e.movement as "videoMovement",
      e.entry -> 'conditions' as conditions, e.entry -> 'phases' as phases,
      e.entry -> 'regions' as regions, e.entry -> 'joints' as joints,
      e.entry ->> 'purpose' as purpose, e.entry -> 'equipment' as equipment,
      e.entry -> 'easier' as easier,
      v.sets, v.reps
    from pool
    join ${videos} v on v.id = pool.id
    join ${catalogueExercises} e on e.id = v.movement_id
    where ${ofExercise}
  `,
    candidateRow,
  );
}
