/**
 * The rules of phone verification for QR self sign-up (issue: 6 digits, 10 minutes, 5 wrong
 * tries burn the code, stored hashed). Pure: the service feeds it rows and the clock.
 */
import { randomInt } from 'node:crypto';
import {
  OTP_LENGTH,
  OTP_MAX_WRONG_TRIES,
  OTP_TTL_MINUTES,
  OTP_VERIFIED_WINDOW_MINUTES,
} from '@homestretch/contract/common/constants';

export const OTP_TTL_MS = OTP_TTL_MINUTES * 60_000;
export const OTP_VERIFIED_WINDOW_MS = OTP_VERIFIED_WINDOW_MINUTES * 60_000;

/** A uniformly random code, leading zeros kept ("004217"). */
export function generateOtp(random: (max: number) => number = randomInt): string {
  return String(random(10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

export interface OtpRecord {
  expiresAt: Date;
  /** Checks made against this code (each reserved before comparing). */
  attempts: number;
  verifiedAt: Date | null;
  consumedAt: Date | null;
}

export type OtpState = 'live' | 'expired' | 'burnt' | 'verified' | 'consumed';

/** Where a code stands at `now`. Consumed (used or replaced) wins, then verified, burnt, expired. */
export function otpState(record: OtpRecord, now: Date): OtpState {
  if (record.consumedAt) {
    return 'consumed';
  }
  if (record.verifiedAt) {
    return 'verified';
  }
  if (record.attempts >= OTP_MAX_WRONG_TRIES) {
    return 'burnt';
  }
  if (record.expiresAt.getTime() <= now.getTime()) {
    return 'expired';
  }
  return 'live';
}

/** Wrong tries the code still takes after `attempts` checks that failed. */
export function triesLeft(attempts: number): number {
  return Math.max(0, OTP_MAX_WRONG_TRIES - attempts);
}

export function otpExpiry(now: Date): Date {
  return new Date(now.getTime() + OTP_TTL_MS);
}

/** A verification lets one QR sign-up through within 30 minutes of the check. */
export function verificationUsable(record: OtpRecord, now: Date): boolean {
  return (
    record.verifiedAt !== null &&
    record.consumedAt === null &&
    now.getTime() - record.verifiedAt.getTime() <= OTP_VERIFIED_WINDOW_MS
  );
}

/** Until when a verification made at `verifiedAt` may be used. */
export function verificationDeadline(verifiedAt: Date): Date {
  return new Date(verifiedAt.getTime() + OTP_VERIFIED_WINDOW_MS);
}

/** Why a check failed, in words for the `otp` field. */
export function otpRefusal(state: OtpState | 'missing' | 'wrong', attempts = 0): string {
  switch (state) {
    case 'missing':
    case 'consumed':
    case 'verified':
      return 'No code is waiting for this number. Ask for a new code.';
    case 'expired':
      return `This code has expired (codes last ${OTP_TTL_MINUTES} minutes). Ask for a new code.`;
    case 'burnt':
      return 'Too many wrong tries. Ask for a new code.';
    case 'wrong': {
      const left = triesLeft(attempts);
      return left === 0
        ? 'Incorrect code, and that was the last try. Ask for a new code.'
        : `Incorrect code. ${left} ${left === 1 ? 'try' : 'tries'} left.`;
    }
    case 'live':
      return 'Enter the code we texted you.';
  }
}

export function otpText(code: string): string {
  return `Your Homestretch verification code is ${code}. It expires in ${OTP_TTL_MINUTES} minutes. Do not share it.`;
}
