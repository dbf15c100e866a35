import {
  PHASE_FIRST_WEEK,
  type Phase,
  type RecommendedVideo,
} from '@homestretch/contract/hep/recommendations';
import type { HepVideo } from '@homestretch/contract/hep/hep-item';
import type { Video } from '@homestretch/contract/library/video';
import { Check, Eye, Plus, Sparkles, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/error-messages';
import { displayIcd10Code } from '../../icd10/components/icd10-code';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { cx } from '../../../ui/cx';
import { Dropdown } from '../../../ui/dropdown';
import { EmptyState } from '../../../ui/empty-state';
import { Modal } from '../../../ui/modal';
import { ModalActions } from '../../../ui/modal-actions';
import { Pager } from '../../../ui/pager';
import { PanelError, PanelLoading } from '../../../ui/panel-states';
import { SearchInput } from '../../../ui/search-input';
import { Spinner } from '../../../ui/spinner';
import { useCurrentUser } from '../../auth/api/current-user';
import { useFolders } from '../../library/api/list-folders';
import { useVideos } from '../../library/api/list-videos';
import {
  ANY,
  BODY_PART_OPTIONS,
  DEFAULT_FILTERS,
  SCOPE_OPTIONS,
  toListQuery,
  type LibraryFilters,
} from '../../library/components/library-filters';
import { sourceLabel, videoTags } from '../../library/components/video-labels';
import { VideoPlayer } from '../../library/components/video-player';
import { VideoThumb } from '../../library/components/video-thumb';
import { recommendationsQuery, useRecommendations } from '../api/get-recommendations';
import { recordRecommendationInteraction } from '../api/record-hep-events';
import { programCount, type DraftEntry } from './approval-draft';
import { HepPicture } from './hep-picture';
import { dosage } from './program-row';

export interface PickerPatient {
  id: number;
  first_name: string;
  diagnosis?: string | null;
  onboarded_at: string | null;
}

export interface PickedExercises {
  entries: DraftEntry[];
  /** The recommended videos shown, and the phase they were for (the send event's inputs). */
  recommended: number[];
  phase: Phase | null;
}

export interface ExercisePickerProps {
  patient: PickerPatient;
  /** Videos already in the program (or draft): shown as such, not chosen twice. */
  present: ReadonlySet<number>;
  title: string;
  submitLabel: string;
  onSubmit: (picked: PickedExercises) => Promise<unknown>;
  onClose: () => void;
}

/** Weeks as a patient and therapist count them, the first week of care being week 1, as the reasons do. */
const PHASE_LABELS: Record<Phase, string> = {
  early: `Early phase (weeks ${PHASE_FIRST_WEEK.early + 1}–${PHASE_FIRST_WEEK.middle})`,
  middle: `Middle phase (weeks ${PHASE_FIRST_WEEK.middle + 1}–${PHASE_FIRST_WEEK.late})`,
  late: `Late phase (week ${PHASE_FIRST_WEEK.late + 1} on)`,
};

/** A library video as a program shows it. */
export function hepVideoOf(video: Video): HepVideo {
  return {
    id: video.id,
    title: video.title,
    description: video.description,
    body_parts: video.body_parts,
    source: video.source,
    level: video.level,
    video_url: video.video_url,
    thumbnail_url: video.thumbnail_url,
    frame_urls: video.frame_urls,
    is_archived: video.is_archived,
  };
}

function entryOf(
  video: HepVideo,
  counts: { sets: number; reps: number },
  folder: { id: number; name: string } | null,
): DraftEntry {
  return {
    video_id: video.id,
    video,
    sets: programCount(counts.sets),
    reps: programCount(counts.reps),
    description: '',
    folder_id: folder?.id ?? null,
    folder_name: folder?.name ?? null,
  };
}

type Preview = { video: HepVideo; recommended: boolean };

/**
 * "Add exercises": recommendations for this patient with their reasons (spec §5: asked only when
 * the diagnosis, onboarded date, therapist and patient are all known), then the library and the
 * catalogue with search, filters and folders. The therapist chooses several, sets their sets and
 * reps (the video's own by default) and sends them at once.
 */
export function ExercisePicker({
  patient,
  present,
  title,
  submitLabel,
  onSubmit,
  onClose,
}: ExercisePickerProps) {
  const user = useCurrentUser().data;
  const recommendationInputs = {
    diagnosisName: patient.diagnosis,
    onboardedAt: patient.onboarded_at,
    therapistId: user?.id,
    patientId: patient.id,
  };
  const inputs = recommendationsQuery(recommendationInputs);
  const recommendations = useRecommendations(recommendationInputs);
  const phase = recommendations.data?.phase ?? null;
  const [chosen, setChosen] = useState<DraftEntry[]>([]);
  const [preview, setPreview] = useState<Preview | null>(null);
  const submit = useMutation({ mutationFn: onSubmit, onSuccess: onClose });
  const chosenIds = new Set(chosen.map((entry) => entry.video_id));

  const record = (video: number, interaction: 'add' | 'play') => {
    if (phase !== null) {
      recordRecommendationInteraction({
        patient: patient.id,
        video,
        phase,
        interaction_type: interaction,
      });
    }
  };

  const choose = (entry: DraftEntry, recommended: boolean) => {
    if (chosenIds.has(entry.video_id) || present.has(entry.video_id)) {
      return;
    }
    setChosen([...chosen, entry]);
    if (recommended) {
      record(entry.video_id, 'add');
    }
  };

  const open = (next: Preview) => {
    setPreview(next);
    if (next.recommended) {
      record(next.video.id, 'play');
    }
  };

  const stateOf = (videoId: number): 'present' | 'chosen' | 'free' =>
    present.has(videoId) ? 'present' : chosenIds.has(videoId) ? 'chosen' : 'free';

  return (
    <Modal show size="xl" title={title} onClose={onClose}>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
        <div className="flex min-w-0 flex-col gap-5">
          <Recommended
            state={recommendations}
            asked={inputs !== null}
            stateOf={stateOf}
            onChoose={(video) => choose(entryOf(video, video, null), true)}
            onPreview={(video) => open({ video, recommended: true })}
          />
          <LibraryBrowser
            stateOf={stateOf}
            onChoose={(video, folder) => choose(entryOf(hepVideoOf(video), video, folder), false)}
            onPreview={(video) => open({ video: hepVideoOf(video), recommended: false })}
          />
        </div>
        {/* What is chosen, and the send, stay in view while the library scrolls. */}
        <div className="flex flex-col gap-3 lg:sticky lg:top-0">
          <ChosenList chosen={chosen} onChange={setChosen} patientName={patient.first_name} />
          {submit.isError && <Alert tone="error">{errorMessage(submit.error)}</Alert>}
          <ModalActions>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button
              disabled={chosen.length === 0}
              loading={submit.isPending}
              onClick={() =>
                submit.mutate({
                  entries: chosen,
                  recommended: recommendations.data?.videos.map((video) => video.id) ?? [],
                  phase,
                })
              }
            >
              {submitLabel}
              {chosen.length > 0 && ` (${chosen.length})`}
            </Button>
          </ModalActions>
        </div>
      </div>
      {preview && (
        <Modal
          show
          zIndex={200}
          size="lg"
          title={preview.video.title}
          onClose={() => setPreview(null)}
        >
          <div className="flex flex-col gap-3">
            {/* A program's and a recommendation's videos are the library's playable ones. */}
            <VideoPlayer video={{ ...preview.video, status: 'ready' }} />
            {preview.video.description !== '-' && (
              <p className="max-h-40 overflow-y-auto text-sm whitespace-pre-line">
                {preview.video.description}
              </p>
            )}
          </div>
        </Modal>
      )}
    </Modal>
  );
}

type ChoiceState = 'present' | 'chosen' | 'free';

function ChooseButton({
  title,
  state,
  onChoose,
}: {
  title: string;
  state: ChoiceState;
  onChoose: () => void;
}) {
  if (state === 'present') {
    return <span className="text-xs font-medium text-ink-muted">In the program</span>;
  }
  if (state === 'chosen') {
    return (
      <span className="inline-flex items-center gap-1 text-sm font-medium text-success-700">
        <Check aria-hidden="true" className="size-4" />
        Chosen
      </span>
    );
  }
  return (
    <Button variant="secondary" size="sm" aria-label={`Choose ${title}`} onClick={onChoose}>
      <Plus aria-hidden="true" className="size-4" />
      Choose
    </Button>
  );
}

function PreviewButton({ title, onPreview }: { title: string; onPreview: () => void }) {
  return (
    <button
      type="button"
      aria-label={`Play ${title}`}
      onClick={onPreview}
      className="inline-flex size-10 shrink-0 items-center justify-center rounded-control text-ink-muted hover:bg-canvas hover:text-ink"
    >
      <Eye aria-hidden="true" className="size-5" />
    </button>
  );
}

function Recommended({
  state,
  asked,
  stateOf,
  onChoose,
  onPreview,
}: {
  state: ReturnType<typeof useRecommendations>;
  asked: boolean;
  stateOf: (videoId: number) => ChoiceState;
  onChoose: (video: RecommendedVideo) => void;
  onPreview: (video: RecommendedVideo) => void;
}) {
  const headingId = useId();
  let body;
  if (!asked) {
    body = (
      <p className="text-sm text-ink-muted">
        Recommendations need the patient’s diagnosis and onboarding date.
      </p>
    );
  } else if (state.isPending) {
    body = <PanelLoading label="Loading recommendations" minHeight={96} />;
  } else if (state.isError) {
    // Recommendations help but are not needed to build a program: a quiet line, not a red box.
    body = (
      <div className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
        <span>Recommendations could not be loaded ({errorMessage(state.error)}).</span>
        <Button
          variant="ghost"
          size="sm"
          loading={state.isFetching}
          onClick={() => void state.refetch()}
        >
          Try again
        </Button>
      </div>
    );
  } else if (state.data.videos.length === 0) {
    body = <p className="text-sm text-ink-muted">No recommendations for this diagnosis yet.</p>;
  } else {
    body = (
      <ul className="grid gap-2 md:grid-cols-2">
        {state.data.videos.map((video) => (
          <li
            key={video.id}
            className="flex items-start gap-3 rounded-control border border-line bg-surface p-2"
          >
            <HepPicture video={video} className="aspect-video w-24 shrink-0 rounded-control" />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <p className="font-medium text-ink">{video.title}</p>
              <p className="text-xs text-ink-muted">{dosage(video.sets, video.reps)}</p>
              <ul aria-label={`Why ${video.title}`} className="text-xs text-brand-800">
                {video.reasons.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
              <div className="mt-1 flex items-center gap-1">
                <ChooseButton
                  title={video.title}
                  state={stateOf(video.id)}
                  onChoose={() => onChoose(video)}
                />
                <PreviewButton title={video.title} onPreview={() => onPreview(video)} />
              </div>
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline gap-x-3">
        <h3 id={headingId} className="flex items-center gap-1.5 font-semibold text-ink">
          <Sparkles aria-hidden="true" className="size-4 text-brand-700" />
          Recommended
        </h3>
        {state.data && (
          <p className="text-sm text-ink-muted">
            {PHASE_LABELS[state.data.phase]}
            {state.data.region && ` · ${state.data.region}`}
            {state.data.code && ` · ${displayIcd10Code(state.data.code)}`}
          </p>
        )}
      </div>
      {body}
    </section>
  );
}

function LibraryBrowser({
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
  const [filters, setFilters] = useState<LibraryFilters>(DEFAULT_FILTERS);
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  // A new search starts at its first page.
  const page = search === filters.search ? filters.page : 1;
  const query = toListQuery({ ...filters, search, page });
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
        <div className="flex flex-col gap-1 sm:col-span-2 lg:col-span-1">
          <label htmlFor={searchId} className="text-sm font-medium text-ink">
            Search
          </label>
          <SearchInput
            id={searchId}
            placeholder="Title, body part, purpose"
            value={searchText}
            onChange={setSearchText}
          />
        </div>
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
          label="Folder"
          options={folderOptions}
          value={filters.folder ?? 0}
          onChange={(folder) => update({ folder: folder === 0 ? null : folder })}
          buttonClassName="w-full"
        />
      </div>
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
              : undefined
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
                <VideoThumb video={video} className="aspect-video w-24 shrink-0 rounded-control" />
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

function ChosenList({
  chosen,
  onChange,
  patientName,
}: {
  chosen: DraftEntry[];
  onChange: (next: DraftEntry[]) => void;
  patientName: string;
}) {
  const headingId = useId();
  const change = (videoId: number, counts: Partial<Pick<DraftEntry, 'sets' | 'reps'>>) =>
    onChange(chosen.map((entry) => (entry.video_id === videoId ? { ...entry, ...counts } : entry)));
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-card border border-line bg-canvas p-3"
    >
      <h3 id={headingId} className="font-semibold text-ink">
        Chosen for {patientName} ({chosen.length})
      </h3>
      {chosen.length === 0 ? (
        <p className="text-sm text-ink-muted">
          Choose exercises from the list; set their sets and reps here.
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {chosen.map((entry) => (
            <li key={entry.video_id} className="flex flex-col gap-2 rounded-control bg-surface p-2">
              <div className="flex items-center gap-2">
                <HepPicture
                  video={entry.video}
                  className="aspect-video w-14 shrink-0 rounded-control"
                />
                <p className="min-w-0 flex-1 text-sm font-medium text-ink">{entry.video.title}</p>
                <button
                  type="button"
                  aria-label={`Take ${entry.video.title} off the list`}
                  onClick={() =>
                    onChange(chosen.filter((item) => item.video_id !== entry.video_id))
                  }
                  className="inline-flex size-10 shrink-0 items-center justify-center rounded-control text-ink-muted hover:bg-canvas hover:text-danger-700"
                >
                  <X aria-hidden="true" className="size-5" />
                </button>
              </div>
              <div className="flex gap-4">
                <CountInput
                  label="Sets"
                  title={entry.video.title}
                  value={entry.sets}
                  onChange={(sets) => change(entry.video_id, { sets })}
                />
                <CountInput
                  label="Reps"
                  title={entry.video.title}
                  value={entry.reps}
                  onChange={(reps) => change(entry.video_id, { reps })}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * A count typed freely (clearing the box to type another number is fine); only a whole number
 * from 1 to 100 is taken, and leaving the box shows the count kept.
 */
function CountInput({
  label,
  title,
  value,
  onChange,
}: {
  label: string;
  title: string;
  value: number;
  onChange: (value: number) => void;
}) {
  const [text, setText] = useState(String(value));
  const valid = (raw: string) => /^\d+$/.test(raw) && programCount(Number(raw)) === Number(raw);
  return (
    <label className="flex items-center gap-1 text-sm text-ink-muted">
      {label}
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={100}
        value={text}
        aria-label={`${label} for ${title}`}
        aria-invalid={valid(text) ? undefined : true}
        onChange={(event) => {
          setText(event.target.value);
          if (valid(event.target.value)) {
            onChange(Number(event.target.value));
          }
        }}
        onBlur={() => setText(String(value))}
        className="min-h-10 w-16 rounded-control border border-line-strong bg-surface px-2 text-base text-ink"
      />
    </label>
  );
}
