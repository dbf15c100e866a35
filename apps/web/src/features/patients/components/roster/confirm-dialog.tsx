import type { ReactNode } from 'react';
import { Button } from '../../../../ui/button';
import { Modal } from '../../../../ui/modal';
import { Alert } from '../../../../ui/alert';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  busy: boolean;
  /** Why the last attempt failed, in words a clinician understands. */
  error?: string | null;
}

/** Asks before a change that takes a patient off the active roster. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  busy,
  error,
}: ConfirmDialogProps) {
  return (
    <Modal show size="sm" title={title} onClose={onClose}>
      <div className="flex flex-col gap-4">
        <div className="text-sm text-ink-muted">{children}</div>
        {error && <Alert tone="error">{error}</Alert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
