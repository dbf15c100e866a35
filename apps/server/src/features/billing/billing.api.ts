/**
 * What other domains, the benchmarks and the tests may use of billing: the only file of this
 * folder imported from outside it.
 */
export { findBillingClinic } from './billing.repo';
export { computeRun } from './billing-runs';
