import { z } from 'zod';
import { defineRoute } from '../common/route';
import { PatientIdParamsSchema, PatientSchema } from './patient';

export const UpdateRtmCoverageBodySchema = z.strictObject({ is_rtm_covered: z.boolean() });
export type UpdateRtmCoverageBody = z.input<typeof UpdateRtmCoverageBodySchema>;

/** domain/rtm.md: only patients whose RTM coverage flag is on are billable. */
export const updateRtmCoverageRoute = defineRoute({
  method: 'PATCH',
  path: '/clinic/patient/:id/update-rtm-coverage',
  summary: "Set the patient's RTM coverage flag",
  tags: ['patients'],
  params: PatientIdParamsSchema,
  body: UpdateRtmCoverageBodySchema,
  response: { 200: PatientSchema },
});
