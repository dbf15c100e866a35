import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { Modal } from './modal';
import { ModalActions } from './modal-actions';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The way back, "Cancel" unless the question needs another word. */
  cancelLabel?: string;
  onConfirm: () => void;
  onClose: () => void;
  busy: boolean;
  /** Why the last attempt failed, in words a clinician understands. */
  error?: string | null;
}

/** Asks before a change that is hard to take back (a discharge, declining an account). */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
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
        <ModalActions>
          <Button variant="secondary" onClick={onClose} data-autofocus>
            {cancelLabel}
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </ModalActions>
      </div>
    </Modal>
  );
}
