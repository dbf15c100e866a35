import type { ApprovalRequestStatus } from '@homestretch/contract/hep/approval-request';

export const APPROVAL_STATUS_LABELS: Record<ApprovalRequestStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  approved_with_changes: 'Approved with changes',
  declined: 'Declined',
  superseded: 'Replaced',
};
