import { z } from 'zod';

/**
 * A National Provider Identifier: ten digits whose last is a Luhn check digit computed over the
 * prefix 80840 and the first nine (CMS, "Requirements for NPI check digit").
 */
export function npiIsValid(npi: string): boolean {
  if (!/^\d{10}$/.test(npi)) {
    return false;
  }
  const digits = `80840${npi.slice(0, 9)}`;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    const digit = Number(digits[digits.length - 1 - i]);
    const doubled = i % 2 === 0 ? digit * 2 : digit;
    sum += doubled > 9 ? doubled - 9 : doubled;
  }
  return (10 - (sum % 10)) % 10 === Number(npi[9]);
}

export const NpiSchema = z
  .string()
  .trim()
  .regex(/^\d{10}$/, 'An NPI is 10 digits')
  .refine(npiIsValid, 'This NPI fails its check digit: check for a mistyped digit');
