import type { MovementModel } from '@homestretch/contract/library/movement';
import type { Video } from '@homestretch/contract/library/video';
import { Suspense, useId, useState } from 'react';
import { errorMessage } from '../../../lib/error-messages';
import { Button } from '../../../ui/button';
import { SearchInput } from '../../../ui/search-input';
import { Spinner } from '../../../ui/spinner';
import { useVideos } from '../api/list-videos';
import { figureThumb } from './lazy-figures';
import { useLibrarySearchText } from './library-toolbar';
import { VideoThumb } from './video-thumb';

const FigureThumb = figureThumb.Component;

/** A catalogue exercise whose model a film can take: its id, name and model. */
export interface ModelChoice {
  id: string;
  name: string;
  movement: MovementModel | null;
}

/** How many matches the picker lists: the search narrows, the list does not scroll. */
const SHOWN_MATCHES = 6;

/** A search shorter than this matches half the catalogue: the picker waits for more. */
const MIN_SEARCH = 2;

function Matches({ search, onPick }: { search: string; onPick: (choice: ModelChoice) => void }) {
  const matches = useVideos({
    page: 1,
    scope: 'catalogue',
    collection: 'physical-therapy',
    search,
  });
  if (matches.isPending) {
    return (
      <div className="flex min-h-20 items-center justify-center">
        <Spinner label="Searching the catalogue" />
      </div>
    );
  }
  if (matches.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-danger-700">
        {errorMessage(matches.error)}
        <Button
          variant="secondary"
          size="sm"
          loading={matches.isFetching}
          onClick={() => void matches.refetch()}
        >
          Try again
        </Button>
      </div>
    );
  }
  const found = matches.data.results.filter(
    (video): video is Video & { movement_id: string } => video.movement_id !== null,
  );
  if (found.length === 0) {
    return (
      <p className="text-sm text-ink-muted">
        {`No physical-therapy exercise matches “${search}”. Try another name, such as “wall sit”.`}
      </p>
    );
  }
  return (
    <ul aria-label="Catalogue exercises" className="flex flex-col divide-y divide-line">
      {found.slice(0, SHOWN_MATCHES).map((video) => (
        <li key={video.id}>
          <button
            type="button"
            aria-label={`Choose ${video.title}`}
            onClick={() =>
              onPick({ id: video.movement_id, name: video.title, movement: video.movement })
            }
            className="group flex w-full items-center gap-3 rounded-control px-1 py-1.5 text-left hover:bg-canvas"
          >
            <VideoThumb
              video={video}
              className="aspect-video w-20 shrink-0 rounded-control border border-line"
            />
            <span className="flex min-w-0 flex-col">
              <span className="truncate font-medium text-ink">{video.title}</span>
              <span className="truncate text-xs text-ink-muted">
                {[video.body_parts, video.purpose, video.position].join(' · ')}
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * "This film is a Wall squat" (issue 32 item 7): a clinic film takes the movement model of a
 * physical-therapy catalogue exercise, so its figure, clinical tags, recommendations and camera
 * coaching apply to the film too. The field holds the exercise's id (PATCH /video/{id}
 * movement_id); `saved` names the one the film follows as stored.
 */
export function MovementModelField({
  value,
  onChange,
  saved,
  error,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
  saved: ModelChoice | null;
  error?: string;
}) {
  const searchId = useId();
  const [picked, setPicked] = useState<ModelChoice | null>(null);
  const [searching, setSearching] = useState(false);
  const { text, setText, settled } = useLibrarySearchText();
  const chosen =
    value === null
      ? null
      : ([saved, picked].find((choice) => choice?.id === value) ?? {
          id: value,
          name: value,
          movement: null,
        });
  const showSearch = chosen === null || searching;

  const pick = (choice: ModelChoice) => {
    setPicked(choice);
    setSearching(false);
    setText('');
    onChange(choice.id);
  };

  return (
    <fieldset className="flex min-w-0 flex-col gap-2 rounded-card border border-line p-3">
      <legend className="px-1 text-sm font-medium text-ink">Movement model</legend>
      <p className="text-sm text-ink-muted">
        The catalogue exercise this film shows. Its figure, clinical tags and recommendations then
        apply to the film.
      </p>
      {chosen && (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          {chosen.movement && (
            <div className="aspect-video w-full shrink-0 overflow-hidden rounded-control border border-line sm:w-56">
              <Suspense fallback={<div className="size-full bg-surface" />}>
                <FigureThumb movement={chosen.movement} className="size-full" />
              </Suspense>
            </div>
          )}
          <div className="flex flex-col gap-2">
            <p className="text-base text-ink">
              This film is a <span className="font-semibold">{chosen.name}</span>
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                size="sm"
                aria-expanded={searching}
                aria-controls={searching ? searchId : undefined}
                onClick={() => setSearching(!searching)}
              >
                {searching ? 'Keep this model' : 'Change model'}
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setSearching(false);
                  onChange(null);
                }}
              >
                Remove model
              </Button>
            </div>
          </div>
        </div>
      )}
      {showSearch && (
        <div id={searchId} className="flex flex-col gap-1">
          <label htmlFor={`${searchId}-search`} className="text-sm font-medium text-ink">
            Find a catalogue exercise
          </label>
          <SearchInput
            id={`${searchId}-search`}
            placeholder="Wall sit, SLR, clamshell…"
            value={text}
            onChange={setText}
          />
          {settled.length >= MIN_SEARCH ? (
            <Matches search={settled} onPick={pick} />
          ) : (
            <p className="text-sm text-ink-muted">
              Search the physical-therapy catalogue by name or by what clinicians call it.
            </p>
          )}
        </div>
      )}
      {error && <p className="text-sm text-danger-700">{error}</p>}
    </fieldset>
  );
}
