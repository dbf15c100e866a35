import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../lib/api-client';
import { displayIcd10Code, reminderErrorMessage, reminderSentMessage } from './patient-labels';

describe('displayIcd10Code', () => {
  it('puts the dot back after the category', () => {
    expect(displayIcd10Code('M5450')).toBe('M54.50');
    expect(displayIcd10Code('S83241A')).toBe('S83.241A');
    expect(displayIcd10Code('M54')).toBe('M54');
  });
});

describe('reminderErrorMessage', () => {
  const refused = (status: number, retryAfter: number | null) =>
    new ApiError({
      status,
      code: status === 429 ? 'rate_limited' : 'conflict',
      message: 'A reminder already went to this patient in the last 24 hours.',
      serverMessage: 'A reminder already went to this patient in the last 24 hours.',
      retryAfter,
    });

  it('keeps the server’s words and says when the next one may go', () => {
    expect(reminderErrorMessage(refused(429, 3600 * 23 + 1))).toBe(
      'A reminder already went to this patient in the last 24 hours. You can send the next one in 24 hours.',
    );
    expect(reminderErrorMessage(refused(429, 90))).toMatch(/in 2 minutes\.$/);
    expect(reminderErrorMessage(refused(409, null))).toBe(
      'A reminder already went to this patient in the last 24 hours.',
    );
  });

  it('words other failures the usual way', () => {
    expect(
      reminderErrorMessage(new ApiError({ status: 0, code: 'network_error', message: 'x' })),
    ).toBe('Cannot reach Homestretch. Check your connection.');
  });
});

describe('reminderSentMessage', () => {
  it('names the channel', () => {
    expect(reminderSentMessage({ first_name: 'Ada', last_name: 'Okoro' }, 'sms')).toBe(
      'App link sent to Ada Okoro by text message.',
    );
  });
});
