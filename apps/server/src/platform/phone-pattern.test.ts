import { describe, expect, it } from 'vitest';
import { PHONE_PATTERN, PhoneSchema } from '@homestretch/contract/common/fields';

/** The OpenAPI document's phone pattern and the schema that reads phones give the same answers. */
describe('the phone pattern of the OpenAPI document', () => {
  const pattern = new RegExp(PHONE_PATTERN);
  const samples = [
    '(555) 123-4567',
    '555.123.4567',
    '5551234567',
    '1 555 123 4567',
    '+1 (555) 123-4567',
    '+44 20 7946 0958',
    '+4915123456789',
    '+12345678',
    '+123456789012345',
    '555-1234',
    '1234567890',
    '0123456789',
    '+0123456789',
    '+1234567',
    '+1234567890123456',
    '25551234567',
    '555 123 4567 ext 9',
    'call me',
    '',
    '  (555) 123-4567  ',
    '555/123/4567',
  ];

  it('accepts a number exactly when the server does', () => {
    for (const sample of samples) {
      expect(pattern.test(sample), JSON.stringify(sample)).toBe(
        PhoneSchema.safeParse(sample).success,
      );
    }
  });

  it('accepts no number the server refuses, over many generated ones', () => {
    const alphabet = '0123456789 ()-.+';
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed;
    };
    for (let index = 0; index < 20_000; index += 1) {
      const length = 6 + (next() % 20);
      const value = Array.from({ length }, () => alphabet[next() % alphabet.length]).join('');
      if (pattern.test(value)) {
        expect(PhoneSchema.safeParse(value).success, JSON.stringify(value)).toBe(true);
      }
    }
  });
});
