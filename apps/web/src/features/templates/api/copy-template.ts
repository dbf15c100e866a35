import { copyTemplateRoute } from '@homestretch/contract/templates/copy-template';
import type { ProgramTemplate } from '@homestretch/contract/templates/template';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { templateKeys } from '../../../lib/query-keys/template-keys';

/** POST /program-templates/{templateId}/copy: the clinic's own copy, the caller's to change. */
export function copyTemplate(templateId: number): Promise<ProgramTemplate> {
  return apiCall(copyTemplateRoute, { params: { templateId } });
}

export function useCopyTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyTemplate,
    onSuccess: (template) => {
      queryClient.setQueryData(templateKeys.detail(template.id), template);
      return queryClient.invalidateQueries({ queryKey: templateKeys.lists() });
    },
  });
}
