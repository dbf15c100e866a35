import { PAGE_SIZE } from '@homestretch/contract/common/constants';
import type { Folder } from '@homestretch/contract/library/folder';
import type { Video } from '@homestretch/contract/library/video';
import {
  Clapperboard,
  Folder as FolderIcon,
  FolderInput,
  FolderMinus,
  LayoutGrid,
  List,
  SlidersHorizontal,
  Trash2,
  Upload,
  Users,
} from 'lucide-react';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useIsMobile } from '../../../lib/device';
import { errorMessage } from '../../../lib/error-messages';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { cx } from '../../../ui/cx';
import { Dropdown } from '../../../ui/dropdown';
import { EmptyState } from '../../../ui/empty-state';
import { ErrorState } from '../../../ui/error-state';
import { Modal } from '../../../ui/modal';
import { Pager, pageCount } from '../../../ui/pager';
import { Spinner } from '../../../ui/spinner';
import { notify } from '../../../ui/toasts';
import { useCopyVideo } from '../api/copy-video';
import { useDeleteFolder } from '../api/delete-folder';
import { useDeleteVideos } from '../api/delete-videos';
import { useFolders } from '../api/list-folders';
import { useVideos } from '../api/list-videos';
import { useRemoveFromFolders } from '../api/remove-from-folders';
import { useShareFolders } from '../api/share-folders';
import { AddToFoldersDialog } from '../components/add-to-folders-dialog';
import { FolderNameDialog } from '../components/folder-name-dialog';
import { FolderPanel } from '../components/folder-panel';
import {
  activeFilterCount,
  BODY_PART_OPTIONS,
  clearedFilters,
  emptyLibraryMessage,
  EQUIPMENT_OPTIONS,
  POSITION_OPTIONS,
  PURPOSE_OPTIONS,
  readLibraryFilters,
  SCOPE_OPTIONS,
  toListQuery,
  writeLibraryFilters,
  type LibraryFilters,
} from '../components/library-filters';
import { VideoPreviewDialog } from '../components/video-preview-dialog';
import { VideoResults, VideoResultsSkeleton, type LibraryView } from '../components/video-results';
import { SearchInput } from '../../../ui/search-input';

const VIEW_STORAGE_KEY = 'homestretch.exercise-library.view';

/** Grid or list is a habit of the clinician, not part of a search: kept on this device. */
function useLibraryView(): [LibraryView, (view: LibraryView) => void] {
  const [view, setView] = useState<LibraryView>(() =>
    window.localStorage.getItem(VIEW_STORAGE_KEY) === 'list' ? 'list' : 'grid',
  );
  const choose = (next: LibraryView) => {
    window.localStorage.setItem(VIEW_STORAGE_KEY, next);
    setView(next);
  };
  return [view, choose];
}

type Dialog =
  | { kind: 'folders' }
  | { kind: 'new-folder'; thenAdd?: number[] }
  | { kind: 'rename-folder'; folder: Folder }
  | { kind: 'delete-folder'; folder: Folder }
  | { kind: 'add-to-folders'; videoIds: number[] }
  | { kind: 'delete-videos'; videos: Video[] }
  | { kind: 'preview'; video: Video };

const videosWord = (count: number) => (count === 1 ? '1 video' : `${count} videos`);

