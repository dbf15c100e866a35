import type { FastifyInstance } from 'fastify';
import { listStaffRoute } from '@homestretch/contract/staff/list-staff';
import { setStaffApprovalRoute } from '@homestretch/contract/staff/set-staff-approval';
import { changeStaffRoleRoute } from '@homestretch/contract/staff/change-staff-role';
import { setAssistantKindRoute } from '@homestretch/contract/staff/set-assistant-kind';
import { unassignSupervisorRoute } from '@homestretch/contract/staff/unassign-supervisor';
import { route } from '../../platform/route';
import {
  changeStaffRole,
  findStaff,
  setAssistantKind,
  setStaffApproval,
  unassignSupervisor,
} from './staff.service';

export function registerStaffRoutes(app: FastifyInstance): void {
  route(app, listStaffRoute, 'staff.list', ({ ctx, query }) => findStaff(ctx, query));
  route(app, setStaffApprovalRoute, 'staff.approve', ({ ctx, body }) =>
    setStaffApproval(ctx, body),
  );
  route(app, changeStaffRoleRoute, 'users.update_role', ({ ctx, params, body }) =>
    changeStaffRole(ctx, params.userId, body),
  );
  route(app, setAssistantKindRoute, 'staff.set_assistant_kind', ({ ctx, params, body }) =>
    setAssistantKind(ctx, params.userId, body),
  );
  // The other half of the supervisor assignment, so it is the same permission.
  route(app, unassignSupervisorRoute, 'admin.assign_supervisor', ({ ctx, params }) =>
    unassignSupervisor(ctx, params.userId),
  );
}
