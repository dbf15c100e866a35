/**
 * The steps of patient self sign-up from a clinic's QR code (spec §1, §7 Patient): phone → texted
 * code → account details → done. Pure: the screen feeds it server answers and the time, so the
 * rules (when a new code may be asked for, when a code is dead) are tested without a browser.
 * The clinic check comes before the machine starts: without a clinic there is nothing to step through.
 */

/**
 * Our own pause between texts, so an impatient second tap does not burn one of the five codes an
 * hour the server allows per phone. The server's Retry-After wins when it asks for longer.
 */
export const RESEND_COOLDOWN_SECONDS = 30;

export type SignupState =
  | {
      step: 'phone';
      /** The number to start from: what the patient entered before going back, or nothing. */
      phone: string;
      /** Why the patient is back here, when the flow sent them back (a lapsed verification). */
      notice: string | null;
    }
  | {
      step: 'code';
      /** E.164, as the server answered: the number the code was texted to. */
      phone: string;
      /** Epoch ms from which a new code may be asked for. */
      resendAt: number;
      /** The current code can no longer be verified (expired, burnt, replaced): only a new one helps. */
      codeDead: boolean;
    }
  | { step: 'details'; phone: string }
  | { step: 'done'; firstName: string; email: string };

export type SignupStep = SignupState['step'];

export type SignupEvent =
  | { type: 'code_sent'; phone: string; at: number }
  | { type: 'resend_refused'; retryAfterSeconds: number; at: number }
  | { type: 'code_refused'; dead: boolean }
  | { type: 'code_verified' }
  | { type: 'change_phone' }
  | { type: 'verification_lapsed'; notice: string }
  | { type: 'registered'; firstName: string; email: string };

export const initialSignupState: SignupState = { step: 'phone', phone: '', notice: null };

export function signupTransition(state: SignupState, event: SignupEvent): SignupState {
  switch (event.type) {
    case 'code_sent':
      if (state.step !== 'phone' && state.step !== 'code') {
        return state;
      }
      return {
        step: 'code',
        phone: event.phone,
        resendAt: event.at + RESEND_COOLDOWN_SECONDS * 1000,
        codeDead: false,
      };
    case 'resend_refused':
      if (state.step !== 'code') {
        return state;
      }
      return {
        ...state,
        resendAt: Math.max(state.resendAt, event.at + event.retryAfterSeconds * 1000),
      };
    case 'code_refused':
      return state.step === 'code' ? { ...state, codeDead: event.dead } : state;
    case 'code_verified':
      return state.step === 'code' ? { step: 'details', phone: state.phone } : state;
    case 'change_phone':
      return state.step === 'code' ? { step: 'phone', phone: state.phone, notice: null } : state;
    case 'verification_lapsed':
      return state.step === 'details'
        ? { step: 'phone', phone: state.phone, notice: event.notice }
        : state;
    case 'registered':
      return state.step === 'details'
        ? { step: 'done', firstName: event.firstName, email: event.email }
        : state;
  }
}

/** Whole seconds until a new code may be asked for; 0 when it may be now. */
export function secondsUntilResend(resendAt: number, now: number): number {
  return Math.max(0, Math.ceil((resendAt - now) / 1000));
}

/** `m:ss`, the way phones show a countdown. */
export function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * Whether the server's refusal of a code means the code is dead. The server answers every dead
 * state (expired, five wrong tries, replaced, none sent) with words that end "Ask for a new code"
 * (server otp-rules.ts `otpRefusal`); a wrong code that still has tries says how many are left.
 */
export function isDeadCodeMessage(message: string): boolean {
  return /new code/i.test(message);
}
