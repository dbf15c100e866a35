import { EmptyResponseSchema } from '../common/fields';
import { defineRoute } from '../common/route';
import { TemplateIdParamsSchema } from './template';

/** Deletes a clinic template (programs filled from it keep their exercises): as update. */
export const deleteTemplateRoute = defineRoute({
  method: 'DELETE',
  path: '/api/v1/program-templates/:templateId',
  summary: 'Delete a program template',
  tags: ['templates'],
  params: TemplateIdParamsSchema,
  response: { 200: EmptyResponseSchema },
});
