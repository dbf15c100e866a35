import type { z } from 'zod';
import type { PatientHepRequest } from '@homestretch/contract/hep/program';
import type { CreateHepRequestBodySchema } from '@homestretch/contract/hep/patient-request';
import { writeAudit } from '../../platform/audit';
import type { AuthedCtx } from '../../platform/context';
import { enforceLimits } from '../../platform/rate-limit';
import { ownPatient } from './own-patient';
import { insertPatientRequest } from './patient-app.repo';

/**
 * "Ask my therapist": the signed-in patient's question about their program, which their
 * treating staff see on the program panel (features/hep). Counted per patient, not per
 * address: a phone's address changes between networks.
 */
export async function createHepRequest(
  ctx: AuthedCtx,
  input: z.output<typeof CreateHepRequestBodySchema>,
): Promise<PatientHepRequest> {
  const { scope, patient } = await ownPatient(ctx);
  const now = ctx.clock.now();
  await enforceLimits(ctx.db, now, [
    { key: `hep-request:patient:${patient.id}`, limit: ctx.limits.hepRequestPerPatient },
  ]);
  const row = await ctx.db.transaction(async (tx) => {
    const created = await insertPatientRequest(tx, {
      clinicId: scope.clinicId,
      patientId: patient.id,
      content: input.request_content,
      createdAt: now,
    });
    await writeAudit(tx, ctx.meta, {
      action: 'patient_app.hep_request',
      clinicId: scope.clinicId,
      actorUserId: ctx.caller.user.id,
      patientId: patient.id,
      targetType: 'hep_patient_request',
      targetId: created.id,
    });
    return created;
  });
  return {
    id: row.id,
    request_content: row.content,
    created_at: row.createdAt.toISOString(),
    resolved_at: null,
    resolved_by: null,
  };
}
