import { z } from 'zod';
import { IdParamSchema } from '../common/fields';
import { defineRoute } from '../common/route';
import { StaffMemberSchema } from './list-staff';

export const UnassignSupervisorParamsSchema = z.object({ userId: IdParamSchema });

/**
 * The administrator leaves a therapist with no supervisor (spec §6 assigns one with PATCH
 * /admin/clinic/update/supervisor, whose payload names a supervisor, so it cannot say "none").
 * Answers the therapist as the staff list shows them; one with no supervisor is answered as is.
 * 404 for another clinic's account.
 */
export const unassignSupervisorRoute = defineRoute({
  method: 'DELETE',
  path: '/clinic/staff/:userId/supervisor',
  summary: "Remove a therapist's supervisor",
  tags: ['staff', 'admin'],
  params: UnassignSupervisorParamsSchema,
  response: { 200: StaffMemberSchema },
});
