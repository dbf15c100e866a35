import { z } from 'zod';
import { ASSISTANT_KINDS, type AssistantKind } from '../billing/rtm-case';
import { IdParamSchema } from '../common/fields';
import { defineRoute } from '../common/route';
import { StaffMemberSchema } from './list-staff';

/** How the clinic administration screen names each kind; null is a licensed therapist. */
export const ASSISTANT_KIND_LABELS: Readonly<Record<AssistantKind, string>> = {
  PTA: 'Physical therapist assistant (PTA)',
  OTA: 'Occupational therapy assistant (OTA)',
};
export const LICENSED_THERAPIST_LABEL = 'Licensed therapist';

export const SetAssistantKindParamsSchema = z.object({ userId: IdParamSchema });

export const SetAssistantKindBodySchema = z.strictObject({
  assistant_kind: z
    .enum(ASSISTANT_KINDS, {
      error: 'Assistant kind is PTA, OTA, or null for a licensed therapist',
    })
    .nullable(),
});
export type SetAssistantKindBody = z.input<typeof SetAssistantKindBodySchema>;

/**
 * The administrator says whether a therapist or remote PT is an assistant (PTA, OTA) or a
 * licensed therapist (null): billing puts CQ or CO on an assistant's minutes and never makes them
 * the rendering therapist (domain/rtm.md). 404 for another clinic's account; 422 for a role that
 * is not a clinician's.
 */
export const setAssistantKindRoute = defineRoute({
  method: 'PATCH',
  path: '/clinic/staff/:userId/assistant-kind',
  summary: 'Set whether a therapist is an assistant (PTA, OTA) or licensed',
  tags: ['staff'],
  params: SetAssistantKindParamsSchema,
  body: SetAssistantKindBodySchema,
  response: { 200: StaffMemberSchema },
});
