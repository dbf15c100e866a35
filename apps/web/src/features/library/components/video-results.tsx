import type { Video } from '@homestretch/contract/library/video';
import { Copy, Eye, Pencil } from 'lucide-react';
import { useState, type FocusEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { Button } from '../../../ui/button';
import { cx } from '../../../ui/cx';
import { CollectionBadge } from './collection-badge';
import { collectionLabel, sourceLabel, videoTags } from './video-labels';
import { VideoThumb } from './video-thumb';

export type LibraryView = 'grid' | 'list';

export interface VideoResultsProps {
  videos: readonly Video[];
  view: LibraryView;
  selected: ReadonlySet<number>;
  onToggle: (id: number, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
  onPreview: (video: Video) => void;
  onCopy: (video: Video) => void;
  /** The catalogue item being copied, if any: its button shows it is busy. */
  copyingId: number | null;
}

const ICON_BUTTON =
  'inline-flex size-10 shrink-0 items-center justify-center rounded-control text-ink-muted hover:bg-canvas hover:text-ink';

/** Open (and edit, where allowed), copy a catalogue item, or preview: the same on card and row. */
function VideoActions({
  video,
  onPreview,
  onCopy,
  copying,
}: {
  video: Video;
  onPreview: (video: Video) => void;
  onCopy: (video: Video) => void;
  copying: boolean;
}) {
  return (
    <div className="flex items-center gap-1">
      <button
        type="button"
        aria-label={`Preview ${video.title}`}
        onClick={() => onPreview(video)}
        className={ICON_BUTTON}
      >
        <Eye aria-hidden="true" className="size-5" />
      </button>
      {video.can_edit && (
        <Link
          to={paths.exerciseEdit(video.id)}
          aria-label={`Edit ${video.title}`}
          className={ICON_BUTTON}
        >
          <Pencil aria-hidden="true" className="size-5" />
        </Link>
      )}
      {video.source === 'catalogue' && (
        <Button
          variant="secondary"
          size="sm"
          loading={copying}
          onClick={() => onCopy(video)}
          aria-label={`Copy ${video.title} to my library`}
          className="ml-auto"
        >
          {!copying && <Copy aria-hidden="true" className="size-4" />}
          Copy
        </Button>
      )}
    </div>
  );
}

function SelectBox({
  video,
  selected,
  onToggle,
  className,
}: {
  video: Video;
  selected: boolean;
  onToggle: (id: number, checked: boolean) => void;
  className?: string;
}) {
  return (
    <input
      type="checkbox"
      aria-label={`Select ${video.title}`}
      className={cx('size-4 accent-brand-700', className)}
      checked={selected}
      onChange={(event) => onToggle(video.id, event.target.checked)}
    />
  );
}

function Title({ video, className }: { video: Video; className?: string }) {
  return (
    <Link
      to={paths.exerciseEdit(video.id)}
      className={cx(
        'rounded-control font-medium text-ink hover:text-brand-800 hover:underline',
        className,
      )}
    >
      {video.title}
    </Link>
  );
}

/**
 * Which card is pointed at or holds the focus: its figure moves, the others stay still (a page of
 * 25 moving figures is too busy to read).
 */
function useActiveCard() {
  const [active, setActive] = useState<number | null>(null);
  const handlers = (id: number) => ({
    onPointerEnter: () => setActive(id),
    onPointerLeave: () => setActive((current) => (current === id ? null : current)),
    onFocus: () => setActive(id),
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget)) {
        setActive((current) => (current === id ? null : current));
      }
    },
  });
  return { active, handlers };
}

/**
 * One page of the library as cards (a picture first: clinicians recognise an exercise by its
 * look) or as a compact list. The title opens the video's page: its editor for those who may
 * change it, its details for everyone else.
 */
