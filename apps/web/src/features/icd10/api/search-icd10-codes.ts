import {
  searchIcd10CodesRoute,
  type Icd10CodeResult,
} from '@homestretch/contract/icd10/search-icd10-codes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { icd10Keys } from '../../../lib/query-keys/icd10-keys';

/** GET /api/v1/icd10_codes/?search: the best 25 ICD-10-CM codes for a code or words. */
export async function searchIcd10Codes(
  search: string,
  signal?: AbortSignal,
): Promise<Icd10CodeResult[]> {
  const { results } = await apiCall(searchIcd10CodesRoute, { query: { search }, signal });
  return results;
}

/** The code set does not change while the app runs: a search once answered stays answered. */
export function icd10CodesQueryOptions(search: string) {
  const term = search.trim();
  return queryOptions({
    queryKey: icd10Keys.search(term),
    queryFn: ({ signal }) => searchIcd10Codes(term, signal),
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });
}

/** Searches once `search` is not blank (callers pass the debounced text). */
export function useIcd10Codes(search: string) {
  return useQuery({ ...icd10CodesQueryOptions(search), enabled: search.trim() !== '' });
}
