import {
  downloadBillingFileRoute,
  type BillingDownload,
  type BillingFileFormat,
} from '@homestretch/contract/billing/billing-files';
import type { BillingPeriod } from '@homestretch/contract/billing/billing-period';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { saveBase64File } from '../components/save-file';

export interface DownloadBillingFileInput extends BillingPeriod {
  format: BillingFileFormat;
}

/** GET /clinic/billing/:month/:year/download-file?format: the file's bytes in base64. */
export function downloadBillingFile({
  month,
  year,
  format,
}: DownloadBillingFileInput): Promise<BillingDownload> {
  return apiCall(downloadBillingFileRoute, { params: { month, year }, query: { format } });
}

/**
 * A mutation, not a query: each click fetches the file afresh (the workbook is made from the
 * records at that moment) and nothing is kept in the cache. The browser then saves it.
 */
export function useDownloadBillingFile() {
  return useMutation({
    mutationFn: downloadBillingFile,
    onSuccess: (file) => saveBase64File(file),
  });
}
