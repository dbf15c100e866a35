/**
 * A seeded pseudo-random source for demo data: the same seed gives the same data on every run,
 * so screenshots, tests and bug reports can refer to the same patients and numbers.
 * Not for anything secret (node:crypto is).
 */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  between(min: number, max: number): number;
  /** Whole number in [min, max], both included. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
}

/**
 * mulberry32: a 32-bit state generator, small and good enough for synthetic data and for the
 * seeded choices of a fault run (test/fault), which a seed replays.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** FNV-1a, to turn a readable key ("DEMO2026:p07") into a seed. */
function hashKey(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A generator seeded from a key, so each patient's data stays put when others are added. */
export function seededRandom(key: string): Random {
  const next = mulberry32(hashKey(key));
  return {
    next,
    between: (min, max) => min + next() * (max - min),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: (items) => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) {
        throw new Error('pick from an empty list');
      }
      return item;
    },
  };
}
