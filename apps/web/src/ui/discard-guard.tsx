import { useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Closing a form with unsaved input asks first (Escape, the backdrop, Cancel alike), so a
 * slip of a key never loses what a clinician typed. A pristine form closes at once.
 */
export function useDiscardGuard(dirty: boolean, close: () => void) {
  const [asking, setAsking] = useState(false);
  const requestClose = () => (dirty ? setAsking(true) : close());
  const prompt = asking ? (
    <ConfirmDialog
      title="Discard your changes?"
      confirmLabel="Discard"
      cancelLabel="Keep editing"
      onConfirm={close}
      onClose={() => setAsking(false)}
      busy={false}
    >
      What you typed in this form has not been saved.
    </ConfirmDialog>
  ) : null;
  return { requestClose, prompt };
}
