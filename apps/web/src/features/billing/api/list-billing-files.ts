import { listBillingFilesRoute } from '@homestretch/contract/billing/billing-files';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, type ApiCallResult } from '../../../lib/api-client';
import { billingKeys } from '../../../lib/query-keys/billing-keys';

export type UploadedBillingFiles = ApiCallResult<typeof listBillingFilesRoute>;

/** GET /clinic/billing/files: the files the administrator uploaded, newest month first. */
export function listBillingFiles(signal?: AbortSignal): Promise<UploadedBillingFiles> {
  return apiCall(listBillingFilesRoute, { signal });
}

export function useBillingFiles() {
  return useQuery(
    queryOptions({
      queryKey: billingKeys.fileList(),
      queryFn: ({ signal }) => listBillingFiles(signal),
    }),
  );
}
