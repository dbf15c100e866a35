import {
  putBillingInfoRoute,
  type BillingInfo,
  type BillingInfoBody,
} from '@homestretch/contract/billing/billing-info';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { billingKeys } from '../../../lib/query-keys/billing-keys';

export interface UpdateBillingInfoInput {
  code: string;
  body: BillingInfoBody;
}

/** PUT /clinic/:code/billing-info: both parts at once; admin or manager. */
export function updateBillingInfo({ code, body }: UpdateBillingInfoInput): Promise<BillingInfo> {
  return apiCall(putBillingInfoRoute, { params: { code }, body });
}

/** The answer is the stored info: it replaces the cached one, no refetch needed. */
export function useUpdateBillingInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBillingInfo,
    onSuccess: (saved, { code }) => {
      queryClient.setQueryData(billingKeys.info(code), saved);
    },
  });
}
