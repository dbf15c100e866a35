import type { FastifyInstance } from 'fastify';
import { listStaffRoute } from '@homestretch/contract/staff/list-staff';
import { setStaffApprovalRoute } from '@homestretch/contract/staff/set-staff-approval';
import { changeStaffRoleRoute } from '@homestretch/contract/staff/change-staff-role';
import { route } from '../../platform/route';
import { changeStaffRole, findStaff, setStaffApproval } from './staff.service';

export function registerStaffRoutes(app: FastifyInstance): void {
  route(app, listStaffRoute, 'staff.list', ({ ctx, query }) => findStaff(ctx, query));
  route(app, setStaffApprovalRoute, 'staff.approve', ({ ctx, body }) =>
    setStaffApproval(ctx, body),
  );
  route(app, changeStaffRoleRoute, 'users.update_role', ({ ctx, params, body }) =>
    changeStaffRole(ctx, params.userId, body),
  );
}
