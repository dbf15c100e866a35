import type { FastifyInstance } from 'fastify';
import { createHepRequestRoute } from '@homestretch/contract/hep/patient-request';
import { patientAppMeRoute } from '@homestretch/contract/patient-app/patient-app';
import { recordProgressRoute, todayProgramRoute } from '@homestretch/contract/patient-app/program';
import { route } from '../../platform/route';
import { createHepRequest } from './hep-request.service';
import { getPatientAppMe } from './patient-app.service';
import { getTodayProgram, recordProgress } from './program.service';

/**
 * The patient app's own door. Sign-in is the shared POST /clinic/therapist/signin (same
 * sessions); health uploads and charts are in features/health. "Ask my therapist" is the
 * patient's side of hep_request; staff list and resolve the questions in features/hep.
 */
export function registerPatientAppRoutes(app: FastifyInstance): void {
  route(app, patientAppMeRoute, 'patient_app.self', ({ ctx }) => getPatientAppMe(ctx));
  route(app, todayProgramRoute, 'patient_app.self', ({ ctx }) => getTodayProgram(ctx));
  route(app, recordProgressRoute, 'patient_app.self', ({ ctx, params, body }) =>
    recordProgress(ctx, params.hepId, body),
  );
  route(app, createHepRequestRoute, 'patient_app.self', ({ ctx, body }) =>
    createHepRequest(ctx, body),
  );
}
