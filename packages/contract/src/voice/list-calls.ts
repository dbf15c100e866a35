import { z } from 'zod';
import { defineRoute } from '../common/route';
import { VoiceCallSchema } from './call-status';

export const RECENT_CALLS_DEFAULT = 10;
export const RECENT_CALLS_MAX = 50;

export const ListCallsQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int('Limit must be a whole number')
    .min(1, 'Limit is at least 1')
    .max(RECENT_CALLS_MAX, `Limit is at most ${RECENT_CALLS_MAX}`)
    .default(RECENT_CALLS_DEFAULT),
});
export type ListCallsQuery = z.input<typeof ListCallsQuerySchema>;

export const RecentCallSchema = VoiceCallSchema.extend({
  patient: z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
  }),
});
export type RecentCall = z.infer<typeof RecentCallSchema>;

export const RecentCallsSchema = z.object({
  results: z.array(RecentCallSchema),
  count: z.number().int(),
});
export type RecentCalls = z.infer<typeof RecentCallsSchema>;

/** The caller's latest calls, newest first, for the therapist dashboard. */
export const listCallsRoute = defineRoute({
  method: 'GET',
  path: '/user/voice/calls',
  summary: "The caller's recent calls",
  tags: ['voice'],
  querystring: ListCallsQuerySchema,
  response: { 200: RecentCallsSchema },
});
