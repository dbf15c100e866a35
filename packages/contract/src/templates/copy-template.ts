import { defineRoute } from '../common/route';
import { ProgramTemplateSchema, TemplateIdParamsSchema } from './template';

/**
 * A clinic copy of a template the caller sees, theirs to change (201): how a shipped template
 * becomes the clinic's own. A shipped template's copy keeps its name; a clinic one's is "Copy of …".
 */
export const copyTemplateRoute = defineRoute({
  method: 'POST',
  path: '/api/v1/program-templates/:templateId/copy',
  summary: 'Copy a program template into the clinic',
  tags: ['templates'],
  params: TemplateIdParamsSchema,
  response: { 201: ProgramTemplateSchema },
});
