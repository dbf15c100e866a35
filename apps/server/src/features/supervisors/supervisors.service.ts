import type { User } from '@homestretch/contract/users/user';
import {
  emailTaken,
  findAccountById,
  listClinicAccountsByRole,
  toUserDto,
  updateAccount,
} from '../../platform/accounts';
import { writeAudit } from '../../platform/audit';
import { findClinicByCode } from '../../platform/clinic-directory';
import type { AuthedCtx, Ctx } from '../../platform/context';
import { AppError, invalidInput, unauthenticated } from '../../platform/errors';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../platform/passwords';
import { enforceLimits } from '../../platform/rate-limit';
import { deleteOtherSessions } from '../../platform/sessions';
import { type SignedIn, completeSignIn } from '../../platform/sign-in';

const BAD_SUPERVISOR_CREDENTIALS = 'Incorrect clinic code or password';

/**
 * spec §6: supervisors sign in with the clinic code and a password. The password picks out which
 * of the clinic's supervisors is signing in.
 */
export async function supervisorSignIn(
  ctx: Ctx,
  input: { code: string; password: string },
): Promise<SignedIn> {
  await enforceLimits(ctx.db, ctx.clock.now(), [
    { key: `supervisor:code:${input.code}`, limit: ctx.limits.supervisorSignInPerCode },
    { key: `signin:ip:${ctx.meta.ip}`, limit: ctx.limits.signInPerIp },
  ]);
  const clinic = await findClinicByCode(ctx.db, input.code);
  const supervisors = clinic ? await listClinicAccountsByRole(ctx.db, clinic.id, 'supervisor') : [];
  for (const account of supervisors) {
    if (await verifyPassword(account.user.passwordHash, input.password)) {
      return completeSignIn(ctx, account.user.id, account.user.clinicId, 'supervisor');
    }
  }
  if (supervisors.length === 0) {
    await burnPasswordCheck(input.password);
  }
  await writeAudit(ctx.db, ctx.meta, {
    action: 'auth.sign_in_failed',
    clinicId: clinic?.id ?? null,
    details: { kind: 'supervisor', code: input.code },
  });
  throw new AppError('unauthenticated', BAD_SUPERVISOR_CREDENTIALS);
}

const WRONG_CURRENT_PASSWORD = 'Your current password is not correct';

/**
 * The proof a change of e-mail or password needs: the current password, tried at most as often as
 * a sign-in per address, so the check cannot be used to guess it.
 */
async function checkCurrentPassword(ctx: AuthedCtx, password: string | undefined): Promise<void> {
  await enforceLimits(ctx.db, ctx.clock.now(), [
    { key: `current-password:user:${ctx.caller.user.id}`, limit: ctx.limits.signInPerAddress },
  ]);
  const account = await findAccountById(ctx.db, ctx.caller.user.id);
  const valid =
    account !== undefined &&
    password !== undefined &&
    (await verifyPassword(account.user.passwordHash, password));
  if (!valid) {
    await writeAudit(ctx.db, ctx.meta, {
      action: 'supervisor.profile_refused',
      clinicId: ctx.caller.user.clinicId,
      actorUserId: ctx.caller.user.id,
      details: { reason: 'current_password' },
    });
    throw invalidInput({ current_password: WRONG_CURRENT_PASSWORD }, WRONG_CURRENT_PASSWORD);
  }
}

/** spec §6: a supervisor updates their own profile (name, e-mail, password). */
export async function updateOwnSupervisorProfile(
  ctx: AuthedCtx,
  input: {
    first_name?: string;
    last_name?: string;
    supervisor_email?: string;
    new_password?: string;
    current_password?: string;
  },
): Promise<User> {
  const userId = ctx.caller.user.id;
  if (input.supervisor_email !== undefined || input.new_password !== undefined) {
    await checkCurrentPassword(ctx, input.current_password);
  }
  if (input.supervisor_email && (await emailTaken(ctx.db, input.supervisor_email, userId))) {
    throw new AppError('conflict', 'Another account already uses this email', {
      supervisor_email: 'Another account already uses this email',
    });
  }
  const passwordHash = input.new_password ? await hashPassword(input.new_password) : undefined;
  await ctx.db.transaction(async (tx) => {
    await updateAccount(tx, userId, {
      ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
      ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
      ...(input.supervisor_email !== undefined ? { email: input.supervisor_email } : {}),
      ...(passwordHash ? { passwordHash } : {}),
    });
    if (passwordHash) {
      // A new password ends the other sessions; this one stays so the supervisor is not thrown out.
      await deleteOtherSessions(tx, userId, ctx.caller.sessionIdHash);
    }
    await writeAudit(tx, ctx.meta, {
      action: 'supervisor.profile_updated',
      clinicId: ctx.caller.user.clinicId,
      actorUserId: userId,
      details: {
        fields: Object.keys(input).filter(
          (key) => key !== 'new_password' && key !== 'current_password',
        ),
      },
    });
  });
  const account = await findAccountById(ctx.db, userId);
  if (!account) {
    throw unauthenticated();
  }
  return toUserDto(account);
}
