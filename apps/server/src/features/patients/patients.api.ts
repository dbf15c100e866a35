/**
 * What other domains, the server's start and the tests may use of the patients domain: the only
 * file of this folder imported from outside it.
 */
export { insertInteractionLog, listInteractionLogs } from './interaction-log.repo';
export {
  type PatientRow,
  type TherapistOfPatient,
  findPatientOfUser,
  requireClinicPatient,
  requireReadablePatient,
  requireTreatedPatient,
  toPatientDto,
} from './patient-directory';
export { patientSearchColumns } from './patient-search';
export { refreshPatientSearch } from './patients.repo';
export { createOrJoinSelfRegisteredPatient } from './patients.service';
