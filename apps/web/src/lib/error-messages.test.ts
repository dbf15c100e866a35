import { UNKNOWN_ERROR_MESSAGE } from '@homestretch/contract/common/constants';
import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-client';
import {
  errorMessage,
  fieldErrors,
  RATE_LIMITED_FALLBACK,
  SESSION_ENDED_MESSAGE,
} from './error-messages';

const serverError = (
  status: number,
  message: string | null,
  extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {},
) =>
  new ApiError({
    status,
    code: 'unknown',
    message: message ?? `Request failed with status ${status}`,
    serverMessage: message,
    ...extra,
  });

describe('errorMessage', () => {
  it('says the server cannot be reached on a network failure', () => {
    const error = new ApiError({ status: 0, code: 'network_error', message: 'x' });
    expect(errorMessage(error)).toBe(NETWORK_ERROR_MESSAGE);
    expect(NETWORK_ERROR_MESSAGE).toBe('Cannot reach Homestretch. Check your connection.');
  });

  it('turns 429 into minutes to wait, rounded up', () => {
    expect(errorMessage(serverError(429, 'slow down', { retryAfter: 90 }))).toBe(
      'Too many attempts. Try again in 2 minutes.',
    );
    expect(errorMessage(serverError(429, 'slow down', { retryAfter: 5 }))).toBe(
      'Too many attempts. Try again in 1 minute.',
    );
  });

  it('falls back to the server words, then a generic line, when 429 has no Retry-After', () => {
    expect(errorMessage(serverError(429, 'Too many attempts. Try again in 3 minute(s).'))).toBe(
      'Too many attempts. Try again in 3 minute(s).',
    );
    expect(errorMessage(serverError(429, null))).toBe(RATE_LIMITED_FALLBACK);
  });

  it('shows the server message for a 401 answering a form', () => {
    expect(errorMessage(serverError(401, 'Wrong email or password'), { form: true })).toBe(
      'Wrong email or password',
    );
  });

  it('says the session ended for a 401 elsewhere', () => {
    expect(errorMessage(serverError(401, 'Sign in first'))).toBe(SESSION_ENDED_MESSAGE);
  });

  it('shows the server message otherwise, else Unknown error', () => {
    expect(errorMessage(serverError(409, 'An account with this email already exists'))).toBe(
      'An account with this email already exists',
    );
    expect(errorMessage(serverError(502, null))).toBe(UNKNOWN_ERROR_MESSAGE);
    expect(errorMessage(new Error('TypeError: x is undefined'))).toBe('Unknown error');
    expect(errorMessage('boom')).toBe('Unknown error');
  });
});

describe('fieldErrors', () => {
  it('answers the fields of an ApiError and nothing for anything else', () => {
    expect(fieldErrors(serverError(400, 'Bad', { fields: { email: 'Required' } }))).toEqual({
      email: 'Required',
    });
    expect(fieldErrors(new Error('x'))).toEqual({});
  });
});
