import type { CheckCodeResponse, Clinic } from '@homestretch/contract/clinics/clinic';
import { type ClinicRow, findClinicByCode } from './clinics.repo';
import type { AuthedCtx, Ctx } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { enforceLimits } from '../../platform/rate-limit';

function toClinicDto(clinic: ClinicRow): Clinic {
  return {
    id: clinic.id,
    code: clinic.code,
    name: clinic.name,
    time_zone: clinic.timeZone,
    is_full_service: clinic.isFullService,
  };
}

/** Only the caller's own clinic: another code answers 404 whether or not it exists. */
export async function getClinic(ctx: AuthedCtx, code: string): Promise<Clinic> {
  const clinic = await findClinicByCode(ctx.db, code);
  if (!clinic || clinic.id !== ctx.caller.user.clinicId) {
    throw notFound('Clinic');
  }
  return toClinicDto(clinic);
}

/** Public check used by sign-up; limited per IP so codes cannot be enumerated quickly. */
export async function checkClinicCode(ctx: Ctx, code: string): Promise<CheckCodeResponse> {
  await enforceLimits(ctx.db, ctx.clock.now(), [
    { key: `check_code:ip:${ctx.meta.ip}`, limit: ctx.limits.checkCodePerIp },
  ]);
  const clinic = await findClinicByCode(ctx.db, code);
  return { valid: clinic !== undefined, clinic_name: clinic?.name ?? null };
}
