import { createTemplateRoute } from '@homestretch/contract/templates/create-template';
import type { ProgramTemplate, TemplateBody } from '@homestretch/contract/templates/template';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { templateKeys } from '../../../lib/query-keys/template-keys';

/** POST /program-templates: a new template of the clinic's. */
export function createTemplate(body: TemplateBody): Promise<ProgramTemplate> {
  return apiCall(createTemplateRoute, { body });
}

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTemplate,
    onSuccess: (template) => {
      queryClient.setQueryData(templateKeys.detail(template.id), template);
      return queryClient.invalidateQueries({ queryKey: templateKeys.lists() });
    },
  });
}
