import type { Folder } from '@homestretch/contract/library/folder';
import { FolderPlus } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/error-messages';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';
import { ModalActions } from '../../../ui/modal-actions';
import { useAddToFolders } from '../api/add-to-folders';

export interface AddToFoldersDialogProps {
  videoIds: number[];
  /** Every folder the caller sees; only those they may fill are offered. */
  folders: readonly Folder[];
  onNewFolder: () => void;
  onClose: () => void;
  onAdded: (folders: Folder[]) => void;
}

/** POST /video/library/bulk: the chosen videos into each ticked folder (already there stays). */
export function AddToFoldersDialog({
  videoIds,
  folders,
  onNewFolder,
  onClose,
  onAdded,
}: AddToFoldersDialogProps) {
  const add = useAddToFolders();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const fillable = folders.filter((folder) => folder.can_edit);
  const videos = videoIds.length === 1 ? '1 video' : `${videoIds.length} videos`;

  const toggle = (id: number, checked: boolean) => {
    const next = new Set(chosen);
    if (checked) {
      next.add(id);
    } else {
      next.delete(id);
    }
    setChosen(next);
  };

  return (
    <Modal show size="sm" title={`Add ${videos} to folders`} onClose={onClose}>
      <div className="flex flex-col gap-4">
        {fillable.length === 0 ? (
          <p className="text-sm text-ink-muted">
            You have no folders yet. Create one, then add the videos to it.
          </p>
        ) : (
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 text-sm font-medium text-ink">Folders</legend>
            {fillable.map((folder) => (
              <label
                key={folder.id}
                className="flex min-h-10 items-center gap-3 rounded-control px-2 text-sm text-ink hover:bg-canvas"
              >
                <input
                  type="checkbox"
                  className="size-4 accent-brand-700"
                  checked={chosen.has(folder.id)}
                  onChange={(event) => toggle(folder.id, event.target.checked)}
                />
                <span className="flex-1">{folder.name}</span>
                <span className="text-xs text-ink-subtle">
                  {folder.videos.length} {folder.videos.length === 1 ? 'video' : 'videos'}
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <Button variant="ghost" size="sm" onClick={onNewFolder} className="self-start">
          <FolderPlus aria-hidden="true" className="size-4" />
          New folder
        </Button>
        {add.isError && <Alert tone="error">{errorMessage(add.error)}</Alert>}
        <ModalActions divided>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={chosen.size === 0}
            loading={add.isPending}
            onClick={() =>
              add.mutate(
                { video_ids: videoIds, libraryfolder_ids: [...chosen] },
                { onSuccess: onAdded },
              )
            }
          >
            Add to{' '}
            {chosen.size === 1 ? 'folder' : chosen.size > 1 ? `${chosen.size} folders` : 'folders'}
          </Button>
        </ModalActions>
      </div>
    </Modal>
  );
}
