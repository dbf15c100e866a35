import type { PatientAppMe } from '@homestretch/contract/patient-app/patient-app';
import { findAccountById, toUserDto } from '../users/users.api';
import { type AuthedCtx, clinicScope } from '../../platform/context';
import { AppError, unauthenticated } from '../../platform/errors';
import { findPatientOfUser, toPatientDto } from '../patients/patients.api';

/**
 * The signed-in patient and their own record. The patient is found from the session, never from
 * the request: a patient can reach no one else's record. Audited as a read.
 */
export async function getPatientAppMe(ctx: AuthedCtx): Promise<PatientAppMe> {
  const scope = clinicScope(ctx);
  const [account, patient] = await Promise.all([
    findAccountById(ctx.db, ctx.caller.user.id),
    findPatientOfUser(ctx.db, ctx.caller.user.id, scope.clinicId),
  ]);
  if (!account) {
    throw unauthenticated();
  }
  if (!patient) {
    throw new AppError('not_found', 'No patient record is linked to this account');
  }
  await ctx.audit.recordRead(ctx.meta, {
    action: 'patient_app.read',
    clinicId: scope.clinicId,
    actorUserId: ctx.caller.user.id,
    patientId: patient.id,
  });
  return { user: toUserDto(account), patient: await toPatientDto(ctx.db, patient) };
}
