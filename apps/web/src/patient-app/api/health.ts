import { ingestHealthSamplesRoute } from '@homestretch/contract/health/ingest-health-samples';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';
import { endSession, forgetSession, sessionSamples } from '../lib/exercise-session';
import { appKeys } from './keys';

/**
 * Ends the exercise session with the pain rating: pain and the session's minutes go to the
 * clinic as health data (the ingest path every device uses). The same samples on a retry. The
 * program is loaded again: it says today's rating is in, so the app does not ask for another.
 */
export function useSendSessionReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (painLevel: number) => {
      const session = endSession(new Date());
      const answer = await apiCall(ingestHealthSamplesRoute, {
        body: { samples: sessionSamples(session, painLevel) },
      });
      forgetSession();
      return { answer, session };
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: appKeys.program() });
    },
  });
}