export function VideoResults({
  videos,
  view,
  selected,
  onToggle,
  onToggleAll,
  onPreview,
  onCopy,
  copyingId,
}: VideoResultsProps) {
  const { active, handlers } = useActiveCard();
  const allSelected = videos.length > 0 && videos.every((video) => selected.has(video.id));
  const someSelected = videos.some((video) => selected.has(video.id));
  const selectAll = (
    <label className="flex min-h-10 items-center gap-2 text-sm text-ink-muted">
      <input
        type="checkbox"
        className="size-4 accent-brand-700"
        checked={allSelected}
        ref={(element) => {
          if (element) {
            element.indeterminate = someSelected && !allSelected;
          }
        }}
        onChange={(event) => onToggleAll(event.target.checked)}
      />
      Select all on this page
    </label>
  );

  if (view === 'grid') {
    return (
      <div className="flex flex-col gap-2">
        {selectAll}
        <ul
          aria-label="Videos"
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4"
        >
          {videos.map((video) => {
            const tags = videoTags(video);
            return (
              <li
                key={video.id}
                {...handlers(video.id)}
                className={cx(
                  'group flex flex-col overflow-hidden rounded-card border bg-surface shadow-card',
                  selected.has(video.id) ? 'border-brand-600 ring-1 ring-brand-600' : 'border-line',
                )}
              >
                <div className="relative">
                  <button
                    type="button"
                    tabIndex={-1}
                    aria-hidden="true"
                    onClick={() => onPreview(video)}
                    className="block w-full"
                  >
                    <VideoThumb
                      video={video}
                      moving={active === video.id}
                      className="aspect-video w-full border-b border-line"
                      figureClassName="pl-11"
                    />
                  </button>
                  <span className="absolute top-2 left-2 flex size-8 items-center justify-center rounded-control bg-surface/90 shadow-card">
                    <SelectBox
                      video={video}
                      selected={selected.has(video.id)}
                      onToggle={onToggle}
                    />
                  </span>
                </div>
                <div className="flex flex-1 flex-col gap-1 p-3">
                  <Title video={video} className="line-clamp-2" />
                  {tags.length > 0 && <p className="text-xs text-ink-muted">{tags.join(' · ')}</p>}
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-ink-subtle">
                    {sourceLabel(video)}
                    <CollectionBadge video={video} />
                  </p>
                  <div className="mt-auto pt-2">
                    <VideoActions
                      video={video}
                      onPreview={onPreview}
                      onCopy={onCopy}
                      copying={copyingId === video.id}
                    />
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-2">
      {selectAll}
      <ul
        aria-label="Videos"
        className="divide-y divide-line rounded-card border border-line bg-surface shadow-card"
      >
        {videos.map((video) => {
          const tags = videoTags(video);
          return (
            <li
              key={video.id}
              {...handlers(video.id)}
              className={cx(
                'group flex items-center gap-3 px-3 py-2',
                selected.has(video.id) && 'bg-brand-50/60',
              )}
            >
              <SelectBox video={video} selected={selected.has(video.id)} onToggle={onToggle} />
              <VideoThumb
                video={video}
                moving={active === video.id}
                className="aspect-video w-20 shrink-0 rounded-control border border-line sm:w-28"
              />
              <div className="flex min-w-0 flex-1 flex-col">
                <Title video={video} className="truncate" />
                <p className="truncate text-xs text-ink-muted">
                  {[...tags, sourceLabel(video), collectionLabel(video)]
                    .filter((part) => part !== null)
                    .join(' · ')}
                </p>
              </div>
              <VideoActions
                video={video}
                onPreview={onPreview}
                onCopy={onCopy}
                copying={copyingId === video.id}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Placeholder cards while the first page loads, the same shape as the cards to come. */
export function VideoResultsSkeleton({ view }: { view: LibraryView }) {
  const items = Array.from({ length: view === 'grid' ? 8 : 6 }, (_, index) => index);
  return (
    <div role="status" className="flex flex-col gap-2">
      <span className="sr-only">Loading videos</span>
      <div aria-hidden="true" className="h-10" />
      {view === 'grid' ? (
        <ul
          aria-hidden="true"
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4"
        >
          {items.map((item) => (
            <li key={item} className="overflow-hidden rounded-card border border-line bg-surface">
              <div className="aspect-video animate-pulse bg-canvas" />
              <div className="flex flex-col gap-2 p-3">
                <div className="h-4 w-3/4 animate-pulse rounded bg-canvas" />
                <div className="h-3 w-1/2 animate-pulse rounded bg-canvas" />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <ul
          aria-hidden="true"
          className="divide-y divide-line rounded-card border border-line bg-surface"
        >
          {items.map((item) => (
            <li key={item} className="flex items-center gap-3 px-3 py-2">
              <div className="aspect-video w-28 animate-pulse rounded-control bg-canvas" />
              <div className="flex flex-1 flex-col gap-2">
                <div className="h-4 w-1/2 animate-pulse rounded bg-canvas" />
                <div className="h-3 w-1/3 animate-pulse rounded bg-canvas" />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
