import type { FastifyInstance } from 'fastify';
import { patientAppMeRoute } from '@homestretch/contract/patient-app/patient-app';
import { route } from '../../platform/route';
import { getPatientAppMe } from './patient-app.service';

/**
 * The patient app's own door. Sign-in is the shared POST /clinic/therapist/signin (same
 * sessions); health uploads and charts are in features/health.
 */
export function registerPatientAppRoutes(app: FastifyInstance): void {
  route(app, patientAppMeRoute, 'patient_app.self', ({ ctx }) => getPatientAppMe(ctx));
}
