import type { Recommendations, RecommendedVideo } from '@homestretch/contract/hep/recommendations';
import { CONDITION_LABELS, PHASE_LABELS } from '@homestretch/contract/library/clinical-tags';
import { Sparkles } from 'lucide-react';
import { Suspense, lazy, useId } from 'react';
import { errorMessage } from '../../../lib/error-messages';
import { Button } from '../../../ui/button';
import { PanelLoading } from '../../../ui/panel-states';
import { displayIcd10Code } from '../../icd10/components/icd10-code';
import type { useRecommendations } from '../api/get-recommendations';
import { type ChoiceState, ChooseButton, PreviewButton } from './choice-buttons';
import { HepPicture, hepStill } from './hep-picture';
import { dosage } from './program-row';

/** The figure's code loads only when a recommendation draws one (issue 32 item 8). */
const ExerciseFigure = lazy(async () => ({
  default: (await import('../../../shared/exercise-figure/exercise-figure')).ExerciseFigure,
}));

/** What the list was chosen for: "Early phase, week 2 · Knee replacement · Z96.651". */
function basisOf(data: Recommendations): string {
  return [
    `${PHASE_LABELS[data.phase]} phase, week ${data.week}`,
    data.condition ? CONDITION_LABELS[data.condition] : data.region,
    data.code && displayIcd10Code(data.code),
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * A recommendation's picture: its film's still, else the figure drawn from its movement model
 * (start and end side by side: a dozen loops at once would be restless), else the placeholder.
 */
function RecommendationPicture({ video }: { video: RecommendedVideo }) {
  const className = 'aspect-video w-24 shrink-0 rounded-control';
  if (hepStill(video) !== null || video.movement === null) {
    return <HepPicture video={video} className={className} />;
  }
  return (
    <div className={`${className} overflow-hidden bg-brand-50 p-1`}>
      <Suspense fallback={null}>
        <ExerciseFigure
          movement={video.movement}
          label={video.title}
          mode="start-end"
          className="size-full"
        />
      </Suspense>
    </div>
  );
}

/** The picker's recommendations for the patient, each with its reasons (spec §5). */
export function RecommendedExercises({
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
    body = <p className="text-sm text-ink-muted">{state.data.explanation}</p>;
  } else {
    body = (
      <ul className="grid gap-2 md:grid-cols-2">
        {state.data.videos.map((video) => (
          <li
            key={video.id}
            className="flex items-start gap-3 rounded-control border border-line bg-surface p-2"
          >
            <RecommendationPicture video={video} />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <p className="font-medium text-ink">{video.title}</p>
              <p className="text-xs text-ink-muted">{dosage(video.sets, video.reps)}</p>
              <ul aria-label={`Why ${video.title}`} className="text-xs text-brand-800">
                {video.reasons.map((reason) => (
                  <li key={reason} className={reason === video.reason ? 'font-medium' : undefined}>
                    {reason}
                  </li>
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
        {state.data && <p className="text-sm text-ink-muted">{basisOf(state.data)}</p>}
      </div>
      {state.data && state.data.videos.length > 0 && (
        <p className="text-xs text-ink-muted">{state.data.explanation}</p>
      )}
      {body}
    </section>
  );
}
