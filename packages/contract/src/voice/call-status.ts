import { z } from 'zod';
import { IdParamSchema } from '../common/fields';
import { defineRoute } from '../common/route';
import { VOICE_CALL_OUTCOMES, VOICE_CALL_STATUSES } from './voice-call-states';

/** The statuses of a call still under way: one at a time per caller. */
export const LIVE_CALL_STATUSES = ['queued', 'ringing', 'in-progress'] as const;

export function isLiveCall(status: (typeof VOICE_CALL_STATUSES)[number]): boolean {
  return (LIVE_CALL_STATUSES as readonly string[]).includes(status);
}

/** spec §3 Voice call: id, and where the call stands. */
export const VoiceCallSchema = z.object({
  id: z.number().int(),
  patient_id: z.number().int(),
  status: z.enum(VOICE_CALL_STATUSES),
  /** CALL_OK when the patient was reached, CALL_NOK otherwise; null while the call lasts. */
  outcome: z.enum(VOICE_CALL_OUTCOMES).nullable(),
  /** `simulator` when no telephony provider is configured: no real phone rings. */
  provider: z.enum(['simulator', 'twilio']),
  /** When the patient answered. */
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  /** Seconds from the answer to the end; null until the call ends. */
  duration_seconds: z.number().int().nullable(),
  created_at: z.string(),
});
export type VoiceCall = z.infer<typeof VoiceCallSchema>;

/**
 * The call's id is `callId`, not `id`: a refused request on patient data is audited with the
 * route's `id` read as the patient's (platform/route.ts auditRefusal).
 */
export const CallIdParamsSchema = z.object({ callId: IdParamSchema });

/** Where a call stands now; polled by the caller's screen while it is live. */
export const callStatusRoute = defineRoute({
  method: 'GET',
  path: '/user/voice/call/:callId/status',
  summary: "A call's status",
  tags: ['voice'],
  params: CallIdParamsSchema,
  response: { 200: VoiceCallSchema },
});
