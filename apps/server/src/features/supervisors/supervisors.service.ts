import type { User } from '@homestretch/contract/users/user';
import type {
  AssignSupervisorBodySchema,
  SupervisorTeam,
} from '@homestretch/contract/supervisors/assign-supervisor';
import type { z } from 'zod';
import {
  emailTaken,
  findAccountById,
  listSignInSupervisors,
  toUserDto,
  updateAccount,
} from '../users/users.api';
import { writeAudit } from '../../platform/audit';
import { findClinicByCode } from '../clinics/clinics.api';
import { type AuthedCtx, type Ctx, clinicScope } from '../../platform/context';
import { AppError, invalidInput, notFound, unauthenticated } from '../../platform/errors';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../platform/passwords';
import { accountsKnownToDevice, deviceThrottleKey } from '../../platform/known-devices';
import {
  type Throttle,
  clearLimit,
  enforceLimits,
  enforceThrottles,
  recordFailures,
} from '../../platform/rate-limit';
import { SIGN_IN_THROTTLE } from '../../platform/throttle-rules';
import { deleteOtherSessions } from '../../platform/sessions';
import { type SignedIn, completeSignIn } from '../auth/auth.api';
import {
  type ClinicPerson,
  findClinicPeople,
  isSupervised,
  listTeam,
  setSupervisor,
  unsupervisedTherapistIds,
} from './supervisors.repo';

const BAD_SUPERVISOR_CREDENTIALS = 'Incorrect clinic code or password';

/**
 * spec §6: supervisors sign in with the clinic code and a password. The password picks out which
 * of the clinic's approved supervisors is signing in (listSignInSupervisors).
 */
export async function supervisorSignIn(
  ctx: Ctx,
  input: { code: string; password: string },
): Promise<SignedIn> {
  const now = ctx.clock.now();
  const clinic = await findClinicByCode(ctx.db, input.code);
  const supervisors = clinic ? await listSignInSupervisors(ctx.db, clinic.id) : [];
  const throttles = await supervisorThrottles(
    ctx,
    input.code,
    supervisors.map((account) => account.user.id),
  );
  if (!throttles.knownDevice) {
    await enforceLimits(ctx.db, now, [
      { key: `signin:ip:${ctx.meta.ip}`, limit: ctx.limits.signInPerIp },
    ]);
  }
  await enforceThrottles(ctx.db, now, throttles.keys);
  for (const account of supervisors) {
    if (await verifyPassword(account.user.passwordHash, input.password)) {
      for (const throttle of throttles.keys) {
        await clearLimit(ctx.db, throttle.key);
      }
      return completeSignIn(ctx, account.user.id, account.user.clinicId, 'supervisor');
    }
  }
  if (supervisors.length === 0) {
    await burnPasswordCheck(input.password);
  }
  await recordFailures(ctx.db, now, throttles.keys);
  await writeAudit(ctx.db, ctx.meta, {
    action: 'auth.sign_in_failed',
    clinicId: clinic?.id ?? null,
    details: { kind: 'supervisor', code: input.code, known_device: throttles.knownDevice },
  });
  throw new AppError('unauthenticated', BAD_SUPERVISOR_CREDENTIALS);
}

/**
 * What a supervisor sign-in is counted against (security finding 3). The clinic code is printed
 * on the patients' QR poster, so failures never count against the code alone: that would let
 * anyone lock every supervisor of the clinic out. A browser one of them signed in from before
 * answers for its own failures; any other attempt waits with growing delays per code and IP.
 */
async function supervisorThrottles(
  ctx: Ctx,
  code: string,
  supervisorIds: number[],
): Promise<{ keys: Throttle[]; knownDevice: boolean }> {
  const device = ctx.meta.deviceToken ?? null;
  const [known] = await accountsKnownToDevice(ctx.db, device, supervisorIds);
  if (device && known !== undefined) {
    return {
      keys: [{ key: deviceThrottleKey(device, known), policy: SIGN_IN_THROTTLE }],
      knownDevice: true,
    };
  }
  return {
    keys: [{ key: `throttle:supervisor:${code}|${ctx.meta.ip}`, policy: SIGN_IN_THROTTLE }],
    knownDevice: false,
  };
}

const WRONG_CURRENT_PASSWORD = 'Your current password is not correct';

