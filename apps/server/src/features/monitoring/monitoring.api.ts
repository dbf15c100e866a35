/**
 * What other domains and the server's start may use of monitoring: the only file of this folder
 * imported from outside it.
 */
export { secondsOf } from './monitoring.repo';
export { sweepAbandonedSessions } from './monitoring.service';
export { ABANDONED_AFTER_MS } from './monitoring-rules';
