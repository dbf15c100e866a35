import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import {
  refuseClinicalWrite,
  refuseCoverageOutsideEpisode,
  refuseFutureBirthday,
  refuseFutureInteraction,
  reminderChannel,
} from './patient-rules';

/** The AppError `run` throws: its code and fields. */
function refusal(run: () => unknown): { code: string; fields: unknown } {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) {
      return { code: error.code, fields: error.fields };
    }
    throw error;
  }
  throw new Error('Expected a refusal');
}

describe('the patient record refuses', () => {
  it('RTM coverage for a patient outside an episode of care, and only that', () => {
    expect(refusal(() => refuseCoverageOutsideEpisode('discharged', true)).code).toBe('conflict');
    expect(() => refuseCoverageOutsideEpisode('discharged', false)).not.toThrow();
    expect(() => refuseCoverageOutsideEpisode('discharged', undefined)).not.toThrow();
    expect(() => refuseCoverageOutsideEpisode('active', true)).not.toThrow();
  });

  it('a diagnosis from the front desk, naming each clinical field, but not from a clinician', () => {
    expect(
      refusal(() =>
        refuseClinicalWrite({ role: 'manager' }, { diagnosis: 'x', selected_code: 'M54.50' }),
      ),
    ).toEqual({
      code: 'forbidden',
      fields: {
        diagnosis: 'Only clinicians enter or change this',
        selected_code: 'Only clinicians enter or change this',
      },
    });
    expect(() => refuseClinicalWrite({ role: 'manager' }, {})).not.toThrow();
    expect(() => refuseClinicalWrite({ role: 'therapist' }, { diagnosis: 'x' })).not.toThrow();
  });

  it('a birthday after the clinic’s today', () => {
    expect(refusal(() => refuseFutureBirthday('2026-11-11', '2026-11-10'))).toEqual({
      code: 'validation_failed',
      fields: { birthday: 'Birthday cannot be in the future' },
    });
    expect(() => refuseFutureBirthday('2026-11-10', '2026-11-10')).not.toThrow();
    expect(() => refuseFutureBirthday(null, '2026-11-10')).not.toThrow();
  });

  it('an interaction in the future: a later clinic day, or an instant past the clock skew', () => {
    const now = new Date('2026-11-10T12:00:00Z');
    const clock = { today: '2026-11-10', now, skewMs: 5 * 60_000 };
    const future = refusal(() =>
      refuseFutureInteraction({ date: '2026-11-11', at: new Date('2026-11-11T05:00:00Z') }, clock),
    );
    expect(future.fields).toEqual({ 'log.date': 'An interaction cannot be in the future' });
    expect(() =>
      refuseFutureInteraction({ date: '2026-11-10', at: new Date('2026-11-10T05:00:00Z') }, clock),
    ).not.toThrow();
    const instant = (at: string) => ({ date: at, at: new Date(at) });
    expect(() => refuseFutureInteraction(instant('2026-11-10T12:04:00Z'), clock)).not.toThrow();
    expect(
      refusal(() => refuseFutureInteraction(instant('2026-11-10T12:06:00Z'), clock)).code,
    ).toBe('validation_failed');
  });

  it('an app reminder by a channel the patient cannot be reached on', () => {
    expect(reminderChannel({ phone: '+15555550100', email: null }, undefined)).toBe('sms');
    expect(reminderChannel({ phone: null, email: 'a@example.com' }, undefined)).toBe('email');
    expect(reminderChannel({ phone: '+15555550100', email: 'a@example.com' }, 'email')).toBe(
      'email',
    );
    expect(refusal(() => reminderChannel({ phone: null, email: null }, undefined)).code).toBe(
      'rule_violation',
    );
    expect(refusal(() => reminderChannel({ phone: null, email: 'a@example.com' }, 'sms'))).toEqual({
      code: 'validation_failed',
      fields: { channel: 'This patient has no phone number' },
    });
    expect(refusal(() => reminderChannel({ phone: '+15555550100', email: null }, 'email'))).toEqual(
      {
        code: 'validation_failed',
        fields: { channel: 'This patient has no e-mail address' },
      },
    );
  });
});
