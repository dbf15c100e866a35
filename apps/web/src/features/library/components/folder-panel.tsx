import type { Folder } from '@homestretch/contract/library/folder';
import { Folder as FolderIcon, FolderPlus, Library, Users } from 'lucide-react';
import { cx } from '../../../ui/cx';
import { PanelError, PanelLoading } from '../../../ui/panel-states';
import { RowActions } from '../../../ui/row-actions';
import { useFolders } from '../api/list-folders';

export interface FolderPanelProps {
  /** The open folder's id; null for the whole library. */
  openId: number | null;
  onOpen: (folderId: number | null) => void;
  onCreate: () => void;
  onRename: (folder: Folder) => void;
  onShare: (folder: Folder) => void;
  onDelete: (folder: Folder) => void;
  /** False inside a dialog that already says "Folders". */
  titled?: boolean;
}

const ITEM =
  'flex min-h-10 w-full min-w-0 items-center gap-2 rounded-control px-2 text-left text-sm';

function FolderItem({
  folder,
  open,
  onOpen,
  onRename,
  onShare,
  onDelete,
}: { folder: Folder; open: boolean } & Omit<FolderPanelProps, 'openId' | 'onCreate' | 'titled'>) {
  const count = folder.videos.length;
  return (
    <li className="flex items-center gap-1">
      <button
        type="button"
        aria-current={open ? 'true' : undefined}
        onClick={() => onOpen(folder.id)}
        className={cx(
          ITEM,
          open ? 'bg-brand-50 font-medium text-brand-800' : 'text-ink hover:bg-canvas',
        )}
      >
        <FolderIcon aria-hidden="true" className="size-4 shrink-0 text-ink-subtle" />
        <span className="min-w-0 flex-1 truncate">{folder.name}</span>
        {folder.is_shared && (
          <Users aria-label="Shared with the clinic" className="size-4 shrink-0 text-brand-600" />
        )}
        <span className="shrink-0 text-xs text-ink-subtle">
          {count}
          <span className="sr-only">{count === 1 ? ' video' : ' videos'}</span>
        </span>
      </button>
      {folder.can_edit && (
        <RowActions
          label={`Actions for folder ${folder.name}`}
          actions={[
            { key: 'rename', label: 'Rename', onSelect: () => onRename(folder) },
            {
              key: 'share',
              label: folder.is_shared ? 'Make private' : 'Share with the clinic',
              onSelect: () => onShare(folder),
            },
            {
              key: 'delete',
              label: 'Delete folder',
              tone: 'danger',
              onSelect: () => onDelete(folder),
            },
          ]}
        />
      )}
    </li>
  );
}

/**
 * The caller's folders and the clinic's shared ones (GET /video/library), as a side panel on
 * the desktop and inside the phone's folder picker. Opening one filters the library to it.
 */
export function FolderPanel(props: FolderPanelProps) {
  const { openId, onOpen, onCreate, titled = true, ...itemProps } = props;
  const folders = useFolders();
  const all = folders.data?.results ?? [];
  const mine = all.filter((folder) => folder.is_mine);
  const shared = all.filter((folder) => !folder.is_mine);

  const group = (title: string, items: Folder[]) =>
    items.length > 0 && (
      <section aria-label={title} className="flex flex-col gap-1">
        <h3 className="px-2 pt-3 text-xs font-semibold text-ink-muted uppercase">{title}</h3>
        <ul className="flex flex-col gap-0.5">
          {items.map((folder) => (
            <FolderItem
              key={folder.id}
              folder={folder}
              open={folder.id === openId}
              onOpen={onOpen}
              {...itemProps}
            />
          ))}
        </ul>
      </section>
    );

  return (
    <div className="flex flex-col">
      <div className="flex items-center justify-between gap-2 pb-2">
        {titled && <h2 className="px-2 text-base font-semibold text-ink">Folders</h2>}
        <button
          type="button"
          onClick={onCreate}
          className="ml-auto inline-flex min-h-10 items-center gap-1.5 rounded-control px-2 text-sm font-medium text-brand-800 hover:bg-brand-50"
        >
          <FolderPlus aria-hidden="true" className="size-4" />
          New folder
        </button>
      </div>
      <button
        type="button"
        aria-current={openId === null ? 'true' : undefined}
        onClick={() => onOpen(null)}
        className={cx(
          ITEM,
          openId === null ? 'bg-brand-50 font-medium text-brand-800' : 'text-ink hover:bg-canvas',
        )}
      >
        <Library aria-hidden="true" className="size-4 shrink-0 text-ink-subtle" />
        Whole library
      </button>
      {folders.isPending ? (
        <PanelLoading label="Loading folders" minHeight={96} />
      ) : folders.isError ? (
        <div className="pt-3">
          <PanelError
            error={folders.error}
            onRetry={() => void folders.refetch()}
            retrying={folders.isFetching}
          />
        </div>
      ) : all.length === 0 ? (
        <p className="px-2 pt-3 text-sm text-ink-muted">
          No folders yet. Group the exercises you give often, then share them with the clinic.
        </p>
      ) : (
        <>
          {group('My folders', mine)}
          {group('Shared with the clinic', shared)}
        </>
      )}
    </div>
  );
}
