import type { SettingsInfo } from '@homestretch/contract/users/settings-info';
import type { User } from '@homestretch/contract/users/user';
import { findAccountById, toUserDto, updateAccount } from './users.repo';
import { findClinicById } from '../clinics/clinics.api';
import type { AuthedCtx } from '../../platform/context';
import { unauthenticated } from '../../platform/errors';

export async function currentUser(ctx: AuthedCtx): Promise<User> {
  const account = await findAccountById(ctx.db, ctx.caller.user.id);
  if (!account) {
    throw unauthenticated();
  }
  return toUserDto(account);
}

/** spec §7: GET /api/v1/users/ answers a list whose first result is the current user. */
export async function listUsers(ctx: AuthedCtx): Promise<{ results: User[]; count: number }> {
  return { results: [await currentUser(ctx)], count: 1 };
}

export async function settingsInfo(ctx: AuthedCtx): Promise<SettingsInfo> {
  const clinicId = ctx.caller.user.clinicId;
  if (clinicId === null) {
    return { support_user_id: null, initial_note: '' };
  }
  const clinic = await findClinicById(ctx.db, clinicId);
  return {
    support_user_id: clinic?.supportUserId ?? null,
    initial_note: clinic?.initialNote ?? '',
  };
}

export async function cancelNotification(
  ctx: AuthedCtx,
  which: 'feature' | 'billing',
): Promise<User> {
  await updateAccount(
    ctx.db,
    ctx.caller.user.id,
    which === 'feature' ? { isFeatureNotificationOn: false } : { isNewBillingUploaded: false },
  );
  return currentUser(ctx);
}
