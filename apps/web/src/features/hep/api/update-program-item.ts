import type { HepItem } from '@homestretch/contract/hep/hep-item';
import type { Program } from '@homestretch/contract/hep/program';
import {
  updateProgramItemRoute,
  type UpdateProgramItemBody,
} from '@homestretch/contract/hep/update-program-item';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hepKeys } from '../../../lib/query-keys/hep-keys';
import { refreshProgram } from './program-cache';

export interface UpdateProgramItemInput {
  hepId: number;
  body: UpdateProgramItemBody;
}

/** PATCH /video/hep/therapist/{dashboardId}/{hepId} {sets, reps, description}. */
export function updateProgramItem(
  patientId: number,
  { hepId, body }: UpdateProgramItemInput,
): Promise<HepItem> {
  return apiCall(updateProgramItemRoute, { params: { dashboardId: patientId, hepId }, body });
}

/** The answer is the item as saved: it replaces its row at once, then the rest refreshes. */
export function useUpdateProgramItem(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProgramItemInput) => updateProgramItem(patientId, input),
    onSuccess: async (item) => {
      queryClient.setQueryData<Program>(hepKeys.program(patientId, null), (program) =>
        program
          ? { ...program, items: program.items.map((row) => (row.id === item.id ? item : row)) }
          : program,
      );
      await refreshProgram(queryClient, patientId, { keepCurrent: true });
    },
  });
}
