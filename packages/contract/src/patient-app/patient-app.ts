import { z } from 'zod';
import { defineRoute } from '../common/route';
import { HealthChartQuerySchema } from '../health/health-chart';
import { HealthChartSchema } from '../health/metrics';
import { PatientSchema } from '../patients/patient';
import { UserSchema } from '../users/user';

/**
 * The patient app signs in with POST /clinic/therapist/signin (e-mail and password from QR
 * registration): the same session cookie as staff. Its routes never take a patient id: a
 * patient reaches only their own data.
 */
export const PatientAppMeSchema = z.object({ user: UserSchema, patient: PatientSchema });
export type PatientAppMe = z.infer<typeof PatientAppMeSchema>;

export const patientAppMeRoute = defineRoute({
  method: 'GET',
  path: '/app-api/me',
  summary: 'The signed-in patient and their record',
  tags: ['patient-app'],
  response: { 200: PatientAppMeSchema },
});

/** The signed-in patient's own daily figures (default: the last 30 days). */
export const patientAppHealthRoute = defineRoute({
  method: 'GET',
  path: '/app-api/health/daily',
  summary: "The signed-in patient's daily health figures",
  tags: ['patient-app'],
  querystring: HealthChartQuerySchema,
  response: { 200: HealthChartSchema },
});
