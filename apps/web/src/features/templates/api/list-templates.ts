import {
  listTemplatesRoute,
  type TemplateList,
  type TemplateListQuery,
} from '@homestretch/contract/templates/list-templates';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { templateKeys } from '../../../lib/query-keys/template-keys';

/** GET /program-templates?condition&phase&source: every template the clinic sees. */
export function listTemplates(
  query: TemplateListQuery,
  signal?: AbortSignal,
): Promise<TemplateList> {
  return apiCall(listTemplatesRoute, { query, signal });
}

/** The previous list stays on screen while another filter loads. */
export function templatesQueryOptions(query: TemplateListQuery) {
  return queryOptions({
    queryKey: templateKeys.list(query),
    queryFn: ({ signal }) => listTemplates(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTemplates(query: TemplateListQuery) {
  return useQuery(templatesQueryOptions(query));
}
