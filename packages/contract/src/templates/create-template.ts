import { defineRoute } from '../common/route';
import { ProgramTemplateSchema, TemplateBodySchema } from './template';

/**
 * A new template of the clinic's (201). Each video must be the clinic's own or the catalogue's
 * (404 names the first that is not).
 */
export const createTemplateRoute = defineRoute({
  method: 'POST',
  path: '/api/v1/program-templates',
  summary: 'Create a program template',
  tags: ['templates'],
  body: TemplateBodySchema,
  response: { 201: ProgramTemplateSchema },
});
