import type { StaffMember } from '@homestretch/contract/staff/list-staff';
import { useState } from 'react';
import { errorMessage } from '../../../lib/error-messages';
import { notify } from '../../../ui/toasts';
import { useSetStaffApproval } from '../api/set-staff-approval';
import { ApprovalActions } from './approval-actions';
import { DeclineStaffDialog } from './decline-staff-dialog';

function fullName(member: StaffMember): string {
  return `${member.first_name} ${member.last_name}`.trim() || member.email;
}

/**
 * The administrator's approval of one staff account (docs/decisions/007-staff-approval.md):
 * Approve at once, Decline after asking, since it signs the account out. The therapist list and
 * clinic administration both list waiting accounts, so both offer it.
 */
export function StaffApproval({
  member,
  onDone,
}: {
  member: StaffMember;
  /** After a change: the row's buttons are gone, so the caller puts focus somewhere useful. */
  onDone?: () => void;
}) {
  const approval = useSetStaffApproval();
  const [declining, setDeclining] = useState(false);

  // Promises, not mutate()'s callbacks: once approved or declined the row may drop its buttons
  // (clinic administration shows none for an approved account), and callbacks of a component
  // gone by then never run, so the toast would not say it was done.
  const approve = () => {
    approval.mutateAsync({ user_id: member.id, status: 'approved' }).then(
      () => {
        notify.success(`${fullName(member)} is approved and can now open your clinic’s patients.`);
        onDone?.();
      },
      (error: unknown) =>
        notify.error(`Could not approve ${fullName(member)}. ${errorMessage(error)}`),
    );
  };

  const decline = () => {
    approval.mutateAsync({ user_id: member.id, status: 'declined' }).then(
      () => {
        setDeclining(false);
        notify.success(`${fullName(member)}’s account is declined and signed out.`);
        onDone?.();
      },
      // The dialog stays open and says why (approval.error).
      () => undefined,
    );
  };

  return (
    <>
      <ApprovalActions
        member={member}
        onApprove={approve}
        onDecline={() => {
          approval.reset();
          setDeclining(true);
        }}
        busy={approval.isPending}
      />
      {declining && (
        <DeclineStaffDialog
          member={member}
          onConfirm={decline}
          onClose={() => setDeclining(false)}
          busy={approval.isPending}
          error={approval.isError ? errorMessage(approval.error) : null}
        />
      )}
    </>
  );
}
