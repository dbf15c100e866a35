/**
 * Patient self sign-up from a clinic's QR code (spec §1, §7): verify the phone by a texted code,
 * then create the app login. Public doors, so every step is rate-limited.
 */
import type { z } from 'zod';
import { OTP_MAX_WRONG_TRIES, OTP_TTL_MINUTES } from '@homestretch/contract/common/constants';
import type {
  QrRegistrationBodySchema,
  QrRegistrationResponse,
} from '@homestretch/contract/patient-signup/qr-registration';
import type { SendOtpResponse } from '@homestretch/contract/patient-signup/send-otp';
import type { VerifyOtpResponse } from '@homestretch/contract/patient-signup/verify-otp';
import { writeAudit } from '../../platform/audit';
import { localDate } from '../../platform/calendar';
import { findClinicByCode } from '../clinics/clinics.api';
import type { Ctx } from '../../platform/context';
import { isUniqueViolation } from '../../platform/db-errors';
import { AppError, invalidInput } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { createOrJoinSelfRegisteredPatient, toPatientDto } from '../patients/patients.api';
import { enforceLimits } from '../../platform/rate-limit';
import { insertAccount } from '../users/users.api';
import { type SignedIn, completeSignIn } from '../auth/auth.api';
import {
  OTP_VERIFIED_WINDOW_MS,
  generateOtp,
  otpExpiry,
  otpRefusal,
  otpState,
  otpText,
  verificationDeadline,
} from './otp-rules';
import {
  consumeVerification,
  currentOtpCode,
  insertOtpCode,
  markOtpVerified,
  reserveOtpTry,
  retireOtpCodes,
} from './patient-signup.repo';

/**
 * Texts a new 6-digit code to the phone (replacing any earlier one). Limited per phone and per
 * IP; the code is stored only as an argon2id hash.
 */
export async function sendOtp(ctx: Ctx, phone: string): Promise<SendOtpResponse> {
  const now = ctx.clock.now();
  await enforceLimits(ctx.db, now, [
    { key: `otp:phone:${phone}`, limit: ctx.limits.otpPerPhone },
    { key: `otp:ip:${ctx.meta.ip}`, limit: ctx.limits.otpPerIp },
  ]);
  const code = generateOtp();
  const codeHash = await hashPassword(code);
  await ctx.db.transaction(async (tx) => {
    await retireOtpCodes(tx, phone, now);
    await insertOtpCode(tx, { phone, codeHash, expiresAt: otpExpiry(now), createdAt: now });
  });
  await ctx.sms.send({ to: phone, text: otpText(code) });
  return { ok: true, phone, expires_in_seconds: OTP_TTL_MINUTES * 60 };
}

/**
 * Checks a code. Each check takes one try first (atomically), so guesses racing each other still
 * stop at five wrong ones; a right code is marked verified for the QR sign-up that follows.
 */
export async function verifyOtp(
  ctx: Ctx,
  input: { phone: string; otp: string },
): Promise<VerifyOtpResponse> {
  const now = ctx.clock.now();
  await enforceLimits(ctx.db, now, [
    { key: `otp-verify:phone:${input.phone}`, limit: ctx.limits.otpVerifyPerPhone },
    { key: `otp-verify:ip:${ctx.meta.ip}`, limit: ctx.limits.otpVerifyPerIp },
  ]);
  const refuse = (message: string) => invalidInput({ otp: message }, message);
  const record = await currentOtpCode(ctx.db, input.phone);
  if (!record) {
    throw refuse(otpRefusal('missing'));
  }
  const state = otpState(record, now);
  if (state === 'verified' && record.verifiedAt) {
    // A repeated check of the right code (a retry after a lost answer) answers the same.
    if (await verifyPassword(record.codeHash, input.otp)) {
      return {
        verified: true,
        phone: input.phone,
        valid_until: verificationDeadline(record.verifiedAt).toISOString(),
      };
    }
    throw refuse(otpRefusal('missing'));
  }
  if (state !== 'live') {
    throw refuse(otpRefusal(state));
  }
  const attempts = await reserveOtpTry(ctx.db, record.id, now, OTP_MAX_WRONG_TRIES);
  if (attempts === null) {
    throw refuse(otpRefusal('burnt'));
  }
  if (!(await verifyPassword(record.codeHash, input.otp))) {
    throw refuse(otpRefusal('wrong', attempts));
  }
  await markOtpVerified(ctx.db, record.id, now);
  return {
    verified: true,
    phone: input.phone,
    valid_until: verificationDeadline(now).toISOString(),
  };
}

/**
 * Creates the patient's app login in the clinic of the code, once the phone was verified (the
 * verification is used up in the same transaction). A record staff registered with this phone
 * and no login yet is joined rather than duplicated. Signs the patient in.
 */
export async function registerBySelf(
  ctx: Ctx,
  input: z.output<typeof QrRegistrationBodySchema>,
): Promise<{ session: SignedIn; body: QrRegistrationResponse }> {
  const now = ctx.clock.now();
  await enforceLimits(ctx.db, now, [
    { key: `qr-registration:ip:${ctx.meta.ip}`, limit: ctx.limits.qrRegistrationPerIp },
  ]);
  const clinic = await findClinicByCode(ctx.db, input.clinic_code);
  if (!clinic) {
    throw invalidInput({ clinic_code: 'No clinic has this code. Scan the QR code again.' });
  }
  // Today where the clinic is, as for every date the clinic records (web lib/clinic-time.ts).
  if (input.birthday && input.birthday > localDate(now, clinic.timeZone)) {
    throw invalidInput({ birthday: 'Birthday cannot be in the future' });
  }
  const scope = { clinicId: clinic.id };
  const passwordHash = await hashPassword(input.password);
  let created;
  try {
    created = await ctx.db.transaction(async (tx) => {
      if (!(await consumeVerification(tx, input.phone, now, OTP_VERIFIED_WINDOW_MS))) {
        throw new AppError(
          'rule_violation',
          'Verify your phone number first: we text you a code.',
          {
            phone: 'This phone number has not been verified (or the check is over 30 minutes old)',
          },
        );
      }
      const userId = await insertAccount(tx, {
        clinicId: clinic.id,
        email: input.email,
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        role: 'patient',
        createdAt: now,
      });
      const { patient, joined } = await createOrJoinSelfRegisteredPatient(tx, scope, userId, {
        ...input,
        now,
      });
      await writeAudit(tx, ctx.meta, {
        action: 'patient.self_registered',
        clinicId: clinic.id,
        actorUserId: userId,
        patientId: patient.id,
        details: { joined_existing_record: joined },
      });
      return { userId, patient };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('conflict', 'An account with this email already exists', {
        email: 'An account with this email already exists. Sign in instead.',
      });
    }
    throw error;
  }
  const session = await completeSignIn(ctx, created.userId, clinic.id, 'web');
  return {
    session,
    body: { user: session.user, patient: await toPatientDto(ctx.db, created.patient) },
  };
}
