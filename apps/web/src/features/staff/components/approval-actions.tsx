import type { StaffMember } from '@homestretch/contract/staff/list-staff';
import { Check, X } from 'lucide-react';
import { Button } from '../../../ui/button';

export interface ApprovalActionsProps {
  member: StaffMember;
  onApprove: (member: StaffMember) => void;
  onDecline: (member: StaffMember) => void;
  /** This member's approval is being saved. */
  busy: boolean;
}

/**
 * The administrator's buttons on a staff account that is not approved: a waiting account can be
 * approved or declined, a declined one approved after all. An approved account says so, so the
 * Approval column is never blank (issue 30).
 */
export function ApprovalActions({ member, onApprove, onDecline, busy }: ApprovalActionsProps) {
  if (member.approval_status === 'approved') {
    return (
      <span className="inline-flex items-center gap-1 text-sm text-ink-muted">
        <Check aria-hidden="true" className="size-4 text-success-700" />
        Approved
      </span>
    );
  }
  const name = `${member.first_name} ${member.last_name}`.trim() || member.email;
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        aria-label={`Approve ${name}`}
        loading={busy}
        onClick={() => onApprove(member)}
      >
        {!busy && <Check aria-hidden="true" className="size-4" />}
        Approve
      </Button>
      {member.approval_status === 'pending' && (
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Decline ${name}`}
          disabled={busy}
          onClick={() => onDecline(member)}
        >
          <X aria-hidden="true" className="size-4" />
          Decline
        </Button>
      )}
    </div>
  );
}
