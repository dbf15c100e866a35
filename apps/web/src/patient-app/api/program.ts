import {
  type TodayProgram,
  recordProgressRoute,
  todayProgramRoute,
} from '@homestretch/contract/patient-app/program';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall, isApiError } from '../../lib/api-client';
import { saveProgram } from '../lib/program-cache';
import { startSession } from '../lib/exercise-session';
import { appKeys } from './keys';

/** A network failure shows the kept copy at once; a 4xx answers the same again. */
function retryProgram(failureCount: number, error: unknown): boolean {
  return isApiError(error) && !error.isNetworkError && error.status >= 500 && failureCount < 2;
}

/** Today's program; every answer is kept on the phone for when the network is gone. */
export function useTodayProgram(owner: { userId: number; firstName: string }) {
  return useQuery({
    queryKey: appKeys.program(),
    queryFn: async ({ signal }) => {
      const program = await apiCall(todayProgramRoute, { signal });
      saveProgram({ ...owner, savedAt: new Date().toISOString(), program });
      return program;
    },
    staleTime: 60_000,
    retry: retryProgram,
  });
}

function withSetsDone(program: TodayProgram, hepId: number, setsDone: number): TodayProgram {
  return {
    ...program,
    items: program.items.map((item) =>
      item.id === hepId ? { ...item, sets_done: setsDone } : item,
    ),
  };
}

/**
 * Ticks sets off: the tick shows at once and is taken back if the server refuses it; the week
 * and streak are then loaded again. The first tick starts the exercise session.
 */
export function useRecordProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ hepId, setsDone }: { hepId: number; setsDone: number }) =>
      apiCall(recordProgressRoute, { params: { hepId }, body: { sets_done: setsDone } }),
    onMutate: async ({ hepId, setsDone }) => {
      startSession(new Date());
      await queryClient.cancelQueries({ queryKey: appKeys.program() });
      const before = queryClient.getQueryData<TodayProgram>(appKeys.program());
      if (before) {
        queryClient.setQueryData(appKeys.program(), withSetsDone(before, hepId, setsDone));
      }
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) {
        queryClient.setQueryData(appKeys.program(), context.before);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: appKeys.program() }),
  });
}
