import { updateTemplateRoute } from '@homestretch/contract/templates/update-template';
import type { ProgramTemplate, TemplateBody } from '@homestretch/contract/templates/template';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { templateKeys } from '../../../lib/query-keys/template-keys';

/** PUT /program-templates/{templateId}: the template replaced by the one sent. */
export function updateTemplate({
  templateId,
  body,
}: {
  templateId: number;
  body: TemplateBody;
}): Promise<ProgramTemplate> {
  return apiCall(updateTemplateRoute, { params: { templateId }, body });
}

export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTemplate,
    onSuccess: (template) => {
      queryClient.setQueryData(templateKeys.detail(template.id), template);
      return queryClient.invalidateQueries({ queryKey: templateKeys.lists() });
    },
  });
}
