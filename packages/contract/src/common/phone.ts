import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';

/*
 * Phones in a file of their own: the numbering plans (libphonenumber-js, ~30 KB gzip) are loaded
 * only by the screens and routes that read a phone, not by every screen that imports fields.ts.
 */

/** The example every phone message gives: a real US shape, in the range kept for fiction. */
const PHONE_EXAMPLE = '(212) 555-0123';

/**
 * The numbers PhoneSchema may accept, as one pattern for the OpenAPI document: 10 digits (or 1
 * and 10) whose area code does not start with 0 or 1; or + and 6 to 15 digits, the first not 0;
 * with spaces, dots, dashes or brackets between. A shape only: the schema also checks each number
 * against its country's plan (no area code 555, no US exchange starting with 0 or 1, though some
 * Caribbean +1 plans allow one), which a pattern cannot follow. A unit test holds every number
 * the schema accepts to the pattern.
 */
export const PHONE_PATTERN =
  '^\\s*(?:\\+[\\s().-]*[1-9](?:[\\s().-]*\\d){5,14}|(?:[\\s().-]*1)?[\\s().-]*[2-9](?:[\\s().-]*\\d){9})[\\s().-]*$';

/** E.164's limit: a longer run of digits is no phone number, whatever a numbering plan allows. */
const MAX_E164_DIGITS = 15;

/**
 * Phone numbers are stored in E.164 (`+12125550123`) so that search by digits, OTP lookups and
 * SMS all see one spelling. The clinics are in the US: ten digits (or 1 + ten) are read as a US
 * (North American) number; any other country needs its leading `+`. Either must be a real number
 * of its country's numbering plan (libphonenumber-js, docs/decisions/010-libphonenumber.md):
 * `(123) 456-7890` has the shape of a US number, but no area code starts with 1.
 */
export const PhoneSchema = z
  .string()
  .trim()
  .max(32, 'Phone number is too long')
  .transform((value, context) => {
    if (/[^\d\s().+-]/.test(value) || value.lastIndexOf('+') > 0) {
      // Names every character the number may hold: "digits only" beside "(212) 555-0123" read
      // as a contradiction.
      context.addIssue({
        code: 'custom',
        message: `Use only digits, spaces, dots, dashes and brackets, e.g. ${PHONE_EXAMPLE}; put a + only before the country code`,
      });
      return z.NEVER;
    }
    const e164 = e164Candidate(value);
    const number = e164 === null ? undefined : parsePhoneNumberFromString(e164);
    if (number?.isValid()) {
      return number.number;
    }
    context.addIssue({
      code: 'custom',
      message: value.startsWith('+')
        ? 'Enter a valid number after the + and country code'
        : `Enter a valid 10-digit US number, e.g. ${PHONE_EXAMPLE}`,
    });
    return z.NEVER;
  })
  .meta({
    type: 'string',
    maxLength: 32,
    pattern: PHONE_PATTERN,
    description: `A US number, e.g. ${PHONE_EXAMPLE}, or + and the country code; it must be a valid number of its country's numbering plan (so no US area code starting with 0 or 1). Stored and answered as E.164, e.g. +12125550123`,
  });

/** The E.164 spelling a typed number stands for, before its numbering plan is checked. */
function e164Candidate(value: string): string | null {
  const digits = value.replace(/\D/g, '');
  if (value.startsWith('+')) {
    return digits.length <= MAX_E164_DIGITS ? `+${digits}` : null;
  }
  if (digits.length === 10) {
    return `+1${digits}`;
  }
  return digits.length === 11 && digits.startsWith('1') ? `+${digits}` : null;
}
