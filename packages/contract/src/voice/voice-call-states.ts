import { CALL_OUTCOMES } from '../common/enums';

/** A call's life (issue 13): queued → ringing → in-progress → completed, or failed / no-answer. */
export const VOICE_CALL_STATUSES = [
  'queued',
  'ringing',
  'in-progress',
  'completed',
  'busy',
  'no-answer',
  'failed',
  'canceled',
] as const;
export type VoiceCallStatus = (typeof VOICE_CALL_STATUSES)[number];

/** A call's outcome once it ends (spec §3 call outcomes): CALL_OK when the patient was reached. */
export const VOICE_CALL_OUTCOMES = CALL_OUTCOMES;
export type VoiceCallOutcome = (typeof VOICE_CALL_OUTCOMES)[number];
