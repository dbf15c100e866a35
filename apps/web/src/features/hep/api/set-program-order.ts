import type { Program } from '@homestretch/contract/hep/program';
import { setProgramOrderRoute } from '@homestretch/contract/hep/set-program-order';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, isApiError } from '../../../lib/api-client';
import { orderItems } from '../components/program-order';
import { hepKeys } from '../../../lib/query-keys/hep-keys';
import { refreshProgram, storeProgram } from './program-cache';

/**
 * POST /api/v1/heps/set_order/ {hep_ids}: every item of the program, in its new order. A list
 * made from a stale program (an item added or removed elsewhere since) is refused with 409.
 */
export function setProgramOrder(hepIds: number[]): Promise<Program> {
  return apiCall(setProgramOrderRoute, { body: { hep_ids: hepIds } });
}

/** A 409 from set_order: the order was made from a program that has changed since. */
export function isStaleOrder(error: unknown): boolean {
  return isApiError(error) && error.status === 409;
}

/**
 * The new order shows at once (a drag must not snap back while the server answers). Moves run
 * one after another (one mutation scope per patient), each sending the order the screen showed
 * after the previous one, so quick key presses cannot overtake each other; only the last answer
 * is stored, or an earlier one would flash the order back by a step. A failure puts the server's
 * program back.
 */
export function useSetProgramOrder(patientId: number) {
  const queryClient = useQueryClient();
  const key = hepKeys.program(patientId, null);
  const mutationKey = [...hepKeys.patient(patientId), 'set-order'];
  return useMutation({
    mutationKey,
    scope: { id: JSON.stringify(mutationKey) },
    mutationFn: setProgramOrder,
    onMutate: async (hepIds) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<Program>(key, (program) =>
        program ? { ...program, items: orderItems(program.items, hepIds) } : program,
      );
    },
    onSuccess: async (program) => {
      // This move is still counted as pending while its callbacks run.
      if (queryClient.isMutating({ mutationKey }) > 1) {
        return;
      }
      await storeProgram(queryClient, program);
    },
    onError: () => refreshProgram(queryClient, patientId),
  });
}
