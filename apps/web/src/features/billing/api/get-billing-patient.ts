import {
  billingPatientRoute,
  type BillingExplanation,
} from '@homestretch/contract/billing/billing-patient';
import type { BillingPeriod } from '@homestretch/contract/billing/billing-period';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { billingKeys } from '../../../lib/query-keys/billing-keys';

/** GET /clinic/billing-units/patient/:id: one patient's lines with the records behind them. */
export function getBillingPatient(
  patientId: number,
  period: BillingPeriod,
  signal?: AbortSignal,
): Promise<BillingExplanation> {
  return apiCall(billingPatientRoute, { params: { patientId }, query: period, signal });
}

export function useBillingPatient(patientId: number, period: BillingPeriod) {
  return useQuery(
    queryOptions({
      queryKey: billingKeys.patient(patientId, period),
      queryFn: ({ signal }) => getBillingPatient(patientId, period, signal),
    }),
  );
}
