/**
 * What other domains may use of the health domain: the only file of this folder imported from
 * outside it.
 */
export { PAIN_MIN_REPORTS } from './banner-rules';
