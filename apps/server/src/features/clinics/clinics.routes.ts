import type { FastifyInstance } from 'fastify';
import { checkCodeRoute, getClinicRoute } from '@homestretch/contract/clinics/clinic';
import { route } from '../../platform/route';
import { checkClinicCode, getClinic } from './clinics.service';

export function registerClinicRoutes(app: FastifyInstance): void {
  route(app, getClinicRoute, 'clinic.read', async ({ ctx, params }) => getClinic(ctx, params.code));
  route(app, checkCodeRoute, 'public', async ({ ctx, query }) => checkClinicCode(ctx, query.code));
}
