import type { ApprovalRequestStatus } from '@homestretch/contract/hep/approval-request';

export const APPROVAL_STATUS_LABELS: Record<ApprovalRequestStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  approved_with_changes: 'Approved with changes',
  declined: 'Declined',
  superseded: 'Replaced',
};

/** Who decides program approval requests (server permission hep.approve). */
export function canDecideApprovals(role: string): boolean {
  return role === 'supervisor' || role === 'admin';
}