/** exercise_library (/exercise-library): the clinic's videos, the catalogue and the folders. */
export function ExerciseLibraryPage() {
  const compact = useIsMobile();
  const navigate = useNavigate();
  const filtersId = useId();
  const [params, setParams] = useSearchParams();
  const filters = readLibraryFilters(params);
  const videos = useVideos(toListQuery(filters));
  const folders = useFolders();
  const [view, setView] = useLibraryView();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  /** Videos a delete archived (a patient's program holds them): said until dismissed. */
  const [archivedNotice, setArchivedNotice] = useState<string[] | null>(null);

  const [searchText, setSearchText] = useState(filters.search);
  const search = useDebouncedValue(searchText.trim());
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

  // A link followed while a search waits for its pause: the screen that link opens loads in a
  // transition, with this one still mounted, and the late search must not navigate back here.
  const leaving = useRef(false);
  // The typed text reaches the address (and so the query) once typing pauses.
  const pushSearch = useEffectEvent((value: string) => {
    if (value !== filters.search && !leaving.current) {
      setParams(writeLibraryFilters({ ...filters, search: value, page: 1 }), { replace: true });
    }
  });
  useEffect(() => pushSearch(search), [search]);

  // The address changed under the box (back button, "Clear filters"): the box follows it.
  const [seenSearch, setSeenSearch] = useState(filters.search);
  if (filters.search !== seenSearch) {
    setSeenSearch(filters.search);
    if (filters.search !== search) {
      setSearchText(filters.search);
    }
  }

  const copy = useCopyVideo();
  const share = useShareFolders();
  const deleteFolder = useDeleteFolder();
  const deleteVideos = useDeleteVideos();
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
  const narrowing = activeFilterCount(filters);

  const closeDialog = () => {
    copy.reset();
    deleteFolder.reset();
    deleteVideos.reset();
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

  const filterControls = (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
      <Dropdown
        label="Show"
        options={SCOPE_OPTIONS}
        value={filters.scope}
        onChange={(scope) => update({ scope })}
        buttonClassName="w-full"
      />
      <Dropdown
        label="Body part"
        options={BODY_PART_OPTIONS}
        value={filters.bodyPart}
        onChange={(bodyPart) => update({ bodyPart })}
        buttonClassName="w-full"
      />
      <Dropdown
        label="Purpose"
        options={PURPOSE_OPTIONS}
        value={filters.purpose}
        onChange={(purpose) => update({ purpose })}
        buttonClassName="w-full"
      />
      <Dropdown
        label="Position"
        options={POSITION_OPTIONS}
        value={filters.position}
        onChange={(position) => update({ position })}
        buttonClassName="w-full"
      />
      <Dropdown
        label="Equipment"
        options={EQUIPMENT_OPTIONS}
        value={filters.equipment}
        onChange={(equipment) => update({ equipment })}
        buttonClassName="w-full"
      />
    </div>
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
    <div
      className="mx-auto flex max-w-7xl flex-col gap-5"
      onClickCapture={(event) => {
        const plainClick =
          event.button === 0 &&
          !event.metaKey &&
          !event.ctrlKey &&
          !event.shiftKey &&
          !event.altKey;
        if (plainClick && (event.target as Element).closest('a[href]')) {
          leaving.current = true;
        }
      }}
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold text-ink">Exercise library</h1>
          <p className="mt-1 flex items-center gap-2 text-sm text-ink-muted" aria-live="polite">
            {videos.data
              ? `${count.toLocaleString('en-US')} ${count === 1 ? 'video' : 'videos'}${openFolder ? ` in “${openFolder.name}”` : ''}`
              : 'Your clinic’s videos and the exercise catalogue'}
            {videos.isFetching && videos.data && <Spinner size="sm" label="Updating" />}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <div
            role="group"
            aria-label="View"
            className="flex rounded-control border border-line-strong bg-surface p-0.5"
          >
            {(
              [
                ['grid', 'Grid', LayoutGrid],
                ['list', 'List', List],
              ] as const
            ).map(([value, label, Icon]) => (
              <button
                key={value}
                type="button"
                aria-pressed={view === value}
                onClick={() => setView(value)}
                className={cx(
                  'inline-flex min-h-9 items-center gap-1.5 rounded-[0.375rem] px-2.5 text-sm',
                  view === value
                    ? 'bg-brand-50 font-medium text-brand-800'
                    : 'text-ink-muted hover:text-ink',
                )}
              >
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </button>
            ))}
          </div>
          <Link
            to={paths.exerciseUpload()}
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-control bg-brand-700 px-4 font-medium text-surface hover:bg-brand-800"
          >
            <Upload aria-hidden="true" className="size-4" />
            Upload video
          </Link>
        </div>
      </div>

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
          <div
            role="search"
            aria-label="Find exercises"
            className="flex flex-col gap-3 rounded-card border border-line bg-surface p-4 shadow-card"
          >
            <div className="flex items-end gap-2">
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <label htmlFor="exercise-search" className="text-sm font-medium text-ink">
                  Search
                </label>
                <SearchInput
                  id="exercise-search"
                  placeholder="Title, body part, purpose or equipment"
                  value={searchText}
                  onChange={setSearchText}
                />
              </div>
              {compact && (
                <Button
                  variant="secondary"
                  aria-expanded={filtersOpen}
                  aria-controls={filtersId}
                  onClick={() => setFiltersOpen(!filtersOpen)}
                >
                  <SlidersHorizontal aria-hidden="true" className="size-4" />
                  Filters
                  {narrowing > 0 && (
                    <span className="rounded-full bg-brand-700 px-1.5 text-xs text-surface">
                      {narrowing}
                      <span className="sr-only"> set</span>
                    </span>
                  )}
                </Button>
              )}
            </div>
            <div id={filtersId} hidden={compact && !filtersOpen}>
              {filterControls}
            </div>
          </div>

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

          {openFolder && (
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-muted">
              <span className="inline-flex items-center gap-1.5 font-medium text-ink">
                <FolderIcon aria-hidden="true" className="size-4 text-brand-600" />
                {openFolder.name}
              </span>
              <span className="inline-flex items-center gap-1">
                {openFolder.is_shared && <Users aria-hidden="true" className="size-4" />}
                {openFolder.is_shared
                  ? openFolder.is_mine
                    ? 'Shared with your clinic'
                    : `Shared by ${openFolder.owner.first_name} ${openFolder.owner.last_name}`
                  : 'Private: only you see it'}
              </span>
              <button
                type="button"
                onClick={() => openFolderId(null)}
                className="rounded-control font-medium text-brand-800 hover:underline"
              >
                Back to the whole library
              </button>
            </div>
          )}

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
            <div
              role="region"
              aria-label="Selected videos"
              className="flex flex-wrap items-center gap-2 rounded-card border border-brand-200 bg-brand-50 px-4 py-2"
            >
              <p className="mr-1 text-sm font-medium text-brand-900">{chosen.length} selected</p>
              <Button
                variant="secondary"
                size="sm"
                onClick={() =>
                  setDialog({ kind: 'add-to-folders', videoIds: chosen.map((video) => video.id) })
                }
              >
                <FolderInput aria-hidden="true" className="size-4" />
                Add to folder
              </Button>
              {openFolder?.can_edit && (
                <Button
                  variant="secondary"
                  size="sm"
                  loading={removeFromFolder.isPending}
                  onClick={() => removeChosen(openFolder)}
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
                onClick={() => setDialog({ kind: 'delete-videos', videos: deletable })}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                Delete
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())}>
                Clear selection
              </Button>
            </div>
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
        <ConfirmDialog
          title={`Delete the folder “${dialog.folder.name}”?`}
          confirmLabel="Delete folder"
          busy={deleteFolder.isPending}
          error={deleteFolder.isError ? errorMessage(deleteFolder.error) : null}
          onClose={closeDialog}
          onConfirm={() =>
            deleteFolder.mutate(dialog.folder.id, {
              onSuccess: () => {
                notify.success(`Folder “${dialog.folder.name}” deleted.`);
                if (filters.folder === dialog.folder.id) {
                  update({ folder: null });
                }
                closeDialog();
              },
            })
          }
        >
          <p>
            Only the folder goes: its {videosWord(dialog.folder.videos.length)} stay in the library.
            {dialog.folder.is_shared && ' Your colleagues will no longer see it.'}
          </p>
        </ConfirmDialog>
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
        <ConfirmDialog
          title={
            dialog.videos.length === 1
              ? `Delete “${(dialog.videos[0] as Video).title}”?`
              : `Delete ${dialog.videos.length} videos?`
          }
          confirmLabel="Delete"
          busy={deleteVideos.isPending}
          error={deleteVideos.isError ? errorMessage(deleteVideos.error) : null}
          onClose={closeDialog}
          onConfirm={() =>
            deleteVideos.mutate(
              dialog.videos.map((video) => video.id),
              {
                onSuccess: ({ deleted, archived }) => {
                  const title = (id: number) =>
                    dialog.videos.find((video) => video.id === id)?.title ?? `Video ${id}`;
                  if (deleted.length > 0) {
                    notify.success(`${videosWord(deleted.length)} deleted.`);
                  }
                  setArchivedNotice(archived.length > 0 ? archived.map(title) : null);
                  setSelected(new Set());
                  closeDialog();
                },
              },
            )
          }
        >
          <p>
            They leave the library and every folder. A video a patient’s program uses is kept for
            that program, out of the library.
          </p>
          {dialog.videos.length > 1 && (
            <ul className="mt-2 list-disc pl-5 text-ink">
              {dialog.videos.map((video) => (
                <li key={video.id}>{video.title}</li>
              ))}
            </ul>
          )}
          {chosen.length > dialog.videos.length && (
            <p className="mt-2">
              Catalogue items and other therapists’ videos among those you chose stay.
            </p>
          )}
        </ConfirmDialog>
      )}
    </div>
  );
}
