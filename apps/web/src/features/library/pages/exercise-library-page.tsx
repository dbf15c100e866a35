import { PAGE_SIZE } from '@homestretch/contract/common/constants';
import type { Folder } from '@homestretch/contract/library/folder';
import type { Video } from '@homestretch/contract/library/video';
import { Clapperboard, Folder as FolderIcon } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useIsMobile } from '../../../lib/device';
import { errorMessage } from '../../../lib/error-messages';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { ErrorState } from '../../../ui/error-state';
import { Modal } from '../../../ui/modal';
import { Pager, pageCount } from '../../../ui/pager';
import { notify } from '../../../ui/toasts';
import { useCopyVideo } from '../api/copy-video';
import { useFolders } from '../api/list-folders';
import { useVideos } from '../api/list-videos';
import { useRemoveFromFolders } from '../api/remove-from-folders';
import { useShareFolders } from '../api/share-folders';
import { AddToFoldersDialog } from '../components/add-to-folders-dialog';
import { DeleteFolderDialog, DeleteVideosDialog, videosWord } from '../components/delete-dialogs';
import { FolderNameDialog } from '../components/folder-name-dialog';
import { FolderPanel } from '../components/folder-panel';
import { LibraryHeader } from '../components/library-header';
import {
  clearedFilters,
  emptyLibraryMessage,
  readLibraryFilters,
  toListQuery,
  writeLibraryFilters,
  type LibraryFilters,
} from '../components/library-filters';
import { LibrarySearchPanel } from '../components/library-search-panel';
import { useAddressSearch } from '../components/use-address-search';
import { useLibraryView } from '../components/use-library-view';
import { OpenFolderBar } from '../components/open-folder-bar';
import { SelectionBar } from '../components/selection-bar';
import { VideoPreviewDialog } from '../components/video-preview-dialog';
import { VideoResults, VideoResultsSkeleton } from '../components/video-results';

type Dialog =
  | { kind: 'folders' }
  | { kind: 'new-folder'; thenAdd?: number[] }
  | { kind: 'rename-folder'; folder: Folder }
  | { kind: 'delete-folder'; folder: Folder }
  | { kind: 'add-to-folders'; videoIds: number[] }
  | { kind: 'delete-videos'; videos: Video[] }
  | { kind: 'preview'; video: Video };

