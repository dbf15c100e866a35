/**
 * Who the health data of a request belongs to, and in which time zone its days are counted:
 * a patient of the caller's clinic (staff), or the caller's own record (patient app).
 */
import {
  type AuthedCtx,
  type ClinicScope,
  clinicScope,
  clinicTimeZone,
} from '../../platform/context';
import { AppError } from '../../platform/errors';
import {
  type PatientRow,
  findPatientOfUser,
  requireReadablePatient,
  requireTreatedPatient,
} from '../patients/patients.api';

export interface HealthSubject {
  scope: ClinicScope;
  patient: PatientRow;
  timeZone: string;
}

/** A patient of the caller's clinic, or 404. */
export async function staffSubject(ctx: AuthedCtx, patientId: number): Promise<HealthSubject> {
  const scope = clinicScope(ctx);
  const patient = await requireReadablePatient(ctx.db, scope, ctx.caller.user, patientId);
  return { scope, patient, timeZone: clinicTimeZone(ctx) };
}

/** A patient the caller treats, for a clinical write: 403 for a colleague's, 404 for another clinic's. */
export async function treatingSubject(ctx: AuthedCtx, patientId: number): Promise<HealthSubject> {
  const scope = clinicScope(ctx);
  const patient = await requireTreatedPatient(ctx.db, scope, ctx.caller.user, patientId);
  return { scope, patient, timeZone: clinicTimeZone(ctx) };
}

/** The signed-in patient's own record: never anyone else's, whatever the request says. */
export async function ownSubject(ctx: AuthedCtx): Promise<HealthSubject> {
  const scope = clinicScope(ctx);
  const patient = await findPatientOfUser(ctx.db, ctx.caller.user.id, scope.clinicId);
  if (!patient) {
    throw new AppError('not_found', 'No patient record is linked to this account');
  }
  return { scope, patient, timeZone: clinicTimeZone(ctx) };
}
