import { UNKNOWN_ERROR_MESSAGE } from '@homestretch/contract/common/constants';
import { isApiError, NETWORK_ERROR_MESSAGE } from './api-client';

/*
 * The one place that turns a failure into words a clinician understands (STYLE.md "Errors",
 * spec §8). Screens never show `error.message` of an arbitrary Error: it may be technical.
 */

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';
export const RATE_LIMITED_FALLBACK = 'Too many attempts. Please wait a few minutes and try again.';

export interface ErrorMessageOptions {
  /**
   * The failure answers a form the user just sent (sign-in, sign-up…). A 401 there means the
   * credentials were refused, and the server says so in its own words ("Wrong email or
   * password"); elsewhere a 401 means the session ended.
   */
  form?: boolean;
}

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

export function errorMessage(error: unknown, options: ErrorMessageOptions = {}): string {
  if (!isApiError(error)) {
    return UNKNOWN_ERROR_MESSAGE;
  }
  if (error.isNetworkError) {
    return NETWORK_ERROR_MESSAGE;
  }
  if (error.status === 429) {
    if (error.retryAfter !== null) {
      return tooManyAttemptsMessage(error.retryAfter);
    }
    return error.serverMessage ?? RATE_LIMITED_FALLBACK;
  }
  if (error.status === 401 && !options.form) {
    return SESSION_ENDED_MESSAGE;
  }
  return error.serverMessage ?? UNKNOWN_ERROR_MESSAGE;
}

/** Per-field messages from a 400 answer (`error.fields`), keyed like the request body. */
export function fieldErrors(error: unknown): Record<string, string> {
  return isApiError(error) ? error.fields : {};
}
