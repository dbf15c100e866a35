import type { Program } from '@homestretch/contract/hep/program';
import { restoreProgramItemRoute } from '@homestretch/contract/hep/restore-program-item';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { storeProgram } from './program-cache';

/** POST /api/v1/heps/{id}/restore/: back at the end of the program, as it was. */
export function restoreProgramItem(hepId: number): Promise<Program> {
  return apiCall(restoreProgramItemRoute, { params: { id: hepId } });
}

export function useRestoreProgramItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreProgramItem,
    onSuccess: (program) => storeProgram(queryClient, program),
  });
}
