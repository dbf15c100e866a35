/**
 * fast-check arbitraries read off the contract's zod 4 schemas, for the schema fuzzing of every
 * operation (security/fuzz.int.test.ts). `validArbitrary` makes values of the schema's shape, so a
 * request gets past the validator to the service and its SQL; `hostileArbitrary` makes the same
 * shape with hostile parts: text no database stores, numbers at the edges, wrong types, missing
 * and extra keys. Only the zod types the contract uses are read; any other gives `undefined`.
 */
import fc from 'fast-check';
import { z } from 'zod';

export interface ArbitraryOptions {
  /**
   * Row ids the caller may reach (their clinic's patients and staff): an id field draws from
   * them most of the time, so requests meet real rows rather than 404s.
   */
  ids?: readonly number[];
  /**
   * Values an object key of this name draws from most of the time (the caller's clinic code for
   * `code`), for text fields whose real values no pattern produces.
   */
  named?: Readonly<Record<string, readonly unknown[]>>;
}

interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  [key: string]: unknown;
}

interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const checksOf = (schema: z.ZodType): CheckDef[] =>
  (defOf(schema).checks ?? []).map((check) => check._zod.def);

/** A key an object may leave out: optional, or with a default (`_zod.optin`). */
export function isOptionalKey(schema: z.ZodType): boolean {
  return (schema as unknown as { _zod: { optin?: string } })._zod.optin === 'optional';
}

const MAX_ID = 2_147_483_647;

/** Dates people record (a birthday, a visit) before the test clock's 2026-11-02. */
const PAST_DAY = { min: new Date('1950-01-01T00:00:00Z'), max: new Date('2026-10-31T00:00:00Z') };

export function validArbitrary(
  schema: z.ZodType,
  options: ArbitraryOptions = {},
): fc.Arbitrary<unknown> {
  return new Builder(options).valid(schema);
}

/** The kinds of calendar text the contract knows, by the `format` its schemas carry. */
export type CalendarFormat = 'date' | 'date-time' | 'month';

/**
 * Each calendar kind at the edges: the first and last values the contract allows (they reach the
 * service and its calendar arithmetic) and the years just past them, and far past (security
 * issue 28: `month=9999-12` answered 500).
 */
export const CALENDAR_EXTREMES: Readonly<Record<CalendarFormat, readonly string[]>> = {
  date: ['1900-01-01', '2100-12-31', '1899-12-31', '2101-01-01', '0001-01-01', '9999-12-31'],
  'date-time': [
    '1900-01-01T00:00:00Z',
    '2100-12-31T23:59:59-12:00',
    '2101-01-01T00:00:00Z',
    '0001-01-01T00:00:00Z',
    '9999-12-31T23:59:59Z',
  ],
  month: ['2000-01', '2100-12', '1999-12', '2101-01', '0001-01', '9999-12'],
};

/** The calendar fields of an object schema (a query string, a body), by name. */
export function calendarFieldsOf(schema: z.ZodType): Record<string, CalendarFormat> {
  const def = defOf(schema);
  if (def.type !== 'object') {
    return {};
  }
  const fields: Record<string, CalendarFormat> = {};
  for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
    const format = calendarFormatOf(field);
    if (format) {
      fields[key] = format;
    }
  }
  return fields;
}

/**
 * Which calendar text a field takes, by asking it: whatever its schema (a format, a regex, a
 * union of a day and an instant), it takes a sample of that kind and refuses a word.
 */
function calendarFormatOf(schema: z.ZodType): CalendarFormat | undefined {
  if (schema.safeParse('not a date').success) {
    return undefined;
  }
  const samples: [CalendarFormat, string][] = [
    ['date', '2026-11-02'],
    ['date-time', '2026-11-02T08:30:00-05:00'],
    ['month', '2026-11'],
  ];
  return samples.find(([, sample]) => schema.safeParse(sample).success)?.[0];
}

export function hostileArbitrary(
  schema: z.ZodType,
  options: ArbitraryOptions = {},
): fc.Arbitrary<unknown> {
  return new Builder(options).hostile(schema);
}

