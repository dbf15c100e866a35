/**
 * Every PostgreSQL advisory lock the server takes, in one place, so no two uses share a key by
 * accident. PostgreSQL has two key spaces: one bigint (`pg_advisory_lock(key)`) and a pair of
 * ints (`pg_advisory_lock(a, b)`); a key of one never meets a key of the other.
 *
 * One bigint key:
 * - MIGRATION (db/client.ts): nodes starting together migrate one at a time.
 * - PURGE (platform/purge.ts): one node at a time deletes what has expired.
 * - TASK_JOB (features/tasks/task-job.ts): one node at a time makes the tasks.
 * - an upload's id hashed to 64 bits (features/library/upload-locker.ts, `uploadLockKey`): a tus
 *   upload's chunks are taken by one node at a time; 64 bits keep a clash with the fixed keys
 *   above out of reach.
 * - a seeding step's name through `hashtext()` (platform/seed-lock.ts): processes loading the same
 *   data at once take turns (ICD-10 codes, the exercise catalogue, the demo seed).
 *
 * A pair of ints:
 * - (MONITORING, therapist id) (features/monitoring/monitoring.repo.ts): one therapist's
 *   starts and saves (two tabs) one at a time.
 * - (clinic id, period as yyyymm) (features/billing/billing-runs.ts, `billingRunLock`): one
 *   computation of a clinic's month at a time. Its first key is a clinic id, so the fixed first
 *   keys of this space stay far above any clinic id (7.4 million).
 */
export const ADVISORY_LOCKS = {
  MIGRATION: 7_421_305,
  PURGE: 7_421_306,
  TASK_JOB: 7_421_313,
  /** First key of the pair; the therapist's id is the second. */
  MONITORING: 7_421_314,
} as const;

/** The pair of keys of a clinic's billing run for a month (`2026-11`). */
export function billingRunLock(clinicId: number, period: string): [number, number] {
  return [clinicId, Number(period.replace('-', ''))];
}
