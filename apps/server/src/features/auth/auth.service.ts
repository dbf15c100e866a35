import { RESET_TOKEN_TTL_MS } from '@homestretch/contract/auth/reset-password';
import type {
  ResetLinkStatus,
  ResetPasswordConfirmBody,
} from '@homestretch/contract/auth/reset-password';
import type { Role } from '@homestretch/contract/common/enums';
import type { User } from '@homestretch/contract/users/user';
import type { z } from 'zod';
import {
  type ConfirmSignUpBodySchema,
  SIGN_UP_LINK_TTL_HOURS,
  type SignUpBodySchema,
} from '@homestretch/contract/auth/sign-up';
import {
  findAccountByEmail,
  findAccountById,
  insertAccount,
  toUserDto,
  updateAccount,
} from '../users/users.api';
import { writeAudit } from '../../platform/audit';
import { findClinicByCode, findClinicById } from '../clinics/clinics.api';
import type { AuthedCtx, Ctx } from '../../platform/context';
import { isUniqueViolation } from '../../platform/db-errors';
import { AppError, forbidden, invalidInput } from '../../platform/errors';
import { isRestrictedUser } from '../../platform/permissions';
import { type MailMessage, escapeHtml } from '../../platform/mail';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../platform/passwords';
import { accountsKnownToDevice, deviceThrottleKey } from '../../platform/known-devices';
import {
  type Throttle,
  clearLimit,
  clearLimitsStartingWith,
  enforceLimits,
  enforceThrottles,
  recordFailures,
} from '../../platform/rate-limit';
import { ADDRESS_THROTTLE, SIGN_IN_THROTTLE } from '../../platform/throttle-rules';
import {
  deleteExtensionSessions,
  deleteSession,
  deleteUserSessions,
} from '../../platform/sessions';
import { type SignedIn, completeSignIn, openSession } from './sign-in';
import { hashToken, newToken } from '../../platform/tokens';
import {
  consumeResetToken,
  consumeStaffSignUp,
  insertResetToken,
  insertStaffSignUp,
  isResetTokenLive,
  retireResetTokens,
} from './auth.repo';

const BAD_CREDENTIALS = 'Incorrect email or password';

/** Throttle keys of an address: with one IP each, and from everywhere. */
const pairKey = (email: string, ip: string) => `throttle:signin:${email}|${ip}`;
const pairKeyPrefix = (email: string) => `throttle:signin:${email}|`;
const addressKey = (email: string) => `throttle:signin-address:${email}`;

/**
 * What a sign-in attempt is counted against (security finding 3). A browser that signed in to
 * the account before answers for its own failures only, so strangers guessing the address from
 * anywhere never lock its owner out. Any other attempt waits with growing delays per address and
 * IP, and, late, per address from everywhere; the per-IP limit still counts every attempt.
 */
async function signInThrottles(
  ctx: Ctx,
  email: string,
  userId: number | undefined,
): Promise<{ throttles: Throttle[]; knownDevice: boolean }> {
  const device = ctx.meta.deviceToken ?? null;
  const known =
    userId !== undefined && (await accountsKnownToDevice(ctx.db, device, [userId])).length > 0;
  if (known && device && userId !== undefined) {
    return {
      throttles: [{ key: deviceThrottleKey(device, userId), policy: SIGN_IN_THROTTLE }],
      knownDevice: true,
    };
  }
  return {
    throttles: [
      { key: pairKey(email, ctx.meta.ip), policy: SIGN_IN_THROTTLE },
      { key: addressKey(email), policy: ADDRESS_THROTTLE },
    ],
    knownDevice: false,
  };
}

/**
 * Staff and patient sign-in by e-mail. Unknown address and wrong password look the same, in
 * words and in time.
 */
