import { z } from 'zod';
import { SearchQuerySchema } from '../common/fields';
import { PageQuerySchema, PaginatedSchema } from '../common/pagination';
import { defineRoute } from '../common/route';

export const Icd10CodeResultSchema = z.object({
  /** As stored and sent back in `selected_code`: no dot (M5450). */
  code: z.string(),
  /** As people write it (M54.50). */
  display_code: z.string(),
  description: z.string(),
  /** Only billable (leaf) codes can go on a claim. */
  billable: z.boolean(),
});
export type Icd10CodeResult = z.infer<typeof Icd10CodeResultSchema>;

export const Icd10SearchQuerySchema = PageQuerySchema.extend({ search: SearchQuerySchema });
export type Icd10SearchQuery = z.input<typeof Icd10SearchQuerySchema>;

/**
 * Searches the full ICD-10-CM code set by code (`m54.5`, `M545`) or words (`low back pain`,
 * `rotator cuff tear right`). Best first: the exact code, codes under it, then descriptions
 * equal to / starting with / containing the phrase, then all words; billable and shorter first.
 */
export const searchIcd10CodesRoute = defineRoute({
  method: 'GET',
  path: '/api/v1/icd10_codes/',
  summary: 'Search ICD-10-CM diagnosis codes',
  tags: ['icd10'],
  querystring: Icd10SearchQuerySchema,
  response: { 200: PaginatedSchema(Icd10CodeResultSchema) },
});
