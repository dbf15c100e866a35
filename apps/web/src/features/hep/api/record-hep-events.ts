import {
  hepSendEventRoute,
  videoRecommendationInteractionRoute,
  type HepSendEventBody,
  type VideoRecommendationInteractionBody,
} from '@homestretch/contract/analytics/hep-events';
import { apiCall } from '../../../lib/api-client';

/*
 * The two analytics calls of spec §7 about programs. Like the button-click calls, their errors
 * are swallowed: a lost analytics row must never stand between a therapist and the program.
 */

/** POST /analytics/video-recommendation-interaction {patient, video, phase, interaction_type}. */
export function recordRecommendationInteraction(body: VideoRecommendationInteractionBody): void {
  apiCall(videoRecommendationInteractionRoute, { body }).catch(() => undefined);
}

/** POST /analytics/hep-send-event {patient, recommended_videos, sent_videos, phase}. */
export function recordHepSend(body: HepSendEventBody): void {
  apiCall(hepSendEventRoute, { body }).catch(() => undefined);
}