export async function signIn(
  ctx: Ctx,
  input: { email: string; password: string },
): Promise<SignedIn> {
  const now = ctx.clock.now();
  const account = await findAccountByEmail(ctx.db, input.email);
  const { throttles, knownDevice } = await signInThrottles(ctx, input.email, account?.user.id);
  if (!knownDevice) {
    await enforceLimits(ctx.db, now, [
      { key: `signin:ip:${ctx.meta.ip}`, limit: ctx.limits.signInPerIp },
    ]);
  }
  await enforceThrottles(ctx.db, now, throttles);
  if (!account) {
    await burnPasswordCheck(input.password);
    await recordFailures(ctx.db, now, throttles);
    await writeAudit(ctx.db, ctx.meta, {
      action: 'auth.sign_in_failed',
      details: { email: input.email },
    });
    throw new AppError('unauthenticated', BAD_CREDENTIALS);
  }
  const valid = await verifyPassword(account.user.passwordHash, input.password);
  if (!valid || account.user.deactivatedAt) {
    await recordFailures(ctx.db, now, throttles);
    await writeAudit(ctx.db, ctx.meta, {
      action: 'auth.sign_in_failed',
      clinicId: account.user.clinicId,
      targetType: 'user',
      targetId: account.user.id,
      details: { reason: valid ? 'deactivated' : 'password', known_device: knownDevice },
    });
    throw new AppError('unauthenticated', BAD_CREDENTIALS);
  }
  // Whoever knows the password starts again from zero, so a clinician signing in and out on a
  // shared computer is never slowed down by their own typos of last week.
  for (const throttle of throttles) {
    await clearLimit(ctx.db, throttle.key);
  }
  return completeSignIn(ctx, account.user.id, account.user.clinicId, 'web');
}

export const SIGN_UP_REQUESTED_MESSAGE =
  'Check your inbox: we have sent a link to finish creating your account. It works once, for 24 hours.';

/**
 * A staff member asks to join the clinic whose code they were given (security finding 4). The
 * answer is the same whether or not the address has an account: a new address is mailed a link
 * that creates the account (confirmSignUp), an existing one a note to its owner. The password is
 * hashed either way, so the answer takes as long.
 */
export async function signUp(ctx: Ctx, input: z.output<typeof SignUpBodySchema>): Promise<void> {
  const now = ctx.clock.now();
  await enforceLimits(ctx.db, now, [
    { key: `signup:addr:${input.email}`, limit: ctx.limits.signUpPerAddress },
    { key: `signup:ip:${ctx.meta.ip}`, limit: ctx.limits.signUpPerIp },
  ]);
  const clinic = await findClinicByCode(ctx.db, input.code);
  if (!clinic) {
    throw invalidInput({ code: 'No clinic has this code. Check it with your clinic.' });
  }
  const passwordHash = await hashPassword(input.password);
  const existing = await findAccountByEmail(ctx.db, input.email);
  if (existing) {
    await writeAudit(ctx.db, ctx.meta, {
      action: 'auth.sign_up_existing_address',
      clinicId: clinic.id,
      targetType: 'user',
      targetId: existing.user.id,
    });
    await ctx.mailer.send(existingAccountMail(ctx, existing.user, clinic.id));
    return;
  }
  const token = newToken();
  const signUpId = await ctx.db.transaction(async (tx) => {
    const id = await insertStaffSignUp(tx, {
      clinicId: clinic.id,
      email: input.email,
      passwordHash,
      firstName: input.first_name,
      lastName: input.last_name,
      companyName: input.company_name,
      role: input.role,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + SIGN_UP_LINK_TTL_HOURS * 3_600_000),
      createdAt: now,
    });
    await writeAudit(tx, ctx.meta, {
      action: 'auth.sign_up_requested',
      clinicId: clinic.id,
      targetType: 'staff_sign_up',
      targetId: id,
      details: { role: input.role },
    });
    return id;
  });
  const link = `${ctx.config.publicUrl}/therapist-signup?signup=${signUpId}&token=${encodeURIComponent(token)}`;
  const name = input.first_name;
  await ctx.mailer.send({
    clinicId: clinic.id,
    to: input.email,
    subject: `Finish creating your Homestretch account at ${clinic.name}`,
    text: `Hello ${name},\n\nUse this link to finish creating your staff account at ${clinic.name}. It works once, for ${SIGN_UP_LINK_TTL_HOURS} hours:\n${link}\n\nIf you did not ask for an account, ignore this e-mail; nothing is created without it.\n\nHomestretch`,
    html: `<p>Hello ${escapeHtml(name)},</p><p>Use this link to finish creating your staff account at ${escapeHtml(clinic.name)}. It works once, for ${SIGN_UP_LINK_TTL_HOURS} hours:</p><p><a href="${escapeHtml(link)}">Finish creating my account</a></p><p>If you did not ask for an account, ignore this e-mail; nothing is created without it.</p><p>Homestretch</p>`,
  });
}

