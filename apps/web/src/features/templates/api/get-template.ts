import { getTemplateRoute } from '@homestretch/contract/templates/get-template';
import type { ProgramTemplate } from '@homestretch/contract/templates/template';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { templateKeys } from '../../../lib/query-keys/template-keys';

/** GET /program-templates/{templateId}: one template with its exercises and doses. */
export function getTemplate(templateId: number, signal?: AbortSignal): Promise<ProgramTemplate> {
  return apiCall(getTemplateRoute, { params: { templateId }, signal });
}

export function templateQueryOptions(templateId: number) {
  return queryOptions({
    queryKey: templateKeys.detail(templateId),
    queryFn: ({ signal }) => getTemplate(templateId, signal),
  });
}

/** One template; nothing is asked while `templateId` is null. */
export function useTemplate(templateId: number | null) {
  return useQuery({
    ...templateQueryOptions(templateId ?? 0),
    enabled: templateId !== null,
  });
}
