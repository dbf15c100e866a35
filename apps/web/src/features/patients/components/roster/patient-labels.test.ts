import { PhoneSchema } from '@homestretch/contract/common/phone';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../lib/api-client';
import { givesCareTo } from '../../../../lib/care-team';
import { reminderErrorMessage, reminderSentMessage } from './patient-labels';
import { formatPhone } from '../../../../lib/phone-format';

describe('formatPhone', () => {
  it('writes US numbers the way the forms ask for them, and others as stored', () => {
    expect(formatPhone('+19175550123')).toBe('(917) 555-0123');
    expect(formatPhone('+447911123456')).toBe('+447911123456');
    // Not a whole US number: shown as stored rather than cut into a wrong shape.
    expect(formatPhone('+1917555012')).toBe('+1917555012');
  });

  it('gives back a spelling the contract reads as the same stored number', () => {
    for (const stored of ['+19175550123', '+447911123456', '+33612345678']) {
      expect(PhoneSchema.parse(formatPhone(stored)), stored).toBe(stored);
    }
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

describe('givesCareTo (docs/decisions/031)', () => {
  const patient = { therapists: [{ id: 7 }, { id: 9 }] };
  it('is the patient’s treating therapists and the admin, nobody else', () => {
    expect(givesCareTo({ id: 7, role: 'therapist' }, patient)).toBe(true);
    expect(givesCareTo({ id: 9, role: 'remote_therapist' }, patient)).toBe(true);
    expect(givesCareTo({ id: 1, role: 'admin' }, patient)).toBe(true);
    expect(givesCareTo({ id: 8, role: 'therapist' }, patient)).toBe(false);
    expect(givesCareTo({ id: 8, role: 'remote_therapist' }, patient)).toBe(false);
    // Listed but not a role that treats (a supervisor reads, a manager runs the front desk).
    expect(givesCareTo({ id: 7, role: 'supervisor' }, patient)).toBe(false);
    expect(givesCareTo({ id: 9, role: 'manager' }, patient)).toBe(false);
  });
});
