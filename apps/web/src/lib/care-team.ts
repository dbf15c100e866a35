import { givesCare } from '@homestretch/contract/auth/permissions';
import type { Role } from '@homestretch/contract/common/enums';

// Apart from patient-labels.ts, which holds the patient record's schema and its phone rules
// (libphonenumber-js, 26 KB gzip): the app layout asks this on every screen (monitoring-rules.ts),
// and its first download must not carry them.

/**
 * Whether this user gives this patient care (changes the program, calls, logs interactions and
 * functional data): one of the patient's treating therapists, or the clinic's admin, who covers
 * every patient. The server's rule (permissions.ts mayTreatPatient, docs/decisions/031); the web
 * shows a colleague's patient without the controls the server would refuse.
 */
export function givesCareTo(
  user: { id: number; role: Role },
  patient: { therapists: readonly { id: number }[] },
): boolean {
  return givesCare(
    user.role,
    patient.therapists.some((therapist) => therapist.id === user.id),
  );
}
