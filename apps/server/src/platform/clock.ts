/** Injected time source: tests move time forward instead of waiting (STYLE.md). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