/**
 * Text a database or a browser may choke on: NUL and lone surrogates (refused before the
 * schemas), direction and zero-width marks, emoji, the same letter composed and decomposed, and
 * text that would be injection if anything pasted it into SQL, JSON, HTML or a header.
 */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\u202eevil\u202c',
  'zero\u200bwidth\u200d\ufeff',
  '👩‍⚕️🏥💊🦵🏽',
  'Ame\u0301lie',
  'Amélie',
  'ﬁ ß İ ı ǅ',
  "' OR '1'='1",
  "'; DROP TABLE patients; --",
  '1 UNION SELECT password_hash FROM users',
  '\\',
  '%',
  '_',
  '%_\\%',
  '{"$gt":""}',
  '"},{"role":"admin',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'header\r\nSet-Cookie: hs_session=forged',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '${7*7}{{7*7}}',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e308',
  '9007199254740993',
  ' 42 ',
  '0x1F',
  'x'.repeat(100_000),
  '\u0301'.repeat(5_000),
  '\n'.repeat(1_000),
];

/** Numbers at the edges of what the ids (32-bit), JSON (doubles) and dates hold. */
export const EDGE_NUMBERS: readonly number[] = [
  0,
  -0,
  -1,
  1,
  0.5,
  1.5,
  -1.5,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 31 + 1,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e308,
  -1e308,
  5e-324,
  1e21,
  99_999,
  10_000,
];

/** Numbers as text, the way a query string or a careless client sends them. */
export const NUMERIC_STRINGS: readonly string[] = [
  'NaN',
  'Infinity',
  '-Infinity',
  ' 1 ',
  '1 ',
  '+1',
  '1e3',
  '1.0',
  '1.5',
  '0x10',
  '0b1',
  '1_000',
  '00001',
  '-0',
  '2147483648',
  '9007199254740993',
  '1e308',
  '١٢', // Arabic-Indic digits
  '１',
];

/** Values of the wrong JSON type for almost any field. */
export const WRONG_TYPES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  '',
  'text',
  [],
  [null],
  [[]],
  {},
  { nested: { value: 1 } },
  [1, 2, 3],
  ['a', 'b'],
];

/** Keys no schema names, some of which reach Object.prototype if merged carelessly. */
export const HOSTILE_KEYS: readonly string[] = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '$where',
  '',
  'k'.repeat(1_000),
  'role',
  'clinic_id',
  'id',
];

