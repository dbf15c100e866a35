import { z } from 'zod';
import { ClinicCodeSchema } from '../common/fields';
import { defineRoute } from '../common/route';
import { NpiSchema } from './npi';

const text = (label: string, max = 120) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is at most ${max} characters`);

export const US_STATE_CODES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
  'PR',
  'GU',
  'VI',
  'AS',
  'MP',
] as const;

export const AddressSchema = z.object({
  line1: text('Street address'),
  line2: z.string().trim().max(120, 'Address line 2 is at most 120 characters').default(''),
  city: text('City', 80),
  state: z.enum(US_STATE_CODES, { error: 'State is a two-letter US state or territory code' }),
  zip: z
    .string()
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, 'ZIP code is 5 digits, or ZIP+4 as 12345-6789'),
});

/** The rendering / billing provider who signs the claims. */
export const ProviderInfoSchema = z.object({
  first_name: text('First name', 100),
  last_name: text('Last name', 100),
  credentials: z.string().trim().max(20, 'Credentials are at most 20 characters').default('PT'),
  npi: NpiSchema,
});
export type ProviderInfo = z.infer<typeof ProviderInfoSchema>;

/** The practice billed under: its group NPI, tax id and service address. */
export const PracticeInfoSchema = z.object({
  name: text('Practice name'),
  npi: NpiSchema,
  /** Employer identification number, 12-3456789. */
  tax_id: z
    .string()
    .trim()
    .regex(/^\d{2}-\d{7}$/, 'Tax id is an EIN of 9 digits, written 12-3456789'),
  address: AddressSchema,
  phone: z
    .string()
    .trim()
    .regex(/^\+?[\d\s().-]{10,20}$/, 'Phone is a US number of 10 digits'),
  /** CMS place-of-service code on each claim line: 11 office unless the clinic says otherwise. */
  place_of_service: z
    .string()
    .trim()
    .regex(/^\d{2}$/, 'Place of service is a two-digit CMS code, e.g. 11')
    .default('11'),
  /**
   * Whether secure messaging counts as the month's interactive communication. domain/rtm.md: it is
   * contested, so the safe default is a logged call only.
   */
  messaging_counts_as_interactive: z.boolean().default(false),
});
export type PracticeInfo = z.infer<typeof PracticeInfoSchema>;

export const BillingInfoBodySchema = z.object({
  provider_info: ProviderInfoSchema,
  practice_info: PracticeInfoSchema,
});
export type BillingInfoBody = z.input<typeof BillingInfoBodySchema>;

export const BillingInfoSchema = z.object({
  /** null until the clinic has filled it in. */
  provider_info: ProviderInfoSchema.nullable(),
  practice_info: PracticeInfoSchema.nullable(),
  updated_at: z.iso.datetime({ offset: true }).nullable(),
});
export type BillingInfo = z.infer<typeof BillingInfoSchema>;

const params = z.object({ code: ClinicCodeSchema });

export const getBillingInfoRoute = defineRoute({
  method: 'GET',
  path: '/clinic/:code/billing-info',
  summary: "The clinic's billing information",
  tags: ['billing'],
  params,
  response: { 200: BillingInfoSchema },
});

/** Replaces both parts at once, validated (NPI check digits, tax id, address); admin or manager. */
export const putBillingInfoRoute = defineRoute({
  method: 'PUT',
  path: '/clinic/:code/billing-info',
  summary: "Change the clinic's billing information",
  tags: ['billing'],
  params,
  body: BillingInfoBodySchema,
  response: { 200: BillingInfoSchema },
});
