import {
  recommendationsRoute,
  type Recommendations,
  type RecommendationsQuery,
} from '@homestretch/contract/hep/recommendations';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hepKeys } from '../../../lib/query-keys/hep-keys';

/** GET /video/recommendations?diagnosis_name&onboarded_at&therapist_id&patient_id. */
export function getRecommendations(
  query: RecommendationsQuery,
  signal?: AbortSignal,
): Promise<Recommendations> {
  return apiCall(recommendationsRoute, { query, signal });
}

export interface RecommendationInputs {
  diagnosisName: string | null | undefined;
  onboardedAt: string | null | undefined;
  therapistId: number | null | undefined;
  patientId: number | null | undefined;
}

/**
 * Spec §5: recommendations are fetched only when the diagnosis name, the onboarded date, the
 * therapist (the signed-in user) and the patient are all present; otherwise there is no query
 * and the result is empty.
 */
export function recommendationsQuery(inputs: RecommendationInputs): RecommendationsQuery | null {
  const diagnosis = inputs.diagnosisName?.trim();
  const onboarded = inputs.onboardedAt?.trim();
  if (!diagnosis || !onboarded || !inputs.therapistId || !inputs.patientId) {
    return null;
  }
  return {
    diagnosis_name: diagnosis,
    onboarded_at: onboarded,
    therapist_id: inputs.therapistId,
    patient_id: inputs.patientId,
  };
}

/** No query (`skipToken`) while any input is missing: `data` stays undefined, an empty result. */
export function recommendationsQueryOptions(inputs: RecommendationInputs) {
  const query = recommendationsQuery(inputs);
  return queryOptions({
    queryKey: hepKeys.recommendations(query),
    queryFn: query === null ? skipToken : ({ signal }) => getRecommendations(query, signal),
  });
}

export function useRecommendations(inputs: RecommendationInputs) {
  return useQuery(recommendationsQueryOptions(inputs));
}