/**
 * The proof a change of e-mail or password needs: the current password, throttled like a
 * sign-in, so the check cannot be used to guess it.
 */
async function checkCurrentPassword(ctx: AuthedCtx, password: string | undefined): Promise<void> {
  const now = ctx.clock.now();
  const throttle = [
    { key: `throttle:current-password:${ctx.caller.user.id}`, policy: SIGN_IN_THROTTLE },
  ];
  await enforceThrottles(ctx.db, now, throttle);
  const account = await findAccountById(ctx.db, ctx.caller.user.id);
  const valid =
    account !== undefined &&
    password !== undefined &&
    (await verifyPassword(account.user.passwordHash, password));
  if (!valid) {
    await recordFailures(ctx.db, now, throttle);
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
  if (passwordHash) {
    ctx.realtime.endUserSessions(userId, ctx.caller.sessionIdHash);
  }
  const account = await findAccountById(ctx.db, userId);
  if (!account) {
    throw unauthenticated();
  }
  return toUserDto(account);
}

function toPerson(person: ClinicPerson) {
  return {
    id: person.id,
    first_name: person.firstName,
    last_name: person.lastName,
    email: person.email,
  };
}

/**
 * spec §6: the administrator assigns a supervisor to therapists (PATCH
 * /admin/clinic/update/supervisor). A therapist has one supervisor, so assigning moves them from
 * the one they had. Without `therapist_ids`, every approved therapist of the clinic who has no
 * supervisor yet is assigned. The change and its audit row commit together.
 */
export async function assignSupervisor(
  ctx: AuthedCtx,
  input: z.output<typeof AssignSupervisorBodySchema>,
): Promise<SupervisorTeam> {
  const scope = clinicScope(ctx);
  return ctx.db.transaction(async (tx) => {
    const [supervisor] = await findClinicPeople(tx, scope, [input.user_id]);
    if (!supervisor || supervisor.role === 'patient') {
      throw notFound('Supervisor');
    }
    if (supervisor.role !== 'supervisor') {
      throw new AppError('rule_violation', 'Only a supervisor can be assigned to therapists', {
        user_id: `${supervisor.firstName} ${supervisor.lastName} is not a supervisor`,
      });
    }
    if (supervisor.approvalStatus !== 'approved') {
      throw new AppError('rule_violation', 'This supervisor’s account is not approved', {
        user_id: 'Approve the account first',
      });
    }
    const wanted = input.therapist_ids
      ? [...new Set(input.therapist_ids)]
      : await unsupervisedTherapistIds(tx, scope);
    const found = await findClinicPeople(tx, scope, wanted);
    const missing = wanted.filter(
      (id) => !found.some((person) => person.id === id && person.role !== 'patient'),
    );
    if (missing.length > 0) {
      throw new AppError('not_found', 'Therapist not found', {
        therapist_ids: `No staff member of your clinic has the id ${missing.join(', ')}`,
      });
    }
    const notTherapists = found.filter((person) => !isSupervised(person));
    if (notTherapists.length > 0) {
      throw new AppError('rule_violation', 'Supervisors are assigned to therapists only', {
        therapist_ids: `Not a therapist or remote PT: ${notTherapists
          .map((person) => `${person.firstName} ${person.lastName} (${person.id})`)
          .join(', ')}`,
      });
    }
    const assigned = found.filter((person) => person.supervisorId !== supervisor.id);
    await setSupervisor(
      tx,
      scope,
      supervisor.id,
      assigned.map((person) => person.id),
    );
    await writeAudit(tx, ctx.meta, {
      action: 'supervisor.assigned',
      clinicId: scope.clinicId,
      actorUserId: ctx.caller.user.id,
      targetType: 'user',
      targetId: supervisor.id,
      details: {
        therapist_ids: assigned.map((person) => person.id),
        previous_supervisor_ids: assigned.map((person) => person.supervisorId),
        all_unsupervised: input.therapist_ids === undefined,
      },
    });
    const team = await listTeam(tx, scope, supervisor.id);
    return {
      supervisor: toPerson(supervisor),
      therapists: team.filter(isSupervised).map((person) => ({
        ...toPerson(person),
        role: person.role,
      })),
      assigned_ids: assigned.map((person) => person.id),
    };
  });
}
