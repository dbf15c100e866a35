import type { Folder } from '@homestretch/contract/library/folder';
import { Folder as FolderIcon, Users } from 'lucide-react';

/** The open folder's name, who shares it, and the way back to the whole library. */
export function OpenFolderBar({ folder, onLeave }: { folder: Folder; onLeave: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-muted">
      <span className="inline-flex items-center gap-1.5 font-medium text-ink">
        <FolderIcon aria-hidden="true" className="size-4 text-brand-600" />
        {folder.name}
      </span>
      <span className="inline-flex items-center gap-1">
        {folder.is_shared && <Users aria-hidden="true" className="size-4" />}
        {folder.is_shared
          ? folder.is_mine
            ? 'Shared with your clinic'
            : `Shared by ${folder.owner.first_name} ${folder.owner.last_name}`
          : 'Private: only you see it'}
      </span>
      <button
        type="button"
        onClick={onLeave}
        className="rounded-control font-medium text-brand-800 hover:underline"
      >
        Back to the whole library
      </button>
    </div>
  );
}
