import { describe, expect, it } from 'vitest';
import {
  MALFORMED_TEXT_MESSAGE,
  MAX_JSON_DEPTH,
  UNSTORABLE_TEXT_MESSAGE,
  decodeUtf8,
  jsonDepth,
  unstorableTextFields,
  valueDepth,
} from './storable-text';

describe('text PostgreSQL cannot store', () => {
  it('names every field, however deep, that holds a NUL character', () => {
    expect(
      unstorableTextFields({
        first_name: 'Ann\u0000',
        last_name: 'Lee',
        log: { notes: 'ok', tags: ['a', 'b\u0000'] },
      }),
    ).toEqual({ first_name: UNSTORABLE_TEXT_MESSAGE, 'log.tags.1': UNSTORABLE_TEXT_MESSAGE });
    expect(unstorableTextFields('plain \u0000')).toEqual({ body: UNSTORABLE_TEXT_MESSAGE });
  });

  it('names a lone surrogate, in a value or a key, instead of letting it become U+FFFD', () => {
    expect(unstorableTextFields({ note: 'a\ud800b', ['k\udc00']: 'x' })).toEqual({
      note: MALFORMED_TEXT_MESSAGE,
      'k\udc00': MALFORMED_TEXT_MESSAGE,
    });
  });

  it('passes every other character, accents, emoji and line breaks included', () => {
    expect(
      unstorableTextFields({ name: 'Zoë 😀', notes: 'line\nbreak\ttab', n: 3, none: null }),
    ).toEqual({});
  });

  it('walks a value nested far deeper than the call stack allows', () => {
    let deep: unknown = 'bottom\u0000';
    for (let level = 0; level < 100_000; level += 1) {
      deep = [deep];
    }
    expect(Object.values(unstorableTextFields(deep))).toEqual([UNSTORABLE_TEXT_MESSAGE]);
  });
});

describe('JSON depth', () => {
  it('counts nesting of arrays and objects, not brackets inside strings', () => {
    expect(jsonDepth('{"a":1}')).toBe(1);
    expect(jsonDepth('{"a":[{"b":[]}]}')).toBe(4);
    expect(jsonDepth('{"a":"[[[[{{{{\\"[[["}')).toBe(1);
    expect(jsonDepth('"just text"')).toBe(0);
    expect(jsonDepth('['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1))).toBe(
      MAX_JSON_DEPTH + 1,
    );
  });
});

describe('the depth of a parsed value', () => {
  it('counts as jsonDepth counts its JSON, however deep', () => {
    for (const text of ['{"a":1}', '{"a":[{"b":[]}]}', '"just text"', '[1,[2,[3]],{}]', 'null']) {
      expect(valueDepth(JSON.parse(text)), text).toBe(jsonDepth(text));
    }
    let deep: unknown = 'bottom';
    for (let level = 0; level < 100_000; level += 1) {
      deep = { a: deep };
    }
    expect(valueDepth(deep)).toBe(100_000);
  });
});

describe('UTF-8', () => {
  it('decodes UTF-8 and refuses bytes that are not', () => {
    expect(decodeUtf8(Buffer.from('{"a":"Zoë"}'))).toBe('{"a":"Zoë"}');
    expect(decodeUtf8(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]))).toBe(
      null,
    );
    expect(decodeUtf8(Buffer.from([0x22, 0xed, 0xa0, 0x80, 0x22]))).toBe(null);
  });
});
