import { type MovementModel } from '@homestretch/contract/library/movement';

/** A hold shorter than this cannot be seen, so the animation holds each end at least this long. */
export const MIN_VISIBLE_HOLD = 0.6;

/** The seconds of one repetition of the animation: hold, move, hold, move back. */
export function cycleSeconds(movement: Pick<MovementModel, 'hold' | 'tempo'>): number {
  const { hold, tempo } = movement;
  return (
    Math.max(hold.start, MIN_VISIBLE_HOLD) +
    tempo.toEnd +
    Math.max(hold.end, MIN_VISIBLE_HOLD) +
    tempo.toStart
  );
}

/** Slow in, slow out: a body does not start or stop at full speed. */
function ease(x: number): number {
  return x * x * (3 - 2 * x);
}

/**
 * Where the figure is (0 start, 1 end) after `seconds` of looping: it holds the start, moves to
 * the end, holds it and moves back, as the movement model's holds and tempo say.
 */
export function figureProgress(
  movement: Pick<MovementModel, 'hold' | 'tempo'>,
  seconds: number,
): number {
  const { hold, tempo } = movement;
  const holdStart = Math.max(hold.start, MIN_VISIBLE_HOLD);
  const holdEnd = Math.max(hold.end, MIN_VISIBLE_HOLD);
  let s = ((seconds % cycleSeconds(movement)) + cycleSeconds(movement)) % cycleSeconds(movement);
  if (s < holdStart) {
    return 0;
  }
  s -= holdStart;
  if (s < tempo.toEnd) {
    return ease(s / tempo.toEnd);
  }
  s -= tempo.toEnd;
  if (s < holdEnd) {
    return 1;
  }
  s -= holdEnd;
  return 1 - ease(Math.min(1, s / tempo.toStart));
}