/**
 * The note to the owner of an address someone tried to sign up with. A patient signs in to the
 * patient app, which the staff sign-in refuses.
 */
function existingAccountMail(
  ctx: Ctx,
  user: { email: string; firstName: string; role: Role },
  clinicId: number,
): MailMessage {
  const signInLink = `${ctx.config.publicUrl}/${user.role === 'patient' ? 'app' : 'login'}`;
  const resetLink = `${ctx.config.publicUrl}/find-password`;
  const name = user.firstName || 'there';
  return {
    clinicId,
    to: user.email,
    subject: 'You already have a Homestretch account',
    text: `Hello ${name},\n\nSomeone asked to create a Homestretch account with this address, which already has one. If it was you, sign in:\n${signInLink}\n\nForgot your password? Choose a new one:\n${resetLink}\n\nIf it was not you, ignore this e-mail; nothing has changed.\n\nHomestretch`,
    html: `<p>Hello ${escapeHtml(name)},</p><p>Someone asked to create a Homestretch account with this address, which already has one. If it was you, <a href="${escapeHtml(signInLink)}">sign in</a>.</p><p>Forgot your password? <a href="${escapeHtml(resetLink)}">Choose a new one</a>.</p><p>If it was not you, ignore this e-mail; nothing has changed.</p><p>Homestretch</p>`,
  };
}

const INVALID_SIGN_UP_LINK =
  'This link is invalid, used or expired. Sign up again to get a new one.';

/**
 * Opens a sign-up's link: the account is created, waiting for the administrator's approval
 * (docs/decisions/007: the clinic code is on the patients' poster), and signed in.
 */
