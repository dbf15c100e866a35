import type { Role } from '@homestretch/contract/common/enums';

/** Who changes the clinic's billing information (server permissions.ts, billing.manage). */
export function canManageBilling(role: Role | undefined): boolean {
  return role === 'admin' || role === 'manager';
}

/** The clinic's administrator uploads the month's billing file (permissions.ts, billing.upload). */
export function canUploadBillingFiles(role: Role | undefined): boolean {
  return role === 'admin';
}
