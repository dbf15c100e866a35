import type { Role } from '@homestretch/contract/common/enums';
import { mayTreatPatient } from '../../platform/permissions';

/**
 * Who may open a conversation with a patient: whoever may give them care (permissions.ts
 * mayTreatPatient: the clinic's admin, and a therapist who treats the patient). A patient's
 * messages are care; an office manager or a supervisor does not give it.
 */
export function mayOpenPatientChat(role: Role, treatsPatient: boolean): boolean {
  return mayTreatPatient({ role }, treatsPatient);
}
