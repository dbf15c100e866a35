/**
 * What other domains, the command line, the benchmarks and the tests may use of billing: the only
 * file of this folder imported from outside it.
 */
export { findBillingClinic } from './billing.repo';
export { computeRun } from './billing-runs';
export { evaluateRtm } from './rtm-rules';
export {
  DEFAULT_FEE_SCHEDULE_FILE,
  FeeScheduleError,
  expectedAmount,
  feeSchedule,
  loadFeeSchedule,
  priceResult,
} from './fee-schedule';
