import type { z } from 'zod';
import { PAGE_SIZE } from '@homestretch/contract/common/constants';
import { ROLE_LABELS } from '@homestretch/contract/common/enums';
import { pageOffset } from '@homestretch/contract/common/pagination';
import type { StaffListQuerySchema, StaffMember } from '@homestretch/contract/staff/list-staff';
import type { SetStaffApprovalBodySchema } from '@homestretch/contract/staff/set-staff-approval';
import { writeAudit } from '../../platform/audit';
import { type AuthedCtx, clinicScope } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { seesWaitingStaff } from '../../platform/permissions';
import { deleteUserSessions } from '../../platform/sessions';
import { planStaffSearch } from './staff-search';
import {
  type StaffRow,
  findClinicStaffMember,
  selectStaffPage,
  updateApprovalStatus,
} from './staff.repo';

function toStaffMember(row: StaffRow): StaffMember {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    role: row.role,
    role_label: ROLE_LABELS[row.role],
    last_login: row.lastLogin?.toISOString() ?? null,
    can_treat: row.canTreat,
    patient_count: row.patientCount,
    approval_status: row.approvalStatus,
  };
}

/**
 * The clinic's staff (spec §7 GET /clinic/therapist): for therapist_list and the therapist
 * pickers. Accounts waiting for approval first, so the administrator finds them on the first
 * page; then by last name, then first name (accents ignored), 25 a page. Searched, paged and
 * counted in SQL (staff.repo.ts selectStaffPage). A supervisor sees approved staff only
 * (permissions.ts, seesWaitingStaff).
 */
export async function findStaff(
  ctx: AuthedCtx,
  query: z.output<typeof StaffListQuerySchema>,
): Promise<{ results: StaffMember[]; count: number }> {
  const { rows, count } = await selectStaffPage(
    ctx.db,
    clinicScope(ctx),
    {
      search: planStaffSearch(query.search),
      role: query.role,
      canTreat: query.can_treat,
      approvedOnly: !seesWaitingStaff(ctx.caller.user),
    },
    { limit: PAGE_SIZE, offset: pageOffset(query.page) },
  );
  return { count, results: rows.map(toStaffMember) };
}

/**
 * The administrator approves or declines a staff account of their clinic (staff approval,
 * docs/decisions/007-staff-approval.md). Declining ends the account's sessions at once; the
 * change and its audit row commit together.
 */
export async function setStaffApproval(
  ctx: AuthedCtx,
  input: z.output<typeof SetStaffApprovalBodySchema>,
): Promise<StaffMember> {
  const scope = clinicScope(ctx);
  if (input.user_id === ctx.caller.user.id) {
    // An administrator is approved already; declining themselves would only lock them out.
    throw new AppError('rule_violation', 'You cannot change the approval of your own account', {
      user_id: 'Ask another administrator of your clinic',
    });
  }
  const answer = await ctx.db.transaction(async (tx) => {
    const member = await findClinicStaffMember(tx, scope, input.user_id);
    if (!member) {
      throw notFound('Staff member');
    }
    await updateApprovalStatus(tx, scope, member.id, input.status);
    if (input.status === 'declined') {
      await deleteUserSessions(tx, member.id);
    }
    await writeAudit(tx, ctx.meta, {
      action: 'staff.approval',
      clinicId: scope.clinicId,
      actorUserId: ctx.caller.user.id,
      targetType: 'user',
      targetId: member.id,
      details: { status: input.status, previous: member.approvalStatus },
    });
    // Read back: whether they can now treat patients is the database's rule (canTreatPatients).
    const updated = await findClinicStaffMember(tx, scope, member.id);
    if (!updated) {
      throw notFound('Staff member');
    }
    return toStaffMember(updated);
  });
  if (input.status === 'declined') {
    ctx.realtime.endUserSessions(input.user_id);
  }
  return answer;
}
