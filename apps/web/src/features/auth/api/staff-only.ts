import type { User } from '@homestretch/contract/users/user';
import { logout } from './logout';

/*
 * Patients sign in through the same call as staff (their app shares the session machinery), but
 * this web app has no patient screens: a patient belongs in the Homestretch app. A patient
 * session reaching the web app is ended at once and never becomes its signed-in user, so no
 * staff page (nor the guard's "go home") ever opens for a patient.
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

/** Passes a staff user through; signs a patient out and refuses them. */
export async function requireStaff(user: User): Promise<User> {
  if (user.role !== 'patient') {
    return user;
  }
  try {
    await logout();
  } catch {
    // A session left behind (server unreachable) is refused again, by this check, on the next load.
  }
  throw new PatientAccountError();
}
