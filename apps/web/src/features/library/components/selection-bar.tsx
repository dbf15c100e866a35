import type { Folder } from '@homestretch/contract/library/folder';
import type { Video } from '@homestretch/contract/library/video';
import { FolderInput, FolderMinus, Trash2 } from 'lucide-react';
import { Button } from '../../../ui/button';

/** What can be done with the ticked videos: add to a folder, take out of the open one, delete. */
export function SelectionBar({
  chosen,
  deletable,
  openFolder,
  removing,
  onAdd,
  onRemove,
  onDelete,
  onClear,
}: {
  chosen: readonly Video[];
  /** The chosen videos this user may delete: their clinic's, and theirs to edit. */
  deletable: readonly Video[];
  openFolder: Folder | null;
  removing: boolean;
  onAdd: () => void;
  onRemove: (folder: Folder) => void;
  onDelete: () => void;
  onClear: () => void;
}) {
  return (
    <div
      role="region"
      aria-label="Selected videos"
      className="flex flex-wrap items-center gap-2 rounded-card border border-brand-200 bg-brand-50 px-4 py-2"
    >
      <p className="mr-1 text-sm font-medium text-brand-900">{chosen.length} selected</p>
      <Button variant="secondary" size="sm" onClick={onAdd}>
        <FolderInput aria-hidden="true" className="size-4" />
        Add to folder
      </Button>
      {openFolder?.can_edit && (
        <Button
          variant="secondary"
          size="sm"
          loading={removing}
          onClick={() => onRemove(openFolder)}
        >
          <FolderMinus aria-hidden="true" className="size-4" />
          Remove from this folder
        </Button>
      )}
      <Button
        variant="danger"
        size="sm"
        disabled={deletable.length === 0}
        title={
          deletable.length === 0
            ? 'Catalogue items and other therapists’ videos cannot be deleted here'
            : undefined
        }
        onClick={onDelete}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        Delete
      </Button>
      <Button variant="ghost" size="sm" onClick={onClear}>
        Clear selection
      </Button>
    </div>
  );
}
