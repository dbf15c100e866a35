import type { ApprovalStatus } from '@homestretch/contract/common/enums';
import { cx } from '../../../ui/cx';

const BADGE: Record<Exclude<ApprovalStatus, 'approved'>, { label: string; className: string }> = {
  pending: {
    label: 'Pending approval',
    className: 'bg-warning-50 text-warning-700 ring-warning-700/30',
  },
  declined: { label: 'Declined', className: 'bg-danger-50 text-danger-700 ring-danger-600/30' },
};

/** Says when a staff account cannot open the clinic's data yet; approved accounts show nothing. */
export function ApprovalBadge({ status }: { status: ApprovalStatus }) {
  if (status === 'approved') {
    return null;
  }
  const { label, className } = BADGE[status];
  return (
    <span
      className={cx(
        'inline-flex h-6 items-center rounded-full px-2 text-xs font-medium whitespace-nowrap ring-1',
        className,
      )}
    >
      {label}
    </span>
  );
}
