import { describe, expect, it } from 'vitest';
import {
  OTP_TTL_MS,
  OTP_VERIFIED_WINDOW_MS,
  generateOtp,
  otpExpiry,
  otpRefusal,
  otpState,
  triesLeft,
  verificationUsable,
} from './otp-rules';

const now = new Date('2026-11-02T15:00:00Z');
const live = {
  expiresAt: otpExpiry(now),
  attempts: 0,
  verifiedAt: null,
  consumedAt: null,
};

describe('OTP rules', () => {
  it('makes six-digit codes and keeps leading zeros', () => {
    expect(generateOtp(() => 4217)).toBe('004217');
    expect(generateOtp(() => 999_999)).toBe('999999');
    for (let i = 0; i < 50; i += 1) {
      expect(generateOtp()).toMatch(/^\d{6}$/);
    }
  });

  it('draws codes from all one million values', () => {
    let bound = 0;
    generateOtp((max) => {
      bound = max;
      return 0;
    });
    expect(bound).toBe(1_000_000);
  });

  it('lives ten minutes', () => {
    expect(OTP_TTL_MS).toBe(600_000);
    expect(otpState(live, new Date(now.getTime() + 599_999))).toBe('live');
    expect(otpState(live, new Date(now.getTime() + 600_000))).toBe('expired');
  });

  it('is burnt by the fifth wrong try', () => {
    expect(otpState({ ...live, attempts: 4 }, now)).toBe('live');
    expect(otpState({ ...live, attempts: 5 }, now)).toBe('burnt');
    expect(triesLeft(0)).toBe(5);
    expect(triesLeft(4)).toBe(1);
    expect(triesLeft(7)).toBe(0);
    expect(otpRefusal('wrong', 3)).toBe('Incorrect code. 2 tries left.');
    expect(otpRefusal('wrong', 4)).toBe('Incorrect code. 1 try left.');
    expect(otpRefusal('wrong', 5)).toMatch(/last try/);
  });

  it('lets consumed beat verified, and verified beat expiry', () => {
    const later = new Date(now.getTime() + 3_600_000);
    expect(otpState({ ...live, verifiedAt: now }, later)).toBe('verified');
    expect(otpState({ ...live, verifiedAt: now, consumedAt: now }, later)).toBe('consumed');
  });

  it('lets one sign-up use a verification within 30 minutes', () => {
    expect(OTP_VERIFIED_WINDOW_MS).toBe(1_800_000);
    const verified = { ...live, verifiedAt: now };
    expect(verificationUsable(verified, new Date(now.getTime() + 1_800_000))).toBe(true);
    expect(verificationUsable(verified, new Date(now.getTime() + 1_800_001))).toBe(false);
    expect(verificationUsable({ ...verified, consumedAt: now }, now)).toBe(false);
    expect(verificationUsable(live, now)).toBe(false);
  });
});
