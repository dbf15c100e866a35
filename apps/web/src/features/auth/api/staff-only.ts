import type { User } from '@homestretch/contract/users/user';
import { authStore } from '../stores/auth-store';
import { logout } from '../../../shared/session/logout';

/*
 * Patients sign in through the same call as staff (their app shares the session machinery), but
 * this web app has no patient screens: a patient belongs in the Homestretch app. A patient
 * session reaching the web app is ended at once and never becomes its signed-in user, so no
 * staff page (nor the guard's "go home") ever opens for a patient. Both ways in pass here: the
 * sign-in form and the current-user load (a reload, or the session QR sign-up leaves in this
 * browser), and both leave the store's `patientRefused` set, which is what makes /login say where
 * patients go. (QR sign-up itself never loads the current user: /patient/signup is outside the
 * guard, so its done screen stays until the patient opens a staff page.)
 */

export class PatientAccountError extends Error {
  override readonly name = 'PatientAccountError';
  constructor() {
    super('A patient account signed in to the staff web app');
  }
}

export function isPatientAccountError(error: unknown): error is PatientAccountError {
  return error instanceof PatientAccountError;
}

/** Passes a staff user through; signs a patient out, marks it for /login and refuses them. */
export async function requireStaff(user: User): Promise<User> {
  if (user.role !== 'patient') {
    return user;
  }
  try {
    await logout();
  } catch {
    // A session left behind (server unreachable) is refused again, by this check, on the next load.
  }
  authStore.getState().dispatch({ type: 'patient-refused' });
  throw new PatientAccountError();
}
