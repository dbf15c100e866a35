import { z } from 'zod';
import { defineRoute } from '../common/route';
import { ConditionSchema, PhaseSchema } from '../library/catalogue-entry';
import { TemplateSourceSchema, TemplateSummarySchema } from './template';

export const TemplateListQuerySchema = z.object({
  condition: ConditionSchema.optional(),
  phase: PhaseSchema.optional(),
  source: TemplateSourceSchema.optional(),
});
export type TemplateListQuery = z.input<typeof TemplateListQuerySchema>;

export const TemplateListSchema = z.object({
  results: z.array(TemplateSummarySchema),
  count: z.number().int().nonnegative(),
});
export type TemplateList = z.infer<typeof TemplateListSchema>;

/**
 * Every template the caller's clinic sees, all at once (tens of its own beside 45 shipped): by
 * condition in the catalogue's order, then phase (early, middle, late), the clinic's own before
 * the shipped one of the same condition and phase, then by name.
 */
export const listTemplatesRoute = defineRoute({
  method: 'GET',
  path: '/api/v1/program-templates',
  summary: 'The program templates the clinic sees',
  tags: ['templates'],
  querystring: TemplateListQuerySchema,
  response: { 200: TemplateListSchema },
});
