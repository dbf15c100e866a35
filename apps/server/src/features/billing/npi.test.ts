import { describe, expect, it } from 'vitest';
import { NpiSchema, npiIsValid } from '@homestretch/contract/billing/npi';

describe('npiIsValid', () => {
  it('accepts the example of the CMS check-digit paper and real-format numbers', () => {
    expect(npiIsValid('1234567893')).toBe(true);
    expect(npiIsValid('1245319599')).toBe(true);
  });

  it('refuses a wrong check digit, a swapped pair, and anything but ten digits', () => {
    expect(npiIsValid('1234567890')).toBe(false);
    expect(npiIsValid('2134567893')).toBe(false);
    expect(npiIsValid('123456789')).toBe(false);
    expect(npiIsValid('12345678931')).toBe(false);
    expect(npiIsValid('12345a7893')).toBe(false);
  });

  it('says in words what is wrong', () => {
    expect(NpiSchema.safeParse('12345').error?.issues[0]?.message).toBe('An NPI is 10 digits');
    expect(NpiSchema.safeParse('1234567890').error?.issues[0]?.message).toMatch(/check digit/);
  });
});
