import type { StaffMember } from '@homestretch/contract/staff/list-staff';
import {
  type SetAssistantKindBody,
  setAssistantKindRoute,
} from '@homestretch/contract/staff/set-assistant-kind';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { staffKeys } from '../../../lib/query-keys/staff-keys';

/** PATCH /clinic/staff/:userId/assistant-kind {assistant_kind}: the administrator. */
export function setAssistantKind(
  input: { userId: number } & SetAssistantKindBody,
): Promise<StaffMember> {
  return apiCall(setAssistantKindRoute, {
    params: { userId: input.userId },
    body: { assistant_kind: input.assistant_kind },
  });
}

export function useSetAssistantKind() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAssistantKind,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.lists() }),
  });
}
