import { describe, expect, it } from 'vitest';
import { PHONE_PATTERN, PhoneSchema } from '@homestretch/contract/common/phone';

const parsed = (value: string) => PhoneSchema.safeParse(value);

describe('PhoneSchema: real numbers only, stored as E.164', () => {
  it('reads a US number however it is spelled, with or without its 1', () => {
    for (const typed of [
      '(212) 555-0182',
      '212.555.0182',
      '2125550182',
      '212-555-0182',
      '1 212 555 0182',
      '+1 (212) 555-0182',
      '  (212) 555-0182  ',
    ]) {
      expect(parsed(typed).data, typed).toBe('+12125550182');
    }
  });

  it('accepts numbers of other North American and foreign plans', () => {
    expect(parsed('(416) 555-0123').data).toBe('+14165550123');
    expect(parsed('+44 20 7946 0958').data).toBe('+442079460958');
    expect(parsed('+44 7911 123456').data).toBe('+447911123456');
    expect(parsed('+33 6 12 34 56 78').data).toBe('+33612345678');
    expect(parsed('+4915123456789').data).toBe('+4915123456789');
  });

  it('refuses US-shaped numbers no area code or exchange allows', () => {
    for (const typed of [
      '(123) 456-7890',
      '(023) 456-7890',
      '(555) 123-4567',
      '(212) 155-0182',
      '(212) 055-0182',
      '1234567890',
    ]) {
      expect(parsed(typed).error?.issues[0]?.message, typed).toBe(
        'Enter a valid 10-digit US number, e.g. (212) 555-0123',
      );
    }
  });

  it('refuses a number of the wrong length, or a foreign one without its +', () => {
    for (const typed of ['555-0182', '212555018', '22125550182', '442079460958']) {
      expect(parsed(typed).success, typed).toBe(false);
    }
    for (const typed of ['+44 20 7946 095', '+0123456789', '+12345', '+1234567890123456']) {
      expect(parsed(typed).error?.issues[0]?.message, typed).toBe(
        'Enter a valid number after the + and country code',
      );
    }
  });

  it('refuses letters, extensions and a + anywhere but first', () => {
    for (const typed of ['call me', '212 555 0182 ext 9', '212/555/0182', '212+555+0182']) {
      expect(parsed(typed).error?.issues[0]?.message, typed).toBe(
        'Use only digits, spaces, dots, dashes and brackets, e.g. (212) 555-0123; put a + only before the country code',
      );
    }
  });
});

/**
 * The OpenAPI document's pattern is the shape of a number, the schema also checks its numbering
 * plan: every number the schema accepts matches the pattern, and the pattern refuses what the
 * schema refuses for its shape.
 */
describe('the phone pattern of the OpenAPI document', () => {
  const pattern = new RegExp(PHONE_PATTERN);

  it('matches every number the server accepts, and refuses malformed ones', () => {
    const accepted = [
      '(212) 555-0182',
      '212.555.0182',
      '1 212 555 0182',
      '+1 (212) 555-0182',
      '+44 20 7946 0958',
      '+4915123456789',
      '  (212) 555-0182  ',
    ];
    for (const sample of accepted) {
      expect(parsed(sample).success, sample).toBe(true);
      expect(pattern.test(sample), sample).toBe(true);
    }
    const malformed = [
      '555-1234',
      '(123) 456-7890',
      '0123456789',
      '+0123456789',
      '+12345',
      '+1234567890123456',
      '25551234567',
      '555 123 4567 ext 9',
      'call me',
      '',
      '555/123/4567',
    ];
    for (const sample of malformed) {
      expect(parsed(sample).success, sample).toBe(false);
      expect(pattern.test(sample), sample).toBe(false);
    }
  });

  it('matches every number the server accepts, over many generated ones', () => {
    const alphabet = '0123456789 ()-.+';
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed;
    };
    let accepted = 0;
    for (let index = 0; index < 20_000; index += 1) {
      // Mostly digits, so that a good share of the generated strings are real numbers.
      const length = 6 + (next() % 20);
      const value = Array.from({ length }, () =>
        next() % 3 === 0 ? alphabet[next() % alphabet.length] : String(next() % 10),
      ).join('');
      if (PhoneSchema.safeParse(value).success) {
        accepted += 1;
        expect(pattern.test(value), JSON.stringify(value)).toBe(true);
      }
    }
    // A generator that produced no real number would check nothing.
    expect(accepted).toBeGreaterThan(500);
  });
});
