import { z } from 'zod';
import { IdParamSchema } from '../common/fields';
import { defineRoute } from '../common/route';
import { StaffMemberSchema } from './list-staff';

/**
 * The roles a supervisor or the administrator may give and take (spec §6 "they can update a
 * user's role"). Admin, supervisor and patient accounts are made another way (the admin CLI, the
 * sign-up of a supervisor, patient registration), never by a role change.
 */
export const CHANGEABLE_ROLES = ['therapist', 'remote_therapist', 'manager'] as const;
export const ChangeableRoleSchema = z.enum(CHANGEABLE_ROLES, {
  error:
    'Role is one of therapist (Staff Therapist), remote_therapist (Remote PT) or manager (Office Manager)',
});
export type ChangeableRole = z.infer<typeof ChangeableRoleSchema>;

export function isChangeableRole(role: string): role is ChangeableRole {
  return (CHANGEABLE_ROLES as readonly string[]).includes(role);
}

export const ChangeStaffRoleParamsSchema = z.object({ userId: IdParamSchema });

export const ChangeStaffRoleBodySchema = z.strictObject({ role: ChangeableRoleSchema });
export type ChangeStaffRoleBody = z.input<typeof ChangeStaffRoleBodySchema>;

/**
 * Changes a staff member's role; it applies to their very next request (sessions read the role
 * live). 404 for another clinic's account; 422 for one's own account, an administrator or a
 * supervisor, and for a therapist who still treats active patients becoming an office manager.
 */
export const changeStaffRoleRoute = defineRoute({
  method: 'PATCH',
  path: '/clinic/staff/:userId/role',
  summary: "Change a staff member's role",
  tags: ['staff'],
  params: ChangeStaffRoleParamsSchema,
  body: ChangeStaffRoleBodySchema,
  response: { 200: StaffMemberSchema },
});
