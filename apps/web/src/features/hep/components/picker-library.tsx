import type { VideoListQuery } from '@homestretch/contract/library/list-videos';
import type { Video } from '@homestretch/contract/library/video';
import { useId, useState } from 'react';
import { cx } from '../../../ui/cx';
import { Dropdown } from '../../../ui/dropdown';
import { EmptyState } from '../../../ui/empty-state';
import { Pager } from '../../../ui/pager';
import { PanelError, PanelLoading } from '../../../ui/panel-states';
import { Spinner } from '../../../ui/spinner';
import { useFolders } from '../../library/api/list-folders';
import { useVideos } from '../../library/api/list-videos';
import {
  ANY,
  DEFAULT_FILTERS,
  toListQuery,
  type LibraryFilters,
} from '../../library/components/library-filters';
import {
  LibraryFilterDropdowns,
  LibrarySearchField,
  useLibrarySearchText,
} from '../../library/components/library-toolbar';
import { sourceLabel, videoTags } from '../../library/components/video-labels';
import { VideoThumb } from '../../library/components/video-thumb';
import { type ChoiceState, ChooseButton, PreviewButton } from './choice-buttons';
import { HepPicture } from './hep-picture';

/**
 * The list the picker asks for: the physical-therapy collection alone until the therapist
 * includes strength and conditioning (issue 32 item 4: the fitness data set is off by default in
 * the program builder); the clinic's own videos are in no collection and always listed.
 */
export function pickerListQuery(filters: LibraryFilters, includeStrength: boolean): VideoListQuery {
  const query = toListQuery(filters);
  return includeStrength ? query : { ...query, collection: 'physical-therapy' };
}

/** The picker's library and catalogue: search, filters and folders, each video to choose. */
export function PickerLibrary({
  stateOf,
  onChoose,
  onPreview,
}: {
  stateOf: (videoId: number) => ChoiceState;
  onChoose: (video: Video, folder: { id: number; name: string } | null) => void;
  onPreview: (video: Video) => void;
}) {
  const headingId = useId();
  const searchId = useId();
  const strengthId = useId();
  const [filters, setFilters] = useState<LibraryFilters>(DEFAULT_FILTERS);
  const [includeStrength, setIncludeStrength] = useState(false);
  const { text: searchText, setText: setSearchText, settled: search } = useLibrarySearchText();
  // A new search starts at its first page.
  const page = search === filters.search ? filters.page : 1;
  const query = pickerListQuery({ ...filters, search, page }, includeStrength);
  const videos = useVideos(query);
  const folders = useFolders();
  const folderList = folders.data?.results ?? [];
  const openFolder = folderList.find((folder) => folder.id === filters.folder) ?? null;
  const update = (next: Partial<LibraryFilters>) =>
    setFilters({ ...filters, search, page: 1, ...next });
  const folderOptions = [
    { value: 0, label: 'Whole library' },
    ...folderList.map((folder) => ({ value: folder.id, label: folder.name })),
  ];

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="font-semibold text-ink">
        Library and catalogue
      </h3>
      <div
        role="search"
        aria-label="Find exercises"
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
      >
        <LibrarySearchField
          id={searchId}
          placeholder="Title, body part, purpose"
          value={searchText}
          onChange={setSearchText}
          className="sm:col-span-2 lg:col-span-1"
        />
        <LibraryFilterDropdowns
          fields={['scope', 'bodyPart']}
          filters={filters}
          onChange={update}
        />
        <Dropdown
          label="Folder"
          options={folderOptions}
          value={filters.folder ?? 0}
          onChange={(folder) => update({ folder: folder === 0 ? null : folder })}
          buttonClassName="w-full"
        />
      </div>
      <label htmlFor={strengthId} className="flex min-h-10 items-center gap-2 text-sm text-ink">
        <input
          id={strengthId}
          type="checkbox"
          checked={includeStrength}
          onChange={(event) => {
            setIncludeStrength(event.target.checked);
            setFilters({ ...filters, search, page: 1 });
          }}
          className="size-4 accent-brand-700"
        />
        Include strength and conditioning
      </label>
      {videos.isPending ? (
        <PanelLoading label="Loading videos" />
      ) : videos.isError ? (
        <PanelError
          error={videos.error}
          onRetry={() => void videos.refetch()}
          retrying={videos.isFetching}
        />
      ) : videos.data.results.length === 0 ? (
        <EmptyState
          title={search ? `No videos match “${search}”` : 'No videos here'}
          description={
            filters.bodyPart !== ANY || filters.folder !== null || filters.scope !== 'all'
              ? 'Clear a filter or choose another folder.'
              : includeStrength
                ? undefined
                : 'Include strength and conditioning to search the fitness exercises too.'
          }
        />
      ) : (
        <>
          <p className="flex items-center gap-2 text-sm text-ink-muted" aria-live="polite">
            {videos.data.count === 1
              ? '1 video'
              : `${videos.data.count.toLocaleString('en-US')} videos`}
            {openFolder && ` in “${openFolder.name}”`}
            {videos.isPlaceholderData && <Spinner size="sm" label="Updating" />}
          </p>
          <ul aria-label="Library videos" className="grid gap-2 md:grid-cols-2">
            {videos.data.results.map((video) => (
              <li
                key={video.id}
                className={cx(
                  'group flex items-center gap-3 rounded-control border p-2',
                  stateOf(video.id) === 'chosen'
                    ? 'border-brand-600 bg-brand-50/50'
                    : 'border-line',
                )}
              >
                {video.movement ? (
                  <HepPicture
                    video={video}
                    className="aspect-video w-24 shrink-0 rounded-control"
                  />
                ) : (
                  <VideoThumb
                    video={video}
                    className="aspect-video w-24 shrink-0 rounded-control"
                  />
                )}
                <div className="flex min-w-0 flex-1 flex-col">
                  <p className="truncate font-medium text-ink">{video.title}</p>
                  <p className="truncate text-xs text-ink-muted">
                    {[...videoTags(video), sourceLabel(video)].join(' · ')}
                  </p>
                  <div className="mt-1 flex items-center gap-1">
                    <ChooseButton
                      title={video.title}
                      state={stateOf(video.id)}
                      onChoose={() =>
                        onChoose(
                          video,
                          openFolder ? { id: openFolder.id, name: openFolder.name } : null,
                        )
                      }
                    />
                    <PreviewButton title={video.title} onPreview={() => onPreview(video)} />
                  </div>
                </div>
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            count={videos.data.count}
            onChange={(next) => setFilters({ ...filters, search, page: next })}
            label="Pages of videos"
          />
        </>
      )}
    </section>
  );
}
