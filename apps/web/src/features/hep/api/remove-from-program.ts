import type { Program } from '@homestretch/contract/hep/program';
import { removeFromProgramRoute } from '@homestretch/contract/hep/remove-from-program';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { storeProgram } from './program-cache';

/** DELETE /video/hep/therapist/{dashboardId} {hep_ids}: each removed item can be restored. */
export function removeFromProgram(patientId: number, hepIds: number[]): Promise<Program> {
  return apiCall(removeFromProgramRoute, {
    params: { dashboardId: patientId },
    body: { hep_ids: hepIds },
  });
}

export function useRemoveFromProgram(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hepIds: number[]) => removeFromProgram(patientId, hepIds),
    onSuccess: (program) => storeProgram(queryClient, program),
  });
}
