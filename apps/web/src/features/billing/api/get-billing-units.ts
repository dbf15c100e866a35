import {
  billingUnitsRoute,
  type BillingUnits,
  type BillingUnitsQuery,
} from '@homestretch/contract/billing/billing-units';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { billingKeys } from '../../../lib/query-keys/billing-keys';

/** GET /clinic/billing-units: the month's totals per code and its patients, 25 a page. */
export function getBillingUnits(
  query: BillingUnitsQuery,
  signal?: AbortSignal,
): Promise<BillingUnits> {
  return apiCall(billingUnitsRoute, { query, signal });
}

export function billingUnitsQueryOptions(query: BillingUnitsQuery) {
  return queryOptions({
    queryKey: billingKeys.units(query),
    queryFn: ({ signal }) => getBillingUnits(query, signal),
    // The next page or month keeps the table in place until it arrives.
    placeholderData: keepPreviousData,
  });
}

export function useBillingUnits(query: BillingUnitsQuery) {
  return useQuery(billingUnitsQueryOptions(query));
}
