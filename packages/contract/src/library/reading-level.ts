/**
 * Flesch–Kincaid grade level, for the catalogue's patient-facing words (issue 32: instructions at
 * or below a sixth-grade reading level). Pure and dependency-free: the syllable counter is the
 * usual vowel-group rule with the English silent-e endings, which is within one syllable of a
 * dictionary on the short, plain words the catalogue uses (reading-level.test.ts).
 *
 *   grade = 0.39 × (words / sentences) + 11.8 × (syllables / words) − 15.59
 */

/** Words a vowel-group rule miscounts, with their syllables. */
const SYLLABLE_EXCEPTIONS: Record<string, number> = {
  every: 2,
  everyone: 3,
  business: 2,
  area: 3,
  idea: 3,
  create: 2,
  created: 3,
  being: 2,
  doing: 2,
  going: 2,
  toward: 2,
  towards: 2,
  quiet: 2,
  science: 2,
  poem: 2,
  lying: 2,
  eyes: 1,
  people: 2,
  squeeze: 1,
  squeezes: 2,
  knee: 1,
  knees: 1,
  toes: 1,
  shoes: 1,
  ankle: 2,
  ankles: 2,
  muscle: 2,
  muscles: 2,
  table: 2,
  apple: 2,
  one: 1,
  once: 1,
  some: 1,
  come: 1,
  done: 1,
  gone: 1,
  move: 1,
  moves: 1,
  sure: 1,
};

/** Syllables in one word (letters only; at least 1). */
export function countSyllables(word: string): number {
  const letters = word.toLowerCase().replace(/[^a-z]/g, '');
  if (letters.length === 0) {
    return 0;
  }
  const known = SYLLABLE_EXCEPTIONS[letters];
  if (known !== undefined) {
    return known;
  }
  if (letters.length <= 3) {
    return 1;
  }
  let stem = letters;
  // Silent endings: "-es" and "-ed" after most consonants ("rests", "lifted" keep theirs),
  // a final "e" that is not "-le" after a consonant ("slide", but "ta-ble").
  if (/[^aeiouy](es|ed)$/.test(stem) && !/(ted|ded|ses|zes|ces|ges|shes|ches|xes)$/.test(stem)) {
    stem = stem.slice(0, -2);
  } else if (/e$/.test(stem) && !/[^aeiouy]le$/.test(stem)) {
    stem = stem.slice(0, -1);
  }
  const groups = stem.match(/[aeiouy]+/g)?.length ?? 0;
  // "ia", "io", "ua", "eo" are two syllables in "radial", "ratio", "usual", "video", but one in
  // "-tion", "-sion", "-cial", "-gion".
  const splits = stem.match(/(?<![tscg])i[ao]|ua|eo/g)?.length ?? 0;
  return Math.max(1, groups + splits);
}

/** The words of a text (numbers count as words of one syllable each). */
export function words(text: string): string[] {
  return text.match(/[A-Za-z0-9’']+/g) ?? [];
}

/** Sentences: runs ending in . ! ? or the end of a line; at least 1 for non-empty text. */
export function countSentences(text: string): number {
  const count = text
    .split(/[.!?]+|\n+/)
    .map((part) => part.trim())
    .filter((part) => /[A-Za-z0-9]/.test(part)).length;
  return Math.max(1, count);
}

/** The Flesch–Kincaid grade level of a text; 0 for a text without words. */
export function fleschKincaidGrade(text: string): number {
  const list = words(text);
  if (list.length === 0) {
    return 0;
  }
  const syllables = list.reduce(
    (sum, word) => sum + (/^[0-9]+$/.test(word) ? 1 : countSyllables(word)),
    0,
  );
  return 0.39 * (list.length / countSentences(text)) + 11.8 * (syllables / list.length) - 15.59;
}

/** The grade the catalogue's instructions and cautions must not exceed (issue 32). */
export const MAX_READING_GRADE = 6;
