import {
  uploadBillingFileRoute,
  type UploadBillingFileBody,
  type UploadedBillingFile,
} from '@homestretch/contract/billing/billing-files';
import type { BillingPeriod } from '@homestretch/contract/billing/billing-period';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { billingKeys } from '../../../lib/query-keys/billing-keys';

export interface UploadBillingFileInput extends BillingPeriod {
  body: UploadBillingFileBody;
}

/** POST /clinic/billing/:month/:year/upload-file: the administrator's file for the month. */
export function uploadBillingFile({
  month,
  year,
  body,
}: UploadBillingFileInput): Promise<UploadedBillingFile> {
  return apiCall(uploadBillingFileRoute, { params: { month, year }, body });
}

/** The list and the month's check now show the file. */
export function useUploadBillingFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadBillingFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.files() }),
  });
}