/** An object with the given own keys; `__proto__` becomes a key, as JSON.parse would make it. */
export function withOwnKeys(
  base: Record<string, unknown>,
  extra: Record<string, unknown>,
): Record<string, unknown> {
  const result: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    Object.defineProperty(result, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return result;
}

/** JSON text nesting `depth` arrays deep. */
export function deeplyNested(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

class Builder {
  constructor(private readonly options: ArbitraryOptions) {}

  valid(schema: z.ZodType): fc.Arbitrary<unknown> {
    const def = defOf(schema);
    switch (def.type) {
      case 'string':
        return this.validString(schema);
      case 'number':
        return this.validNumber(schema);
      case 'boolean':
        return fc.boolean();
      case 'literal':
        return fc.constantFrom(...(def.values as unknown[]));
      case 'enum':
        return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
      case 'null':
        return fc.constant(null);
      case 'optional':
        return fc.option(this.valid(def.innerType as z.ZodType), { nil: undefined, freq: 3 });
      case 'nullable':
        return fc.option(this.valid(def.innerType as z.ZodType), { nil: null, freq: 4 });
      case 'default':
      case 'prefault':
      case 'catch':
      case 'readonly':
      case 'nonoptional':
        return this.valid(def.innerType as z.ZodType);
      case 'pipe':
        return this.validPipe(schema, def.in as z.ZodType, def.out as z.ZodType);
      case 'union':
        return fc.oneof(...(def.options as z.ZodType[]).map((option) => this.valid(option)));
      case 'object':
        return this.object(
          def.shape as Record<string, z.ZodType>,
          (part, key) => this.validKey(part, key),
          true,
        );
      case 'array': {
        const { min, max } = lengthOf(schema, 0, 6);
        const element = this.valid(def.element as z.ZodType);
        const maxLength = Math.min(max, min + 6);
        const plain = fc.array(element, { minLength: min, maxLength });
        // A refinement is most often "no item twice" or "at least one".
        return checksOf(schema).some((check) => check.check === 'custom')
          ? bestOf(schema, [
              plain,
              fc.uniqueArray(element, {
                minLength: Math.max(min, 1),
                maxLength: Math.max(maxLength, 1),
                selector: firstValue,
              }),
            ])
          : plain;
      }
      case 'record':
        return fc.dictionary(
          this.valid(def.keyType as z.ZodType).map(String),
          this.valid(def.valueType as z.ZodType),
          { maxKeys: 4 },
        );
      case 'lazy':
        return this.valid((def.getter as () => z.ZodType)());
      case 'any':
      case 'unknown':
        return fc.jsonValue({ maxDepth: 2 });
      default:
        return fc.constant(undefined);
    }
  }

  /**
   * The hostile variant of a schema: at each level either something wrong in place of the
   * value, or the value's own shape with hostile parts (an object with fields missing, extra
   * keys, hostile children).
   */
  hostile(schema: z.ZodType): fc.Arbitrary<unknown> {
    const def = defOf(schema);
    switch (def.type) {
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'catch':
      case 'readonly':
      case 'nonoptional':
        return this.hostile(def.innerType as z.ZodType);
      case 'pipe':
        return fc.oneof(this.hostile(def.in as z.ZodType), this.hostile(def.out as z.ZodType));
      case 'lazy':
        return this.hostile((def.getter as () => z.ZodType)());
      case 'union':
        return fc.oneof(...(def.options as z.ZodType[]).map((option) => this.hostile(option)));
      case 'object':
        return fc.oneof(
          { weight: 1, arbitrary: wrongType() },
          {
            weight: 4,
            arbitrary: fc
              .tuple(
                this.object(
                  def.shape as Record<string, z.ZodType>,
                  (part) => this.mixed(part),
                  false,
                ),
                fc.dictionary(fc.constantFrom(...HOSTILE_KEYS), fc.constantFrom(...WRONG_TYPES), {
                  maxKeys: 2,
                }),
              )
              .map(([base, extra]) => withOwnKeys(base, extra)),
          },
        );
      case 'array': {
        const element = def.element as z.ZodType;
        return fc.oneof(
          wrongType(),
          fc.array(this.mixed(element), { maxLength: 8 }),
          // Far more items than any list allows: each must be refused, not looped over in SQL.
          this.valid(element).map((item) => Array.from({ length: 5_000 }, () => item)),
        );
      }
      case 'string':
      case 'enum':
      case 'literal':
        return fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
          { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
          { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
          { weight: 1, arbitrary: fc.constantFrom(...NUMERIC_STRINGS) },
          { weight: 2, arbitrary: wrongType() },
        );
      case 'number':
        return fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...EDGE_NUMBERS) },
          { weight: 2, arbitrary: fc.constantFrom(...NUMERIC_STRINGS) },
          { weight: 1, arbitrary: fc.double({ noNaN: true }) },
          { weight: 1, arbitrary: fc.integer() },
          { weight: 2, arbitrary: wrongType() },
        );
      default:
        return fc.oneof(wrongType(), fc.constantFrom(...HOSTILE_STRINGS));
    }
  }

  private validKey(schema: z.ZodType, key: string): fc.Arbitrary<unknown> {
    const known = this.options.named?.[key];
    return known && known.length > 0
      ? fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...known) },
          { weight: 1, arbitrary: this.valid(schema) },
        )
      : this.valid(schema);
  }

  /** Mostly the valid value, sometimes a hostile one: most hostile requests break a field or two. */
  private mixed(schema: z.ZodType): fc.Arbitrary<unknown> {
    return fc.oneof(
      { weight: 2, arbitrary: this.valid(schema) },
      { weight: 1, arbitrary: this.hostile(schema) },
    );
  }

  private object(
    shape: Record<string, z.ZodType>,
    part: (schema: z.ZodType, key: string) => fc.Arbitrary<unknown>,
    keepRequired: boolean,
  ): fc.Arbitrary<Record<string, unknown>> {
    const keys = Object.keys(shape);
    const model = Object.fromEntries(keys.map((key) => [key, part(shape[key] as z.ZodType, key)]));
    const requiredKeys = keepRequired
      ? keys.filter((key) => !isOptionalKey(shape[key] as z.ZodType))
      : [];
    return fc.record(model, { requiredKeys }) as fc.Arbitrary<Record<string, unknown>>;
  }

  /**
   * A pipe's input is what a client sends; its output often states the rule better (an id's
   * coercion pipes into the 32-bit range). A transform says nothing of its input.
   */
  private validPipe(pipe: z.ZodType, input: z.ZodType, output: z.ZodType): fc.Arbitrary<unknown> {
    if (defOf(output).type === 'transform') {
      return this.valid(input);
    }
    return bestOf(pipe, [this.valid(input), this.valid(output)]);
  }

  private validString(schema: z.ZodType): fc.Arbitrary<unknown> {
    const def = defOf(schema);
    const meta = z.globalRegistry.get(schema) as { format?: string } | undefined;
    const checks = checksOf(schema);
    const formats = [...(def.format ? [def as unknown as CheckDef] : []), ...checks].filter(
      (check) => check.check === 'string_format' || check.format !== undefined,
    );
    const has = (format: string) => formats.some((check) => check.format === format);
    const { min, max } = lengthOf(schema, 0, 200);
    if (meta?.format === 'date' || has('date')) {
      return DAY;
    }
    if (meta?.format === 'date-time' || has('datetime')) {
      return INSTANT;
    }
    if (meta?.format === 'month') {
      return MONTH;
    }
    if (has('email')) {
      return EMAIL;
    }
    const pattern = formats.find((check) => check.format === 'regex')?.pattern;
    const text = pattern
      ? fc.stringMatching(pattern).filter((value) => value.length >= min && value.length <= max)
      : fc.oneof(
          fc.string({ minLength: min, maxLength: Math.min(max, min + 30) }),
          fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, min + 10) }),
        );
    if (!checks.some((check) => check.check === 'custom')) {
      return text;
    }
    // A refinement hides the rule (a date, an id in text): the shape that passes it most wins.
    const ids = this.options.ids ?? [];
    return bestOf(schema, [
      text,
      DAY,
      INSTANT,
      ...(ids.length > 0 ? [fc.constantFrom(...ids).map(String)] : []),
    ]);
  }

  private validNumber(schema: z.ZodType): fc.Arbitrary<number> {
    const checks = checksOf(schema);
    const integer = checks.some(
      (check) => check.check === 'number_format' && /int/.test(check.format ?? ''),
    );
    let min = integer ? -1_000_000 : -1e6;
    let max = integer ? 1_000_000 : 1e6;
    let exclusiveMin = false;
    let exclusiveMax = false;
    for (const check of checks) {
      if (check.check === 'greater_than' && check.value !== undefined) {
        min = check.value;
        exclusiveMin = !check.inclusive;
      } else if (check.check === 'less_than' && check.value !== undefined) {
        max = check.value;
        exclusiveMax = !check.inclusive;
      }
    }
    if (integer) {
      const low = Math.ceil(exclusiveMin ? min + 1e-9 : min);
      const high = Math.floor(exclusiveMax ? max - 1e-9 : max);
      const any = fc.integer({ min: Math.max(low, -MAX_ID - 1), max: Math.min(high, MAX_ID) });
      const ids = (this.options.ids ?? []).filter((id) => id >= low && id <= high);
      // An id field: mostly a row the caller may reach, sometimes any id at all.
      return ids.length > 0 && high >= MAX_ID
        ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ids) }, { weight: 1, arbitrary: any })
        : any;
    }
    return fc.double({
      min,
      max,
      minExcluded: exclusiveMin,
      maxExcluded: exclusiveMax,
      noNaN: true,
      noDefaultInfinity: true,
    });
  }
}

