import { describe, expect, it } from 'vitest';
import { call, clinicWithStaff, createPatient, testAppForFile } from '../../test/harness';

const t = testAppForFile();

/** Seeded, so a failure names a case that can be run again. */
function mulberry32(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Letters people's names and diagnoses are written in: Latin with accents and the letters that
 * do not decompose (ß, ł, ø, æ, đ…), Greek, Cyrillic, Armenian, Hebrew, Arabic, Devanagari,
 * Thai, CJK, Hangul, full-width and ligature forms; and combining marks typed after a letter.
 */
const LETTER_RANGES: [number, number][] = [
  [0x41, 0x5a],
  [0x61, 0x7a],
  [0xc0, 0x24f],
  [0x370, 0x3ff],
  [0x400, 0x4ff],
  [0x531, 0x587],
  [0x5d0, 0x5ea],
  [0x620, 0x64a],
  [0x905, 0x939],
  [0xe01, 0xe30],
  [0x1e00, 0x1eff],
  [0x3041, 0x3096],
  [0x4e00, 0x4fff],
  [0xac00, 0xad00],
  [0xfb00, 0xfb06],
  [0xff21, 0xff3a],
];
const MARKS: [number, number] = [0x300, 0x36f];

function randomWord(random: () => number): string {
  const length = 1 + Math.floor(random() * 9);
  let word = '';
  while ([...word].length < length) {
    const [from, to] = LETTER_RANGES[Math.floor(random() * LETTER_RANGES.length)]!;
    const letter = String.fromCodePoint(from + Math.floor(random() * (to - from + 1)));
    if (!/\p{L}/u.test(letter)) {
      continue;
    }
    word += letter;
    if (random() < 0.2) {
      word += String.fromCodePoint(MARKS[0] + Math.floor(random() * (MARKS[1] - MARKS[0] + 1)));
    }
  }
  return word;
}

const phrase = (random: () => number, words: number) =>
  Array.from({ length: words }, () => randomWord(random));

/** What someone without the accents on their keyboard types: marks dropped, ß as ss and so on. */
function typedPlainly(word: string): string {
  const folds: Record<string, string> = {
    ß: 'ss',
    ł: 'l',
    Ł: 'L',
    ø: 'o',
    Ø: 'O',
    æ: 'ae',
    đ: 'd',
  };
  return word
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[ßłŁøØæđ]/g, (letter) => folds[letter] ?? letter);
}

describe('roster search over any script (property test, both engines)', () => {
  it('finds a patient by any word of their name or diagnosis, typed as stored, plainly or in capitals', async () => {
    const random = mulberry32(20261125);
    const { clinic, staff } = await clinicWithStaff(t);
    const stored = [];
    for (let index = 0; index < 12; index += 1) {
      const first = phrase(random, 1 + Math.floor(random() * 2));
      const last = phrase(random, 1);
      const diagnosis = phrase(random, 3);
      const row = await createPatient(t.db, {
        clinicId: clinic.id,
        firstName: first.join(' '),
        lastName: last.join('-'),
        diagnosis: diagnosis.join(' '),
      });
      stored.push({ id: row.id, nameWords: [...first, ...last], diagnosis });
    }
    const finds = async (search: string, id: number) => {
      const response = await call(t, {
        method: 'GET',
        url: `/api/v1/patients/?search=${encodeURIComponent(search)}`,
        cookie: staff.therapist.cookie,
      });
      expect(response.statusCode, search).toBe(200);
      const ids = (response.json() as { results: { id: number }[] }).results.map((row) => row.id);
      return ids.includes(id);
    };
    for (const patient of stored) {
      for (const word of patient.nameWords) {
        for (const typed of [word, typedPlainly(word), word.toUpperCase()]) {
          expect(await finds(typed, patient.id), `name word ${JSON.stringify(typed)}`).toBe(true);
        }
      }
      // Diagnosis words are searched from three letters on (MIN_INNER_MATCH_LENGTH).
      for (const word of patient.diagnosis.filter((word) => typedPlainly(word).length >= 3)) {
        for (const typed of [word, typedPlainly(word)]) {
          expect(await finds(typed, patient.id), `diagnosis ${JSON.stringify(typed)}`).toBe(true);
        }
      }
    }
  });
});
