/**
 * What other domains may use of the ICD-10-CM code set: the only file of this folder imported
 * from outside it.
 */
export { displayIcd10Code } from './icd10-search';
export { findCodeByDescription } from './icd10.repo';
