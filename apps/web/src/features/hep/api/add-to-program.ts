import { addToProgramRoute, type AddToProgramBody } from '@homestretch/contract/hep/add-to-program';
import type { Program } from '@homestretch/contract/hep/program';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { storeProgram } from './program-cache';

/** POST /video/hep/therapist/{dashboardId}: all the chosen exercises, or none (contract). */
export function addToProgram(patientId: number, entries: AddToProgramBody): Promise<Program> {
  return apiCall(addToProgramRoute, { params: { dashboardId: patientId }, body: entries });
}

export function useAddToProgram(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entries: AddToProgramBody) => addToProgram(patientId, entries),
    onSuccess: (program) => storeProgram(queryClient, program),
  });
}