const DAY = fc
  .date({ ...PAST_DAY, noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const INSTANT = fc.date({ ...PAST_DAY, noInvalidDate: true }).map((date) => date.toISOString());
/** Months the monitoring and billing screens ask for: from 2000, when none of it existed. */
const MONTH = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: PAST_DAY.max, noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 7));
const EMAIL = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,10}$/), fc.constantFrom('example.test', 'clinic.test'))
  .map(([local, domain]) => `${local}@${domain}`);

/** Of several ways to draw a value, the one whose values pass the schema most often. */
function bestOf(schema: z.ZodType, candidates: fc.Arbitrary<unknown>[]): fc.Arbitrary<unknown> {
  let best = candidates[0] as fc.Arbitrary<unknown>;
  let bestPassing = -1;
  for (const candidate of candidates) {
    const passing = fc
      .sample(candidate, { numRuns: 20, seed: 1 })
      .filter((value) => schema.safeParse(value).success).length;
    if (passing > bestPassing) {
      best = candidate;
      bestPassing = passing;
    }
  }
  return best;
}

/** What makes two list items the same: an object's first field (a video's id), or the item. */
function firstValue(item: unknown): unknown {
  return item !== null && typeof item === 'object' ? Object.values(item)[0] : item;
}

function lengthOf(schema: z.ZodType, min: number, max: number): { min: number; max: number } {
  let low = min;
  let high = max;
  for (const check of checksOf(schema)) {
    if (check.check === 'min_length' && check.minimum !== undefined) {
      low = check.minimum;
    } else if (check.check === 'max_length' && check.maximum !== undefined) {
      high = check.maximum;
    } else if (check.check === 'length_equals' && check.length !== undefined) {
      low = check.length;
      high = check.length;
    }
  }
  return { min: low, max: Math.max(low, high) };
}

function wrongType(): fc.Arbitrary<unknown> {
  return fc.constantFrom(...WRONG_TYPES);
}
