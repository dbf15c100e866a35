import { ingestHealthSamplesRoute } from '@homestretch/contract/health/ingest-health-samples';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';
import { endSession, forgetSession, sessionSamples } from '../lib/exercise-session';

/**
 * Ends the exercise session with the pain rating: pain and the session's minutes go to the
 * clinic as health data (the ingest path every device uses). The same samples on a retry.
 */
export function useSendSessionReport() {
  return useMutation({
    mutationFn: async (painLevel: number) => {
      const session = endSession(new Date());
      const answer = await apiCall(ingestHealthSamplesRoute, {
        body: { samples: sessionSamples(session, painLevel) },
      });
      forgetSession();
      return { answer, session };
    },
  });
}
