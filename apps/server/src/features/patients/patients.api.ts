/**
 * What other domains, the server's start and the tests may use of the patients domain: the only
 * file of this folder imported from outside it.
 */
export { refreshPatientSearch } from './patients.repo';
export { patientSearchColumns } from './patient-search';
