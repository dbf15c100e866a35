/**
 * What the server's start, the demo seed and other domains may use of the tasks domain: the only
 * file of this folder imported from outside it.
 */
export { TASK_JOB_EVERY_MS, runTaskJob } from './task-job';
