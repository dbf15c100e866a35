import type { StaffMember } from '@homestretch/contract/staff/list-staff';
import { ConfirmDialog } from '../../../ui/confirm-dialog';

export interface DeclineStaffDialogProps {
  member: StaffMember;
  onConfirm: () => void;
  onClose: () => void;
  busy: boolean;
  /** Why the last attempt failed, in words a clinician understands. */
  error: string | null;
}

/** Asks before declining a staff account: it is signed out and opens no patient data. */
export function DeclineStaffDialog({
  member,
  onConfirm,
  onClose,
  busy,
  error,
}: DeclineStaffDialogProps) {
  const name = `${member.first_name} ${member.last_name}`.trim() || member.email;
  return (
    <ConfirmDialog
      title={`Decline ${name}?`}
      confirmLabel="Decline account"
      onConfirm={onConfirm}
      onClose={onClose}
      busy={busy}
      error={error}
    >
      <div className="flex flex-col gap-2">
        <p>
          {name} ({member.email}) signed up as {member.role_label} with your clinic code. Declining
          signs them out, and the account cannot open patients’ records.
        </p>
        <p>You can still approve the account later from this list.</p>
      </div>
    </ConfirmDialog>
  );
}
