import type { PatientHepRequest } from '@homestretch/contract/hep/program';
import { resolveHepRequestRoute } from '@homestretch/contract/hep/patient-request';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hepKeys } from '../../../lib/query-keys/hep-keys';

/** POST /video/hep_request/{id}/resolve: the patient's question is answered. */
export function resolveHepRequest(id: number): Promise<PatientHepRequest> {
  return apiCall(resolveHepRequestRoute, { params: { id } });
}

export function useResolveHepRequest(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveHepRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hepKeys.program(patientId, null) }),
  });
}
