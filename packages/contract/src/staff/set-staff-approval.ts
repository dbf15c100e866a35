import { z } from 'zod';
import { ApprovalDecisionSchema } from '../common/enums';
import { IdSchema } from '../common/fields';
import { defineRoute } from '../common/route';
import { StaffMemberSchema } from './list-staff';

/**
 * The same shape as the supervisors' call of spec §7 (`PATCH /clinic/supervisor/approval
 * {user_id, status}`), so both approvers speak one language.
 */
export const SetStaffApprovalBodySchema = z.strictObject({
  user_id: IdSchema,
  status: ApprovalDecisionSchema,
});
export type SetStaffApprovalBody = z.input<typeof SetStaffApprovalBodySchema>;

/**
 * The clinic's administrator approves or declines a staff account made with the clinic code.
 * Declining ends the account's sessions. Answers the staff member as the list shows them.
 */
export const setStaffApprovalRoute = defineRoute({
  method: 'PATCH',
  path: '/clinic/therapist/approval',
  summary: 'Approve or decline a staff account',
  tags: ['staff'],
  body: SetStaffApprovalBodySchema,
  response: { 200: StaffMemberSchema },
});
