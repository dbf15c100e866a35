import type { User } from '@homestretch/contract/users/user';
import { findAccountById, toUserDto, updateAccount } from '../users/users.api';
import { writeAudit } from '../../platform/audit';
import type { SignInCookies } from '../../platform/session-cookie';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { rememberDevice } from '../../platform/known-devices';
import { EXTENSION_TOKEN_MINUTES, type SessionKind, createSession } from '../../platform/sessions';

export interface SignedIn extends SignInCookies {
  user: User;
}

/** Opens a session of the given kind for a user whose credentials were just proven. */
export async function openSession(ctx: Ctx, userId: number, kind: SessionKind): Promise<SignedIn> {
  const now = ctx.clock.now();
  const lifetimeMs =
    kind === 'extension'
      ? EXTENSION_TOKEN_MINUTES * 60_000
      : ctx.config.sessionMaxHours * 3_600_000;
  const session = await createSession(ctx.db, {
    userId,
    kind,
    now,
    lifetimeMs,
    ip: ctx.meta.ip,
    ...(ctx.meta.userAgent ? { userAgent: ctx.meta.userAgent } : {}),
  });
  const account = await findAccountById(ctx.db, userId);
  if (!account) {
    throw new AppError('not_found', 'Account not found');
  }
  return { user: toUserDto(account), ...session };
}

/** Records a proven sign-in (last login, audit) and opens its session. */
export async function completeSignIn(
  ctx: Ctx,
  userId: number,
  clinicId: number | null,
  kind: SessionKind,
): Promise<SignedIn> {
  const now = ctx.clock.now();
  await updateAccount(ctx.db, userId, { lastLogin: now });
  await writeAudit(ctx.db, ctx.meta, {
    action: 'auth.sign_in',
    clinicId,
    actorUserId: userId,
    details: { kind },
  });
  const deviceToken = await rememberDevice(ctx.db, ctx.meta.deviceToken ?? null, userId, now);
  return { ...(await openSession(ctx, userId, kind)), deviceToken };
}
