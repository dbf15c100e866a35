import { describe, expect, it } from 'vitest';
import {
  ADDRESS_THROTTLE,
  SIGN_IN_THROTTLE,
  throttleDelayMs,
  throttleWaitMs,
} from './throttle-rules';

const at = (ms: number) => new Date(Date.UTC(2026, 10, 2, 15) + ms);

describe('growing delays', () => {
  it('lets five failures through, then waits 1 s, 2 s, 4 s … up to 15 minutes', () => {
    const delays = [0, 1, 5, 6, 7, 8, 9, 15, 16, 40, 10_000].map((failures) =>
      throttleDelayMs(SIGN_IN_THROTTLE, failures),
    );
    expect(delays).toEqual([
      0, 0, 0, 1_000, 2_000, 4_000, 8_000, 512_000, 900_000, 900_000, 900_000,
    ]);
  });

  it('starts late for an address tried from everywhere', () => {
    expect(throttleDelayMs(ADDRESS_THROTTLE, 20)).toBe(0);
    expect(throttleDelayMs(ADDRESS_THROTTLE, 21)).toBe(1_000);
  });

  it('counts the wait from the last failure', () => {
    const state = { failures: 7, lastFailureAt: at(0) };
    expect(throttleWaitMs(SIGN_IN_THROTTLE, state, at(0))).toBe(2_000);
    expect(throttleWaitMs(SIGN_IN_THROTTLE, state, at(1_500))).toBe(500);
    expect(throttleWaitMs(SIGN_IN_THROTTLE, state, at(2_000))).toBe(0);
    expect(throttleWaitMs(SIGN_IN_THROTTLE, null, at(0))).toBe(0);
  });

  it('forgets a key after a quiet day', () => {
    const state = { failures: 40, lastFailureAt: at(0) };
    expect(throttleWaitMs(SIGN_IN_THROTTLE, state, at(60_000))).toBe(840_000);
    expect(throttleWaitMs(SIGN_IN_THROTTLE, state, at(24 * 3_600_000))).toBe(0);
  });
});
