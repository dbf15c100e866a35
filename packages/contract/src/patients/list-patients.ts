import { z } from 'zod';
import { IdParamSchema, QueryBooleanSchema, SearchQuerySchema } from '../common/fields';
import { PageQuerySchema, PaginatedSchema } from '../common/pagination';
import { defineRoute } from '../common/route';
import { PatientSchema } from './patient';

/** The roster's status filter: `all` is active and discharged (removed patients never appear). */
export const ROSTER_STATUS_FILTERS = ['active', 'discharged', 'all'] as const;
export type RosterStatusFilter = (typeof ROSTER_STATUS_FILTERS)[number];

export const PatientListQuerySchema = PageQuerySchema.extend({
  /**
   * First and/or last name in either order, by word prefix, ignoring case and accents
   * ("nun jo" finds José Núñez); phone digits anywhere in the number; the start of a word of the
   * e-mail ("okafor@"); the start of diagnosis words, or of the ICD-10 code. Every match but the
   * phone's is the start of a word: "son" does not find Johnson.
   */
  search: SearchQuerySchema,
  /** Default `active`; `all` lists active and discharged (removed patients never appear). */
  status: z
    .enum(ROSTER_STATUS_FILTERS, { error: 'Status is active, discharged or all' })
    .default('active'),
  /** Only patients the caller treats. */
  mine: QueryBooleanSchema.optional(),
  /**
   * Only patients this staff member treats: the id of one of the clinic's treating staff
   * (GET /clinic/therapist?can_treat=true). Any other id is a 400 naming `therapist`, the same
   * answer for every id outside the clinic's treating staff, so it tells nothing about them.
   * Not together with `mine`.
   */
  therapist: IdParamSchema.optional(),
  /** Only patients whose RTM coverage flag is on (true) or off (false). */
  rtm: QueryBooleanSchema.optional(),
});
export type PatientListQuery = z.input<typeof PatientListQuerySchema>;

export const PatientListSchema = PaginatedSchema(PatientSchema).extend({
  /**
   * Present and true when a search matched more patients than it counts
   * (SEARCH_COUNT_CAPPED_AT): `count` is then that cap, shown as "1,000+", and the pages reach
   * that far.
   */
  count_capped: z.literal(true).optional(),
});
export type PatientList = z.infer<typeof PatientListSchema>;

/**
 * The clinic's roster, 25 a page. With a search, best matches first (exact name, then name
 * prefixes, then phone/e-mail, then diagnosis and code), then by last name; otherwise by last name.
 */
export const listPatientsRoute = defineRoute({
  method: 'GET',
  path: '/api/v1/patients/',
  summary: "The clinic's patients, searched and filtered, 25 a page",
  tags: ['patients'],
  querystring: PatientListQuerySchema,
  response: { 200: PatientListSchema },
});
