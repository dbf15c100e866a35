/**
 * What other domains and the command line may use of billing: the only file of this folder
 * imported from outside it.
 */
export { evaluateRtm } from './rtm-rules';
export {
  DEFAULT_FEE_SCHEDULE_FILE,
  FeeScheduleError,
  expectedAmount,
  feeSchedule,
  loadFeeSchedule,
  priceResult,
} from './fee-schedule';
