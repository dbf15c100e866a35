import { getBillingInfoRoute, type BillingInfo } from '@homestretch/contract/billing/billing-info';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { billingKeys } from '../../../lib/query-keys/billing-keys';

/** GET /clinic/:code/billing-info: the provider and practice the claims are made out for. */
export function getBillingInfo(code: string, signal?: AbortSignal): Promise<BillingInfo> {
  return apiCall(getBillingInfoRoute, { params: { code }, signal });
}

export function billingInfoQueryOptions(code: string) {
  return queryOptions({
    queryKey: billingKeys.info(code),
    queryFn: ({ signal }) => getBillingInfo(code, signal),
  });
}

/** `code` null: an account of no clinic, which has no billing information to ask for. */
export function useBillingInfo(code: string | null) {
  return useQuery({ ...billingInfoQueryOptions(code ?? ''), enabled: code !== null });
}
