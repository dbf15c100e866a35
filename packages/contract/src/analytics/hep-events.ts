import { z } from 'zod';
import { IdSchema } from '../common/fields';
import { defineRoute } from '../common/route';
import { PhaseSchema } from '../hep/recommendations';
import { RecordedSchema } from './button-click';

export const RECOMMENDATION_INTERACTIONS = ['view', 'play', 'add', 'dismiss'] as const;

export const VideoRecommendationInteractionBodySchema = z.object({
  patient: IdSchema,
  video: IdSchema,
  phase: PhaseSchema,
  interaction_type: z.enum(RECOMMENDATION_INTERACTIONS, {
    error: `interaction_type is one of ${RECOMMENDATION_INTERACTIONS.join(', ')}`,
  }),
  is_smart_monitoring: z.boolean().default(false),
});
export type VideoRecommendationInteractionBody = z.input<
  typeof VideoRecommendationInteractionBodySchema
>;

/** A therapist looked at, played, added or dismissed a recommended video (spec §7). */
export const videoRecommendationInteractionRoute = defineRoute({
  method: 'POST',
  path: '/analytics/video-recommendation-interaction',
  summary: 'Record an interaction with a recommended video',
  tags: ['analytics'],
  body: VideoRecommendationInteractionBodySchema,
  response: { 201: RecordedSchema },
});

const VideoIdsSchema = z.array(IdSchema).max(200, 'At most 200 videos');

export const HepSendEventBodySchema = z.object({
  patient: IdSchema,
  recommended_videos: VideoIdsSchema,
  sent_videos: VideoIdsSchema.min(1, 'sent_videos names at least one video'),
  phase: PhaseSchema,
  is_smart_monitoring: z.boolean().default(false),
});
export type HepSendEventBody = z.input<typeof HepSendEventBodySchema>;

/** Exercises were sent to a program: which were recommended and which were sent (spec §7). */
export const hepSendEventRoute = defineRoute({
  method: 'POST',
  path: '/analytics/hep-send-event',
  summary: 'Record a program send',
  tags: ['analytics'],
  body: HepSendEventBodySchema,
  response: { 201: RecordedSchema },
});
