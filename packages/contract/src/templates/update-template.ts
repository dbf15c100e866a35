import { defineRoute } from '../common/route';
import { ProgramTemplateSchema, TemplateBodySchema, TemplateIdParamsSchema } from './template';

/**
 * Replaces a clinic template with the one sent: its author or the clinic's administrator (403
 * otherwise, and for a shipped template, which is copied to be changed).
 */
export const updateTemplateRoute = defineRoute({
  method: 'PUT',
  path: '/api/v1/program-templates/:templateId',
  summary: 'Change a program template',
  tags: ['templates'],
  params: TemplateIdParamsSchema,
  body: TemplateBodySchema,
  response: { 200: ProgramTemplateSchema },
});