/** exercise_library (/exercise-library): the clinic's videos, the catalogue and the folders. */
export function ExerciseLibraryPage() {
  const compact = useIsMobile();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = readLibraryFilters(params);
  const videos = useVideos(toListQuery(filters));
  const folders = useFolders();
  const [view, setView] = useLibraryView();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  /** Videos a delete archived (a patient's program holds them): said until dismissed. */
  const [archivedNotice, setArchivedNotice] = useState<string[] | null>(null);

  // Selection belongs to one page of one search: it is dropped whenever the list changes.
  const listKey = params.toString();
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<number> }>({
    key: listKey,
    ids: new Set(),
  });
  const selected = selection.key === listKey ? selection.ids : new Set<number>();
  const setSelected = (ids: ReadonlySet<number>) => setSelection({ key: listKey, ids });

  const update = (next: Partial<LibraryFilters>, replace = false) =>
    setParams(writeLibraryFilters({ ...filters, page: 1, ...next }), { replace });

  const { searchText, setSearchText, noteLeaving } = useAddressSearch(filters, setParams);

  const copy = useCopyVideo();
  const share = useShareFolders();
  const removeFromFolder = useRemoveFromFolders();

  const rows = videos.data?.results ?? [];
  const count = videos.data?.count ?? 0;
  const lastPage = Math.max(1, pageCount(count));
  // A delete can empty the last page; show the new last page instead.
  const toLastPage = useEffectEvent(() =>
    setParams(writeLibraryFilters({ ...filters, page: lastPage }), { replace: true }),
  );
  const pastTheEnd = videos.isSuccess && !videos.isPlaceholderData && filters.page > lastPage;
  useEffect(() => {
    if (pastTheEnd) {
      toLastPage();
    }
  }, [pastTheEnd]);

  const folderList = folders.data?.results ?? [];
  const openFolder = folderList.find((folder) => folder.id === filters.folder) ?? null;
  const folderGone = filters.folder !== null && folders.isSuccess && openFolder === null;
  const chosen = rows.filter((video) => selected.has(video.id));
  const deletable = chosen.filter((video) => video.source === 'clinic' && video.can_edit);
  const empty = emptyLibraryMessage(filters);

  const closeDialog = () => {
    copy.reset();
    setDialog(null);
  };
  const openFolderId = (folderId: number | null) => {
    setDialog(null);
    update({ folder: folderId });
  };

  const copyToLibrary = (video: Video) =>
    copy.mutate(video.id, {
      onSuccess: (copied) => {
        notify.success(`“${copied.title}” is in your library. Adjust it to your patients.`);
        void navigate(paths.exerciseEdit(copied.id));
      },
      onError: (error) => notify.error(errorMessage(error)),
    });

  const toggleShare = (folder: Folder) =>
    share.mutate(
      { libraryfolder_ids: [folder.id], is_shared: !folder.is_shared },
      {
        onSuccess: () =>
          notify.success(
            folder.is_shared
              ? `“${folder.name}” is private again.`
              : `“${folder.name}” is shared with your clinic.`,
          ),
        onError: (error) => notify.error(errorMessage(error)),
      },
    );

  const removeChosen = (folder: Folder) =>
    removeFromFolder.mutate(
      { video_ids: chosen.map((video) => video.id), libraryfolder_ids: [folder.id] },
      {
        onSuccess: () => {
          notify.success(`${videosWord(chosen.length)} taken out of “${folder.name}”.`);
          setSelected(new Set());
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    );

  const folderPanel = (titled: boolean) => (
    <FolderPanel
      titled={titled}
      openId={filters.folder}
      onOpen={openFolderId}
      onCreate={() => setDialog({ kind: 'new-folder' })}
      onRename={(folder) => setDialog({ kind: 'rename-folder', folder })}
      onShare={toggleShare}
      onDelete={(folder) => setDialog({ kind: 'delete-folder', folder })}
    />
  );

  const clearButton = (
    <Button
      variant="secondary"
      onClick={() => setParams(writeLibraryFilters(clearedFilters(filters)))}
    >
      Clear filters
    </Button>
  );

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-5" onClickCapture={noteLeaving}>
      <LibraryHeader
        count={videos.data ? count : null}
        openFolder={openFolder}
        updating={videos.isFetching}
        view={view}
        onView={setView}
      />

      <div className="flex flex-col gap-5 lg:flex-row lg:items-start">
        {!compact && (
          <aside
            aria-label="Folders"
            className="w-full shrink-0 rounded-card border border-line bg-surface p-3 shadow-card lg:sticky lg:top-20 lg:w-64"
          >
            {folderPanel(true)}
          </aside>
        )}

        <div className="flex min-w-0 flex-1 flex-col gap-4">
          <LibrarySearchPanel
            compact={compact}
            searchText={searchText}
            onSearchText={setSearchText}
            filters={filters}
            onChange={update}
          />

          {compact && (
            <Button
              variant="secondary"
              onClick={() => setDialog({ kind: 'folders' })}
              className="justify-start"
            >
              <FolderIcon aria-hidden="true" className="size-4 text-ink-subtle" />
              <span className="truncate">
                {openFolder ? `Folder: ${openFolder.name}` : 'Folders: whole library'}
              </span>
            </Button>
          )}

          {openFolder && <OpenFolderBar folder={openFolder} onLeave={() => openFolderId(null)} />}

          {archivedNotice && (
            <div className="flex items-start gap-2">
              <div className="flex-1">
                <Alert tone="info">
                  Kept for the patients’ programs that use them: {archivedNotice.join(', ')}. They
                  are out of the library and its folders; those programs still show them.
                </Alert>
              </div>
              <Button variant="ghost" size="sm" onClick={() => setArchivedNotice(null)}>
                Dismiss
              </Button>
            </div>
          )}

          {chosen.length > 0 && (
            <SelectionBar
              chosen={chosen}
              deletable={deletable}
              openFolder={openFolder}
              removing={removeFromFolder.isPending}
              onAdd={() =>
                setDialog({ kind: 'add-to-folders', videoIds: chosen.map((video) => video.id) })
              }
              onRemove={removeChosen}
              onDelete={() => setDialog({ kind: 'delete-videos', videos: deletable })}
              onClear={() => setSelected(new Set())}
            />
          )}

          {folderGone ? (
            <div className="rounded-card border border-line bg-surface shadow-card">
              <EmptyState
                icon={FolderIcon}
                title="This folder is not available"
                description="It may have been deleted, or made private by its owner."
                action={
                  <Button variant="secondary" onClick={() => openFolderId(null)}>
                    Show the whole library
                  </Button>
                }
              />
            </div>
          ) : videos.isPending ? (
            <VideoResultsSkeleton view={view} />
          ) : videos.isError && !videos.data ? (
            <ErrorState
              message={errorMessage(videos.error)}
              onRetry={() => void videos.refetch()}
              retrying={videos.isFetching}
            />
          ) : rows.length === 0 ? (
            <div className="rounded-card border border-line bg-surface shadow-card">
              <EmptyState
                icon={Clapperboard}
                title={empty.title}
                description={empty.description}
                action={empty.canClear ? clearButton : undefined}
              />
            </div>
          ) : (
            <>
              <VideoResults
                videos={rows}
                view={view}
                selected={selected}
                onToggle={(id, checked) => {
                  const next = new Set(selected);
                  if (checked) {
                    next.add(id);
                  } else {
                    next.delete(id);
                  }
                  setSelected(next);
                }}
                onToggleAll={(checked) =>
                  setSelected(new Set(checked ? rows.map((video) => video.id) : []))
                }
                onPreview={(video) => setDialog({ kind: 'preview', video })}
                onCopy={copyToLibrary}
                copyingId={copy.isPending ? (copy.variables ?? null) : null}
              />
              <div className="flex flex-col items-center justify-between gap-3 sm:flex-row">
                <p className="text-sm text-ink-muted">
                  {`Showing ${(filters.page - 1) * PAGE_SIZE + 1}–${Math.min(filters.page * PAGE_SIZE, count)} of ${count.toLocaleString('en-US')}`}
                </p>
                <Pager
                  page={filters.page}
                  count={count}
                  onChange={(page) => update({ page })}
                  label="Video pages"
                />
              </div>
            </>
          )}
        </div>
      </div>

      {dialog?.kind === 'folders' && (
        <Modal show title="Folders" onClose={closeDialog}>
          {folderPanel(false)}
        </Modal>
      )}
      {dialog?.kind === 'preview' && (
        <VideoPreviewDialog
          video={dialog.video}
          onClose={closeDialog}
          onCopy={copyToLibrary}
          copying={copy.isPending}
        />
      )}
      {dialog?.kind === 'new-folder' && (
        <FolderNameDialog
          onClose={closeDialog}
          onSaved={(folder) => {
            notify.success(`Folder “${folder.name}” created.`);
            setDialog(dialog.thenAdd ? { kind: 'add-to-folders', videoIds: dialog.thenAdd } : null);
          }}
        />
      )}
      {dialog?.kind === 'rename-folder' && (
        <FolderNameDialog
          folder={dialog.folder}
          onClose={closeDialog}
          onSaved={(folder) => {
            notify.success(`Folder renamed to “${folder.name}”.`);
            closeDialog();
          }}
        />
      )}
      {dialog?.kind === 'delete-folder' && (
        <DeleteFolderDialog
          folder={dialog.folder}
          onClose={closeDialog}
          onDeleted={() => {
            notify.success(`Folder “${dialog.folder.name}” deleted.`);
            if (filters.folder === dialog.folder.id) {
              update({ folder: null });
            }
            closeDialog();
          }}
        />
      )}
      {dialog?.kind === 'add-to-folders' && (
        <AddToFoldersDialog
          videoIds={dialog.videoIds}
          folders={folderList}
          onNewFolder={() => setDialog({ kind: 'new-folder', thenAdd: dialog.videoIds })}
          onClose={closeDialog}
          onAdded={(changed) => {
            notify.success(
              `${videosWord(dialog.videoIds.length)} added to ${changed.map((folder) => `“${folder.name}”`).join(', ')}.`,
            );
            setSelected(new Set());
            closeDialog();
          }}
        />
      )}
      {dialog?.kind === 'delete-videos' && (
        <DeleteVideosDialog
          videos={dialog.videos}
          chosenCount={chosen.length}
          onClose={closeDialog}
          onDeleted={(deleted, archived) => {
            if (deleted > 0) {
              notify.success(`${videosWord(deleted)} deleted.`);
            }
            setArchivedNotice(archived.length > 0 ? archived : null);
            setSelected(new Set());
            closeDialog();
          }}
        />
      )}
    </div>
  );
}
