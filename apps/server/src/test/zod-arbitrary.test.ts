import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { IdParamSchema, IsoDateSchema, EmailSchema } from '@homestretch/contract/common/fields';
import { PhoneSchema } from '@homestretch/contract/common/phone';
import { RegisterPatientBodySchema } from '@homestretch/contract/patients/register-patient';
import { VideoListQuerySchema } from '@homestretch/contract/library/list-videos';
import { HOSTILE_STRINGS, hostileArbitrary, validArbitrary } from './zod-arbitrary';

const Shape = z.strictObject({
  name: z.string().trim().min(1).max(20),
  age: z.number().int().min(0).max(120),
  ratio: z.number().gt(0).lt(1),
  kind: z.enum(['a', 'b']),
  tag: z.literal('x').optional(),
  note: z.string().nullable(),
  flags: z.array(z.boolean()).min(1).max(3),
  code: z.string().regex(/^[A-Z]{3}\d$/),
  page: z.coerce.number().int().min(1).default(1),
});

const sample = <T>(arbitrary: fc.Arbitrary<T>, numRuns = 300) =>
  fc.sample(arbitrary, { numRuns, seed: 7 });

describe('validArbitrary', () => {
  it('makes only values a schema without refinements accepts', () => {
    fc.assert(
      fc.property(validArbitrary(Shape), (value) => Shape.safeParse(value).success),
      { seed: 7, numRuns: 300 },
    );
  });

  it("draws most of a contract's values valid, refinements and pipes included", () => {
    for (const schema of [
      IdParamSchema,
      IsoDateSchema,
      EmailSchema,
      VideoListQuerySchema,
      RegisterPatientBodySchema,
    ]) {
      const values = sample(validArbitrary(schema, { ids: [5, 6] }), 100);
      const passing = values.filter((value) => schema.safeParse(value).success).length;
      expect(passing, JSON.stringify(values[0])).toBeGreaterThanOrEqual(50);
    }
  });

  it('draws ids from the rows given, and named fields from their values', () => {
    const schema = z.object({ id: IdParamSchema, phone: PhoneSchema });
    const values = sample(
      validArbitrary(schema, { ids: [41], named: { phone: ['(212) 555-0123'] } }),
    ) as { id: number; phone: string }[];
    expect(values.filter((value) => value.id === 41).length).toBeGreaterThan(150);
    expect(values.filter((value) => value.phone === '(212) 555-0123').length).toBeGreaterThan(150);
  });
});

describe('hostileArbitrary', () => {
  const values = sample(hostileArbitrary(Shape), 2_000);
  const objects = values.filter(
    (value): value is Record<string, unknown> =>
      value !== null && typeof value === 'object' && !Array.isArray(value),
  );

  it('is refused by the schema most of the time', () => {
    const refused = values.filter((value) => !Shape.safeParse(value).success).length;
    expect(refused).toBeGreaterThan(values.length * 0.9);
  });

  it('sends wrong types, missing fields, extra and prototype keys', () => {
    expect(values.some((value) => value === null)).toBe(true);
    expect(values.some(Array.isArray)).toBe(true);
    expect(objects.some((value) => !('name' in value))).toBe(true);
    expect(objects.some((value) => Object.hasOwn(value, '__proto__'))).toBe(true);
    expect(objects.some((value) => Object.hasOwn(value, 'constructor'))).toBe(true);
    // An own __proto__ key reaches the wire; it never became the object's prototype.
    expect(objects.every((value) => Object.getPrototypeOf(value) === Object.prototype)).toBe(true);
    expect(JSON.stringify(objects.find((value) => Object.hasOwn(value, '__proto__')))).toMatch(
      /"__proto__":/,
    );
  });

  it('sends hostile text and numbers at the edges', () => {
    const fields = objects.flatMap((value) => Object.values(value));
    expect(fields.some((field) => typeof field === 'string' && field.includes('\u0000'))).toBe(
      true,
    );
    expect(fields.some((field) => typeof field === 'string' && field.length >= 100_000)).toBe(true);
    expect(fields).toContain(2 ** 31);
    expect(fields).toContain(2 ** 53);
    expect(fields).toContain(1.5);
    expect(fields).toContain('NaN');
    expect(HOSTILE_STRINGS.some((text) => /[\ud800-\udbff](?![\udc00-\udfff])/.test(text))).toBe(
      true,
    );
  });
});
