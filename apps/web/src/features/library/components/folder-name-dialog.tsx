import {
  CreateFolderBodySchema,
  type CreateFolderBody,
} from '@homestretch/contract/library/create-folder';
import type { Folder } from '@homestretch/contract/library/folder';
import { useContractForm } from '../../../lib/contract-form';
import { errorMessage } from '../../../lib/error-messages';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { useDiscardGuard } from '../../../ui/discard-guard';
import { Modal } from '../../../ui/modal';
import { ModalActions } from '../../../ui/modal-actions';
import { TextField } from '../../../ui/text-field';
import { useCreateFolder } from '../api/create-folder';
import { useUpdateFolder } from '../api/update-folder';

export interface FolderNameDialogProps {
  /** The folder to rename; none to create a new one. */
  folder?: Folder;
  onClose: () => void;
  onSaved: (folder: Folder) => void;
}

/**
 * Names a new folder (POST /video/library) or renames one (PATCH /video/library/{folderId}):
 * the same rule either way, the contract's FolderNameSchema; a name already used is the
 * server's 409, said in its words.
 */
export function FolderNameDialog({ folder, onClose, onSaved }: FolderNameDialogProps) {
  const create = useCreateFolder();
  const rename = useUpdateFolder();
  const mutation = folder ? rename : create;
  const { form, formRef, errors, formFailed, focusInvalid, onSubmit } = useContractForm({
    schema: CreateFolderBodySchema,
    defaultValues: { name: folder?.name ?? '' } satisfies CreateFolderBody,
    mutation,
  });
  const { requestClose, prompt } = useDiscardGuard(form.formState.isDirty, onClose);
  const send = onSubmit((body) => {
    const options = { onSuccess: onSaved, onError: focusInvalid };
    if (folder) {
      rename.mutate({ folderId: folder.id, body }, options);
    } else {
      create.mutate(body, options);
    }
  });

  return (
    <Modal
      show
      size="sm"
      title={folder ? `Rename “${folder.name}”` : 'New folder'}
      onClose={requestClose}
    >
      <form ref={formRef} noValidate onSubmit={send} className="flex flex-col gap-4">
        {formFailed && <Alert tone="error">{errorMessage(mutation.error)}</Alert>}
        <TextField
          label="Folder name"
          autoComplete="off"
          error={errors.name}
          data-autofocus
          {...form.register('name')}
        />
        <ModalActions divided>
          <Button variant="secondary" onClick={requestClose}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {folder ? 'Rename' : 'Create folder'}
          </Button>
        </ModalActions>
      </form>
      {prompt}
    </Modal>
  );
}
