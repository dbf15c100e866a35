import {
  type CreateHepRequestBody,
  createHepRequestRoute,
} from '@homestretch/contract/hep/patient-request';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';

/** "Ask my therapist" (POST /video/hep_request/create): staff see it on the program panel. */
export function useAskTherapist() {
  return useMutation({
    mutationFn: (body: CreateHepRequestBody) => apiCall(createHepRequestRoute, { body }),
  });
}
