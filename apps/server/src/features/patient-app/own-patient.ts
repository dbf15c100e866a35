import {
  type AuthedCtx,
  type ClinicScope,
  clinicScope,
  clinicTimeZone,
} from '../../platform/context';
import { AppError } from '../../platform/errors';
import { type PatientRow, findPatientOfUser } from '../patients/patients.api';

export interface OwnPatient {
  scope: ClinicScope;
  patient: PatientRow;
  /** The clinic's: the patient's days are counted in it. */
  timeZone: string;
}

/**
 * The patient record behind the session, never one named by the request: a patient reaches no
 * one else's program or questions.
 */
export async function ownPatient(ctx: AuthedCtx): Promise<OwnPatient> {
  const scope = clinicScope(ctx);
  const patient = await findPatientOfUser(ctx.db, ctx.caller.user.id, scope.clinicId);
  if (!patient) {
    throw new AppError('not_found', 'No patient record is linked to this account');
  }
  return { scope, patient, timeZone: clinicTimeZone(ctx) };
}
