import type { FastifyInstance } from 'fastify';
import { listStaffRoute } from '@homestretch/contract/staff/list-staff';
import { route } from '../../platform/route';
import { findStaff } from './staff.service';

export function registerStaffRoutes(app: FastifyInstance): void {
  route(app, listStaffRoute, 'staff.list', ({ ctx, query }) => findStaff(ctx, query));
}
