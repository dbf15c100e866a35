import { describe, expect, it } from 'vitest';
import {
  RESEND_COOLDOWN_SECONDS,
  formatCountdown,
  initialSignupState,
  isDeadCodeMessage,
  secondsUntilResend,
  signupTransition,
  type SignupEvent,
  type SignupState,
} from './signup-machine';

const PHONE = '+12125550123';
const T0 = Date.UTC(2026, 2, 1, 9, 0, 0);

function run(events: SignupEvent[], from: SignupState = initialSignupState): SignupState {
  return events.reduce(signupTransition, from);
}

const codeStep = (): SignupState => run([{ type: 'code_sent', phone: PHONE, at: T0 }]);

describe('patient sign-up steps', () => {
  it('walks phone → code → details → done', () => {
    const done = run([
      { type: 'code_sent', phone: PHONE, at: T0 },
      { type: 'code_verified' },
      { type: 'registered', firstName: 'Ana', email: 'ana@example.org' },
    ]);
    expect(done).toEqual({ step: 'done', firstName: 'Ana', email: 'ana@example.org' });
  });

  it('waits the cooldown after a text before another may be asked for', () => {
    const state = codeStep();
    expect(state).toEqual({
      step: 'code',
      phone: PHONE,
      resendAt: T0 + RESEND_COOLDOWN_SECONDS * 1000,
      codeDead: false,
    });
    if (state.step !== 'code') {
      throw new Error('expected the code step');
    }
    expect(secondsUntilResend(state.resendAt, T0)).toBe(RESEND_COOLDOWN_SECONDS);
    expect(secondsUntilResend(state.resendAt, T0 + 29_500)).toBe(1);
    expect(secondsUntilResend(state.resendAt, T0 + 31_000)).toBe(0);
  });

  it("honours the server's Retry-After when it is longer than our cooldown, never shorter", () => {
    const longer = signupTransition(codeStep(), {
      type: 'resend_refused',
      retryAfterSeconds: 600,
      at: T0 + 1000,
    });
    expect(longer).toMatchObject({ resendAt: T0 + 601_000 });
    const shorter = signupTransition(codeStep(), {
      type: 'resend_refused',
      retryAfterSeconds: 5,
      at: T0 + 1000,
    });
    expect(shorter).toMatchObject({ resendAt: T0 + RESEND_COOLDOWN_SECONDS * 1000 });
  });

  it('marks a dead code, and a new text brings it back to life with a fresh cooldown', () => {
    const dead = signupTransition(codeStep(), { type: 'code_refused', dead: true });
    expect(dead).toMatchObject({ step: 'code', codeDead: true });
    const resent = signupTransition(dead, { type: 'code_sent', phone: PHONE, at: T0 + 60_000 });
    expect(resent).toMatchObject({
      codeDead: false,
      resendAt: T0 + 60_000 + RESEND_COOLDOWN_SECONDS * 1000,
    });
  });

  it('goes back to the phone with the number kept, to change it or when the check lapsed', () => {
    expect(signupTransition(codeStep(), { type: 'change_phone' })).toEqual({
      step: 'phone',
      phone: PHONE,
      notice: null,
    });
    const details = signupTransition(codeStep(), { type: 'code_verified' });
    expect(
      signupTransition(details, { type: 'verification_lapsed', notice: 'Verify again.' }),
    ).toEqual({ step: 'phone', phone: PHONE, notice: 'Verify again.' });
  });

  it('ignores events that do not belong to the current step', () => {
    const phone = initialSignupState;
    expect(signupTransition(phone, { type: 'code_verified' })).toBe(phone);
    expect(signupTransition(phone, { type: 'code_refused', dead: true })).toBe(phone);
    expect(signupTransition(phone, { type: 'resend_refused', retryAfterSeconds: 60, at: T0 })).toBe(
      phone,
    );
    expect(
      signupTransition(phone, { type: 'registered', firstName: 'Ana', email: 'a@example.org' }),
    ).toBe(phone);
    const done = run([
      { type: 'code_sent', phone: PHONE, at: T0 },
      { type: 'code_verified' },
      { type: 'registered', firstName: 'Ana', email: 'ana@example.org' },
    ]);
    expect(signupTransition(done, { type: 'code_sent', phone: PHONE, at: T0 })).toBe(done);
    expect(signupTransition(done, { type: 'verification_lapsed', notice: 'x' })).toBe(done);
  });
});

describe('sign-up wording helpers', () => {
  it('tells a dead code from a wrong one by what the server asks the patient to do', () => {
    expect(isDeadCodeMessage('Incorrect code. 3 tries left.')).toBe(false);
    expect(isDeadCodeMessage('Too many wrong tries. Ask for a new code.')).toBe(true);
    expect(
      isDeadCodeMessage('This code has expired (codes last 10 minutes). Ask for a new code.'),
    ).toBe(true);
    expect(
      isDeadCodeMessage('Incorrect code, and that was the last try. Ask for a new code.'),
    ).toBe(true);
  });

  it('formats countdowns', () => {
    expect(formatCountdown(30)).toBe('0:30');
    expect(formatCountdown(605)).toBe('10:05');
  });
});
