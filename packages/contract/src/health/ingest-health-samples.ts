import { z } from 'zod';
import { defineRoute } from '../common/route';
import { HealthSampleBatchSchema } from './metrics';

export const IngestHealthResponseSchema = z.object({
  received: z.number().int(),
  /** New samples, now counted in the daily roll-ups. */
  created: z.number().int(),
  /** Samples whose id was already stored (a retried upload): ignored. */
  duplicates: z.number().int(),
  results: z.array(z.object({ id: z.string(), status: z.enum(['created', 'duplicate']) })),
});
export type IngestHealthResponse = z.infer<typeof IngestHealthResponseSchema>;

/**
 * The patient app (phone, wearable bridge) uploads health samples for the signed-in patient.
 * All or nothing: one bad sample answers 400 naming it (`samples.3.level`) and nothing is stored.
 * Idempotent per sample id, so a retry after a lost answer is always safe.
 */
export const ingestHealthSamplesRoute = defineRoute({
  method: 'POST',
  path: '/app-api/health/samples',
  summary: 'Upload health samples (patient app)',
  description: [
    'Body: `{"samples": [...]}`, 1 to 500 samples. Each sample has `id` (the device\'s stable',
    'sample id), `type` (a spec §3 metric), `recorded_at` (ISO 8601 with offset) and its value:',
    '`steps` for steps, `level` (0-10, whole) for pain, `minutes` for engagement, `systolic` and',
    '`diastolic` (mmHg) for blood_pressure, `value` otherwise, with an optional `unit` from the',
    "metric's accepted units (e.g. distance km|m|mi, blood_glucose mg/dL|mmol/L, sleep h|min).",
    'Samples in the future (beyond 5 minutes of clock skew) or older than a year are refused.',
    'Sign in with POST /clinic/therapist/signin (the patient app uses the same session cookie).',
  ].join(' '),
  tags: ['patient-app', 'health'],
  body: HealthSampleBatchSchema,
  response: { 200: IngestHealthResponseSchema },
});
