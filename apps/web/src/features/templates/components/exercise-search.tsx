import type { Video } from '@homestretch/contract/library/video';
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { PanelError, PanelLoading } from '../../../ui/panel-states';
import { Pager } from '../../../ui/pager';
import { SearchInput } from '../../../ui/search-input';
import { Spinner } from '../../../ui/spinner';
import { useVideos } from '../../library/api/list-videos';
import { sourceLabel, videoTags } from '../../library/components/video-labels';

/**
 * The library to add exercises from: the clinic's own videos and the physical-therapy catalogue
 * (the strength-and-conditioning collection is not a starting program's), searched as the
 * library searches.
 */
export function ExerciseSearch({
  chosen,
  onAdd,
}: {
  chosen: ReadonlySet<number>;
  onAdd: (video: Video) => void;
}) {
  const searchId = useId();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), 300);
  const [paged, setPaged] = useState({ search, page: 1 });
  // A new search starts at its first page.
  const page = paged.search === search ? paged.page : 1;
  const videos = useVideos({ search, page, collection: 'physical-therapy' });

  return (
    <section className="flex flex-col gap-2" aria-labelledby={`${searchId}-label`}>
      <label id={`${searchId}-label`} htmlFor={searchId} className="text-sm font-medium text-ink">
        Add exercises from the library
      </label>
      <SearchInput
        id={searchId}
        placeholder="Name or synonym: wall sit, SLR, clam"
        value={text}
        onChange={setText}
      />
      {videos.isPending ? (
        <PanelLoading label="Loading exercises" minHeight={120} />
      ) : videos.isError ? (
        <PanelError
          error={videos.error}
          onRetry={() => void videos.refetch()}
          retrying={videos.isFetching}
        />
      ) : videos.data.results.length === 0 ? (
        <EmptyState
          title={search ? `No exercises match “${search}”` : 'The library is empty'}
          description={search ? 'Try another word, or a synonym.' : undefined}
        />
      ) : (
        <>
          <p className="flex items-center gap-2 text-xs text-ink-muted" aria-live="polite">
            {videos.data.count === 1 ? '1 exercise' : `${videos.data.count} exercises`}
            {videos.isPlaceholderData && <Spinner size="sm" label="Updating" />}
          </p>
          <ul aria-label="Library exercises" className="flex flex-col gap-1">
            {videos.data.results.map((video) => {
              const added = chosen.has(video.id);
              return (
                <li
                  key={video.id}
                  className="flex items-center gap-2 rounded-control border border-line px-2 py-1.5"
                >
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-ink">{video.title}</p>
                    <p className="truncate text-xs text-ink-muted">
                      {[...videoTags(video), sourceLabel(video)].join(' · ')}
                    </p>
                  </div>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={added}
                    aria-label={added ? `${video.title} is in the template` : `Add ${video.title}`}
                    onClick={() => onAdd(video)}
                  >
                    {!added && <Plus aria-hidden="true" className="size-4" />}
                    {added ? 'Added' : 'Add'}
                  </Button>
                </li>
              );
            })}
          </ul>
          <Pager
            page={page}
            count={videos.data.count}
            onChange={(next) => setPaged({ search, page: next })}
            label="Pages of exercises"
          />
        </>
      )}
    </section>
  );
}
