import {
  checkBillingFileRoute,
  type BillingFileCheck,
} from '@homestretch/contract/billing/billing-files';
import type { BillingPeriod } from '@homestretch/contract/billing/billing-period';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { billingKeys } from '../../../lib/query-keys/billing-keys';

/** GET /clinic/billing/:month/:year/check-file: what the month's files will hold. */
export function checkBillingFile(
  period: BillingPeriod,
  signal?: AbortSignal,
): Promise<BillingFileCheck> {
  return apiCall(checkBillingFileRoute, { params: period, signal });
}

export function useBillingFileCheck(period: BillingPeriod) {
  return useQuery(
    queryOptions({
      queryKey: billingKeys.fileCheck(period),
      queryFn: ({ signal }) => checkBillingFile(period, signal),
    }),
  );
}
