import type { StaffMember } from '@homestretch/contract/staff/list-staff';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';

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
    <Modal show size="sm" title={`Decline ${name}?`} onClose={onClose}>
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-2 text-sm text-ink-muted">
          <p>
            {name} ({member.email}) signed up as {member.role_label} with your clinic code.
            Declining signs them out, and the account cannot open patients’ records.
          </p>
          <p>You can still approve the account later from this list.</p>
        </div>
        {error && <Alert tone="error">{error}</Alert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={busy}>
            Decline account
          </Button>
        </div>
      </div>
    </Modal>
  );
}
