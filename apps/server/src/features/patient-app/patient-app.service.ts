import type { PatientAppMe } from '@homestretch/contract/patient-app/patient-app';
import { findAccountById, toUserDto } from '../users/users.api';
import type { AuthedCtx } from '../../platform/context';
import { unauthenticated } from '../../platform/errors';
import { toPatientDto } from '../patients/patients.api';
import { ownPatient } from './own-patient';

/** The signed-in patient and their own record. Audited as a read. */
export async function getPatientAppMe(ctx: AuthedCtx): Promise<PatientAppMe> {
  const [account, { scope, patient }] = await Promise.all([
    findAccountById(ctx.db, ctx.caller.user.id),
    ownPatient(ctx),
  ]);
  if (!account) {
    throw unauthenticated();
  }
  await ctx.audit.recordRead(ctx.meta, {
    action: 'patient_app.read',
    clinicId: scope.clinicId,
    actorUserId: ctx.caller.user.id,
    patientId: patient.id,
  });
  return { user: toUserDto(account), patient: await toPatientDto(ctx.db, patient) };
}