export async function confirmSignUp(
  ctx: Ctx,
  input: z.output<typeof ConfirmSignUpBodySchema>,
): Promise<SignedIn> {
  const now = ctx.clock.now();
  let created: { userId: number; clinicId: number };
  try {
    created = await ctx.db.transaction(async (tx) => {
      const pending = await consumeStaffSignUp(
        tx,
        Number(input.signup),
        hashToken(input.token),
        now,
      );
      if (!pending) {
        throw invalidInput({ token: INVALID_SIGN_UP_LINK }, INVALID_SIGN_UP_LINK);
      }
      const clinic = await findClinicById(tx, pending.clinicId);
      const userId = await insertAccount(tx, {
        clinicId: pending.clinicId,
        email: pending.email,
        passwordHash: pending.passwordHash,
        firstName: pending.firstName,
        lastName: pending.lastName,
        companyName: pending.companyName,
        role: pending.role,
        isFullService: clinic?.isFullService ?? false,
        approvalStatus: 'pending',
      });
      await writeAudit(tx, ctx.meta, {
        action: 'auth.sign_up',
        clinicId: pending.clinicId,
        actorUserId: userId,
        details: { role: pending.role },
      });
      return { userId, clinicId: pending.clinicId };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      // The link proved the inbox, so saying the address has an account tells nothing new.
      throw new AppError('conflict', 'An account with this email already exists', {
        token: 'An account with this email already exists. Sign in or reset the password.',
      });
    }
    throw error;
  }
  return completeSignIn(ctx, created.userId, created.clinicId, 'web');
}

export const RESET_REQUESTED_MESSAGE =
  'If an account exists for that address, we have sent it a link to choose a new password. The link works once, for one hour.';

/** Sends a single-use link; answers the same whether or not the address has an account. */
export async function requestPasswordReset(ctx: Ctx, input: { email: string }): Promise<void> {
  const now = ctx.clock.now();
  await enforceLimits(ctx.db, now, [
    { key: `reset:addr:${input.email}`, limit: ctx.limits.resetPerAddress },
    { key: `reset:ip:${ctx.meta.ip}`, limit: ctx.limits.resetPerIp },
  ]);
  const account = await findAccountByEmail(ctx.db, input.email);
  if (!account || account.user.deactivatedAt) {
    return;
  }
  const token = newToken();
  await ctx.db.transaction(async (tx) => {
    await retireResetTokens(tx, account.user.id, now);
    await insertResetToken(tx, {
      userId: account.user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
      createdAt: now,
    });
    await writeAudit(tx, ctx.meta, {
      action: 'auth.reset_requested',
      clinicId: account.user.clinicId,
      targetType: 'user',
      targetId: account.user.id,
    });
  });
  const link = `${ctx.config.publicUrl}/reset-password?uid=${account.user.id}&token=${encodeURIComponent(token)}`;
  const name = account.user.firstName || 'there';
  await ctx.mailer.send({
    clinicId: account.user.clinicId,
    to: account.user.email,
    subject: 'Reset your Homestretch password',
    text: `Hello ${name},\n\nUse this link to choose a new password. It works once, for one hour:\n${link}\n\nIf you did not ask for this, ignore this e-mail; your password stays the same.\n\nHomestretch`,
    html: `<p>Hello ${escapeHtml(name)},</p><p>Use this link to choose a new password. It works once, for one hour:</p><p><a href="${escapeHtml(link)}">Choose a new password</a></p><p>If you did not ask for this, ignore this e-mail; your password stays the same.</p><p>Homestretch</p>`,
  });
}

const INVALID_RESET_LINK = 'This reset link is invalid or has expired. Ask for a new one.';

/**
 * Whether a reset link would still set a password; the link stays usable. Limited per IP like
 * the clinic-code check: a token cannot be guessed, but the door should not answer endlessly.
 */
export async function checkResetLink(
  ctx: Ctx,
  input: { uid: string; token: string },
): Promise<ResetLinkStatus> {
  const now = ctx.clock.now();
  await enforceLimits(ctx.db, now, [
    { key: `reset_check:ip:${ctx.meta.ip}`, limit: ctx.limits.resetCheckPerIp },
  ]);
  return {
    valid: await isResetTokenLive(ctx.db, Number(input.uid), hashToken(input.token), now),
  };
}

/** Sets the new password, burns the token and ends every session of the account. */
export async function confirmPasswordReset(
  ctx: Ctx,
  input: ResetPasswordConfirmBody,
): Promise<User> {
  // The contract holds uid to an id PostgreSQL can compare.
  const userId = Number(input.uid);
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  const changed = await ctx.db.transaction(async (tx) => {
    const consumed = await consumeResetToken(tx, userId, hashToken(input.token), now);
    if (!consumed) {
      return false;
    }
    await updateAccount(tx, userId, { passwordHash });
    await deleteUserSessions(tx, userId);
    await writeAudit(tx, ctx.meta, {
      action: 'auth.password_reset',
      actorUserId: userId,
      targetType: 'user',
      targetId: userId,
    });
    return true;
  });
  if (!changed) {
    throw invalidInput({ token: INVALID_RESET_LINK }, INVALID_RESET_LINK);
  }
  ctx.realtime.endUserSessions(userId);
  const account = await findAccountById(ctx.db, userId);
  if (!account) {
    throw invalidInput({ uid: INVALID_RESET_LINK }, INVALID_RESET_LINK);
  }
  // Proving the inbox is as good as the password: the address starts again from zero.
  await clearLimit(ctx.db, addressKey(account.user.email));
  await clearLimitsStartingWith(ctx.db, pairKeyPrefix(account.user.email));
  return toUserDto(account);
}

export async function signOut(ctx: Ctx): Promise<void> {
  if (!ctx.caller) {
    return;
  }
  const { user, sessionIdHash } = ctx.caller;
  await ctx.db.transaction(async (tx) => {
    await deleteSession(tx, sessionIdHash);
    await deleteExtensionSessions(tx, user.id);
    await writeAudit(tx, ctx.meta, {
      action: 'auth.sign_out',
      clinicId: user.clinicId,
      actorUserId: user.id,
    });
  });
  // A shared computer's open chat must stop receiving messages the moment its person signs out.
  ctx.realtime.endSession(sessionIdHash);
}

/** spec §4 restricted user flag: what the 403 says (docs/decisions/027-extension-bridge.md). */
export const RESTRICTED_EXTENSION_MESSAGE =
  "This clinic's account is restricted: its data is not handed to the browser extension.";

/**
 * A short-lived, read-scoped token for the browser extension (spec §1). A restricted account
 * (spec §4) gets none: the token is the one way clinic data leaves the app for another program.
 */
export async function issueExtensionToken(
  ctx: AuthedCtx,
): Promise<{ token: string; expiresAt: Date }> {
  if (isRestrictedUser({ code: ctx.caller.user.clinicCode })) {
    throw forbidden(RESTRICTED_EXTENSION_MESSAGE);
  }
  const { token, expiresAt } = await openSession(ctx, ctx.caller.user.id, 'extension');
  return { token, expiresAt };
}
