import type { z } from 'zod';
import { PAGE_SIZE } from '@homestretch/contract/common/constants';
import { ROLE_LABELS } from '@homestretch/contract/common/enums';
import { pageOffset } from '@homestretch/contract/common/pagination';
import type { StaffListQuerySchema, StaffMember } from '@homestretch/contract/staff/list-staff';
import type { SetStaffApprovalBodySchema } from '@homestretch/contract/staff/set-staff-approval';
import {
  type ChangeStaffRoleBodySchema,
  isChangeableRole,
} from '@homestretch/contract/staff/change-staff-role';
import type { SetAssistantKindBodySchema } from '@homestretch/contract/staff/set-assistant-kind';
import { writeAudit } from '../../platform/audit';
import type { Db } from '../../db/client';
import { type AuthedCtx, type ClinicScope, clinicScope } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { seesWaitingStaff } from '../../platform/permissions';
import { deleteUserSessions } from '../../platform/sessions';
import { assistantKindRefusal } from './staff-rules';
import { planStaffSearch } from './staff-search';
import {
  type StaffRow,
  clearSupervisor,
  findClinicStaffMember,
  selectStaffPage,
  updateApprovalStatus,
  updateAssistantKind,
  updateRole,
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
    supervisor_id: row.supervisorId,
    assistant_kind: row.assistantKind,
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

/**
 * spec §6: a supervisor or the administrator changes a staff member's role, among Staff
 * Therapist, Remote PT and Office Manager. Sessions read the role on every request
 * (platform/sessions.ts), so the change applies to the person's next request without signing
 * them out; their open screens show the new role's menu at their next reload. Their sockets, which
 * hold the role of their handshake, are closed and reconnect with the new one. A supervisor
 * reaches only the approved staff they see in the list (seesWaitingStaff).
 */
export async function changeStaffRole(
  ctx: AuthedCtx,
  userId: number,
  input: z.output<typeof ChangeStaffRoleBodySchema>,
): Promise<StaffMember> {
  const scope = clinicScope(ctx);
  if (userId === ctx.caller.user.id) {
    throw new AppError('rule_violation', 'You cannot change your own role', {
      userId: 'Ask the administrator of your clinic',
    });
  }
  const changed = await ctx.db.transaction(async (tx) => {
    const member = await findClinicStaffMember(tx, scope, userId);
    if (!member || (!seesWaitingStaff(ctx.caller.user) && member.approvalStatus !== 'approved')) {
      throw notFound('Staff member');
    }
    if (!isChangeableRole(member.role)) {
      throw new AppError(
        'rule_violation',
        `The role of ${ROLE_LABELS[member.role]} accounts cannot be changed here`,
        { userId: 'Only Staff Therapists, Remote PTs and Office Managers change roles' },
      );
    }
    if (input.role === 'manager' && member.patientCount > 0) {
      // Their patients would be left with a treating therapist who may not open their record.
      throw new AppError(
        'rule_violation',
        `${member.firstName} ${member.lastName} still treats ${member.patientCount} active patient${member.patientCount === 1 ? '' : 's'}: change their therapist first`,
        { role: 'An office manager cannot be a treating therapist' },
      );
    }
    if (member.role !== input.role) {
      await updateRole(tx, scope, member.id, input.role, input.role === 'manager');
      await writeAudit(tx, ctx.meta, {
        action: 'staff.role_changed',
        clinicId: scope.clinicId,
        actorUserId: ctx.caller.user.id,
        targetType: 'user',
        targetId: member.id,
        details: { role: input.role, previous: member.role },
      });
    }
    const updated = await findClinicStaffMember(tx, scope, member.id);
    if (!updated) {
      throw notFound('Staff member');
    }
    return { member: toStaffMember(updated), roleChanged: member.role !== input.role };
  });
  if (changed.roleChanged) {
    ctx.realtime.endUserSessions(userId);
  }
  return changed.member;
}

/** The member as it stands inside the transaction that changed them. */
async function reread(tx: Db, scope: ClinicScope, userId: number): Promise<StaffMember> {
  const updated = await findClinicStaffMember(tx, scope, userId);
  if (!updated) {
    throw notFound('Staff member');
  }
  return toStaffMember(updated);
}

/**
 * The administrator says whether a therapist or remote PT is a PT or OT assistant, or licensed
 * (null): billing puts CQ or CO on an assistant's minutes and never names them the rendering
 * therapist (domain/rtm.md, billing.repo.ts). The change and its audit row commit together; the
 * same value again writes nothing.
 */
export async function setAssistantKind(
  ctx: AuthedCtx,
  userId: number,
  input: z.output<typeof SetAssistantKindBodySchema>,
): Promise<StaffMember> {
  const scope = clinicScope(ctx);
  return ctx.db.transaction(async (tx) => {
    const member = await findClinicStaffMember(tx, scope, userId);
    if (!member) {
      throw notFound('Staff member');
    }
    const refusal = assistantKindRefusal(member.role);
    if (refusal) {
      throw new AppError('rule_violation', refusal, {
        userId: 'Choose a Staff Therapist or a Remote PT',
      });
    }
    if (member.assistantKind !== input.assistant_kind) {
      await updateAssistantKind(tx, scope, member.id, input.assistant_kind);
      await writeAudit(tx, ctx.meta, {
        action: 'staff.assistant_kind_changed',
        clinicId: scope.clinicId,
        actorUserId: ctx.caller.user.id,
        targetType: 'user',
        targetId: member.id,
        details: { assistant_kind: input.assistant_kind, previous: member.assistantKind },
      });
    }
    return reread(tx, scope, member.id);
  });
}

/**
 * spec §6: the administrator leaves a therapist with no supervisor, the undoing of PATCH
 * /admin/clinic/update/supervisor. Their program changes then go to the queue of the clinic's
 * supervisors without a team, as a never-assigned therapist's do (hep approvals, queueOwners).
 * Audited with the supervisor they had; one with none is answered as is.
 */
export async function unassignSupervisor(ctx: AuthedCtx, userId: number): Promise<StaffMember> {
  const scope = clinicScope(ctx);
  return ctx.db.transaction(async (tx) => {
    const member = await findClinicStaffMember(tx, scope, userId);
    if (!member) {
      throw notFound('Staff member');
    }
    if (member.supervisorId !== null) {
      await clearSupervisor(tx, scope, member.id);
      await writeAudit(tx, ctx.meta, {
        action: 'supervisor.unassigned',
        clinicId: scope.clinicId,
        actorUserId: ctx.caller.user.id,
        targetType: 'user',
        targetId: member.id,
        details: { previous_supervisor_id: member.supervisorId },
      });
    }
    return reread(tx, scope, member.id);
  });
}
