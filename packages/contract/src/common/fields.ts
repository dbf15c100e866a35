import { z } from 'zod';

/** Addresses are compared case-insensitively, so they are stored trimmed and lower-cased. */
export const EmailSchema = z
  .string()
  .trim()
  .max(254, 'Email is too long')
  .email('Enter a valid email address')
  .transform((value) => value.toLowerCase());

/**
 * Long passphrases beat complexity rules (NIST SP 800-63B): at least 8 characters,
 * at most 128 so that hashing a huge body cannot be used to burn CPU.
 */
export const NewPasswordSchema = z
  .string()
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

/** A password being checked is never length-ruled beyond the hashing cap. */
export const PasswordSchema = z
  .string()
  .min(1, 'Password is required')
  .max(128, 'Password is too long');

/**
 * A name goes into e-mail subjects, texts and headers: a line break or another control character
 * in one could start a line of its own there (security issue 28).
 */
export const PersonNameSchema = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(100, 'Must be at most 100 characters')
  .refine((value) => !/\p{Cc}/u.test(value), 'Must not contain line breaks or control characters');

/** Clinic codes are short, upper-case letters and digits (e.g. DEMO01, X5218). */
export const ClinicCodeSchema = z
  .string()
  .trim()
  // First, so an empty field says what is missing rather than that it is short.
  .min(1, 'Clinic code is required')
  .min(3, 'Clinic code is too short')
  .max(20, 'Clinic code is too long')
  .regex(/^[A-Za-z0-9-]+$/, 'Clinic code has letters, digits and dashes only')
  .transform((value) => value.toUpperCase());

/**
 * Every id column is a PostgreSQL `integer`: PostgreSQL refuses to compare one with a larger
 * number, so an id above this cap answered 500 instead of 400 or 404.
 */
export const MAX_ID = 2_147_483_647;

const ID_RULE = `A positive 32-bit integer id: 1 to ${MAX_ID}`;

/** A row id in a JSON body: a number, never a numeric string. */
export const IdSchema = z
  .number()
  .int('Must be a whole number')
  .positive('Must be positive')
  .max(MAX_ID, `Must be at most ${MAX_ID}`)
  .meta({ description: ID_RULE });

/**
 * A row id in a path or query string, where it arrives as text. The coercion hides the rule from
 * the OpenAPI document, so the document is told it (security finding 10: requests valid by the
 * document were refused).
 */
export const IdParamSchema = z.coerce
  .number()
  .pipe(IdSchema)
  .meta({ type: 'integer', minimum: 1, maximum: MAX_ID, description: ID_RULE });

export const IdParamsSchema = z.object({ id: IdParamSchema });

/**
 * The two parts of an e-mailed single-use link (password reset, sign-up), as text from its query
 * string: the id of what it opens and its token. `link` names it in the messages.
 */
export function emailedLinkFields(link: string) {
  return {
    id: z
      .string()
      .trim()
      .min(1, `The ${link} is incomplete`)
      .refine((value) => IdParamSchema.safeParse(value).success, `The ${link} is invalid`),
    token: z.string().trim().min(1, `The ${link} is incomplete`).max(128, `The ${link} is invalid`),
  };
}

/**
 * Nothing the clinics record predates 1900, and PostgreSQL has no year 0: `0000-01-01` reached
 * the database and answered 500. Nor is anything recorded or asked for past 2100: the calendar
 * arithmetic of a month or a day past year 9999 fails (`as_of=9999-12-31` answered 500).
 */
const MIN_YEAR = 1900;
const MAX_YEAR = 2100;
const yearMessage = `Must be from ${MIN_YEAR}-01-01 to ${MAX_YEAR}-12-31`;
const inYears = (value: string) => {
  const year = Number(value.slice(0, 4));
  return year >= MIN_YEAR && year <= MAX_YEAR;
};

/**
 * What the OpenAPI document says of a date or time: refinements do not reach it, so each rule the
 * server checks is written out here, beside the schema that checks it.
 */
export const DATE_RULE = `A real calendar date, YYYY-MM-DD, from ${MIN_YEAR}-01-01 to ${MAX_YEAR}-12-31`;
export const DATE_TIME_RULE = `An ISO 8601 date and time with a time zone offset, e.g. 2026-11-02T08:30:00-05:00, in the years ${MIN_YEAR} to ${MAX_YEAR}`;
export const NOT_IN_FUTURE = "not after today in the clinic's time zone";

export const IsoDateTimeSchema = z
  .string()
  .datetime({
    offset: true,
    message: 'Use an ISO 8601 date and time with a time zone, e.g. 2026-11-02T08:30:00-05:00',
  })
  .refine(inYears, yearMessage)
  .meta({ format: 'date-time', description: DATE_TIME_RULE });

/** Calendar date `YYYY-MM-DD`, a real one (no 31 February), from 1900 on. */
export const IsoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'This date does not exist')
  .refine(inYears, yearMessage)
  .meta({ format: 'date', description: DATE_RULE });

/** The first month anything is billed or monitored for: before 2000 none of it existed. */
const FIRST_MONTH_YEAR = 2000;
export const MONTH_RULE = `A month, YYYY-MM, from ${FIRST_MONTH_YEAR}-01 to ${MAX_YEAR}-12`;

/** A calendar month `YYYY-MM` (monitoring and billing months, in the clinic's time zone). */
export const IsoMonthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use the month format YYYY-MM, e.g. 2026-11')
  .refine((value) => {
    const year = Number(value.slice(0, 4));
    return year >= FIRST_MONTH_YEAR && year <= MAX_YEAR;
  }, `Months from ${FIRST_MONTH_YEAR}-01 to ${MAX_YEAR}-12`)
  .meta({ format: 'month', description: MONTH_RULE });

/**
 * A day or an instant: `2026-11-20` is that day in the clinic's time zone, a date-time is that
 * instant. For what staff often log by the day (a visit, a call) but a device logs to the second.
 */
export const IsoDateOrDateTimeSchema = z
  .string()
  .superRefine((value, context) => {
    // Read as what it looks like, so the message names what is wrong with that.
    const schema = value.includes('T') ? IsoDateTimeSchema : IsoDateSchema;
    for (const issue of schema.safeParse(value).error?.issues ?? []) {
      context.addIssue({ code: 'custom', message: issue.message });
    }
  })
  .meta({ description: `${DATE_RULE} (a day in the clinic's time zone); or ${DATE_TIME_RULE}` });

/** A date the server also refuses in the future (a birthday, a measurement). */
export const PastIsoDateSchema = IsoDateSchema.meta({
  format: 'date',
  description: `${DATE_RULE}, ${NOT_IN_FUTURE}`,
});

/**
 * An ICD-10-CM code as people type it (`m54.50`, `M5450`): stored upper-case without the dot,
 * the spelling of the official code file.
 */
export const Icd10CodeSchema = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase().replace('.', ''))
  .pipe(z.string().regex(/^[A-Z][0-9][0-9A-Z]{1,5}$/, 'Enter an ICD-10-CM code such as M54.50'));

/** Optional free-text search of list endpoints; blank means no search. */
export const SearchQuerySchema = z
  .string()
  .trim()
  .max(100, 'Search is at most 100 characters')
  .optional();

/** `true`/`false` in a query string (also 1/0). */
export const QueryBooleanSchema = z
  .enum(['true', 'false', '1', '0'], { error: 'Use true or false' })
  .transform((value) => value === 'true' || value === '1');

export const EmptyResponseSchema = z.object({ ok: z.literal(true) });
export type EmptyResponse = z.infer<typeof EmptyResponseSchema>;
