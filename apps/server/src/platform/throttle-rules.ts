/**
 * How a door slows down guessing without letting a stranger lock its owner out (security
 * finding 3). Failures are counted per key (an address with an IP, a browser known to the
 * account); the first few are free, then each further try waits twice as long as the last,
 * up to a cap. A key forgets its failures once it has been quiet for a while.
 */
export interface ThrottlePolicy {
  /** Failures answered at once before any wait. */
  freeFailures: number;
  /** The wait after the first failure beyond the free ones; it doubles with each further one. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** A key's failures are forgotten after this long without one. */
  forgetAfterMs: number;
}

export const SIGN_IN_THROTTLE: ThrottlePolicy = {
  freeFailures: 5,
  firstDelayMs: 1_000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 24 * 60 * 60_000,
};

/**
 * Failures from every IP against one address: only a guard against guessing spread over many
 * addresses of a botnet, so it starts late, and a browser the account knows never meets it.
 */
export const ADDRESS_THROTTLE: ThrottlePolicy = {
  freeFailures: 20,
  firstDelayMs: 1_000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 24 * 60 * 60_000,
};

/** The wait imposed after `failures` failures (0 while they are free). */
export function throttleDelayMs(policy: ThrottlePolicy, failures: number): number {
  const beyond = failures - policy.freeFailures;
  if (beyond <= 0) {
    return 0;
  }
  // 2 ** 30 s is far past any cap: stop doubling before the number stops meaning anything.
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.min(beyond - 1, 30));
}

/** Milliseconds until the key may try again, 0 when it may now. */
export function throttleWaitMs(
  policy: ThrottlePolicy,
  state: { failures: number; lastFailureAt: Date } | null,
  now: Date,
): number {
  if (!state) {
    return 0;
  }
  const sinceLast = now.getTime() - state.lastFailureAt.getTime();
  if (sinceLast >= policy.forgetAfterMs) {
    return 0;
  }
  return Math.max(0, throttleDelayMs(policy, state.failures) - sinceLast);
}
