import { defineRoute } from '../common/route';
import { ProgramTemplateSchema, TemplateIdParamsSchema } from './template';

/** One template with its exercises; another clinic's is a 404. */
export const getTemplateRoute = defineRoute({
  method: 'GET',
  path: '/api/v1/program-templates/:templateId',
  summary: 'One program template',
  tags: ['templates'],
  params: TemplateIdParamsSchema,
  response: { 200: ProgramTemplateSchema },
});
