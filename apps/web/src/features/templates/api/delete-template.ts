import { deleteTemplateRoute } from '@homestretch/contract/templates/delete-template';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { templateKeys } from '../../../lib/query-keys/template-keys';

/** DELETE /program-templates/{templateId}: programs filled from it keep their exercises. */
export async function deleteTemplate(templateId: number): Promise<void> {
  await apiCall(deleteTemplateRoute, { params: { templateId } });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: (_answer, templateId) => {
      queryClient.removeQueries({ queryKey: templateKeys.detail(templateId) });
      return queryClient.invalidateQueries({ queryKey: templateKeys.lists() });
    },
  });
}
