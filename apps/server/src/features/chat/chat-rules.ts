import type { Role } from '@homestretch/contract/common/enums';

/**
 * Who may open a conversation with a patient: the clinic's admin, and a therapist who treats the
 * patient. A patient's messages are care; an office manager or a supervisor does not give it.
 */
export function mayOpenPatientChat(role: Role, treatsPatient: boolean): boolean {
  if (role === 'admin') {
    return true;
  }
  return (role === 'therapist' || role === 'remote_therapist') && treatsPatient;
}
