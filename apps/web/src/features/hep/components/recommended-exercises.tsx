import {
  PHASE_FIRST_WEEK,
  type Phase,
  type RecommendedVideo,
} from '@homestretch/contract/hep/recommendations';
import { Sparkles } from 'lucide-react';
import { useId } from 'react';
import { errorMessage } from '../../../lib/error-messages';
import { Button } from '../../../ui/button';
import { PanelLoading } from '../../../ui/panel-states';
import { displayIcd10Code } from '../../icd10/components/icd10-code';
import type { useRecommendations } from '../api/get-recommendations';
import { type ChoiceState, ChooseButton, PreviewButton } from './choice-buttons';
import { HepPicture } from './hep-picture';
import { dosage } from './program-row';

/** Weeks as a patient and therapist count them, the first week of care being week 1, as the reasons do. */
const PHASE_LABELS: Record<Phase, string> = {
  early: `Early phase (weeks ${PHASE_FIRST_WEEK.early + 1}–${PHASE_FIRST_WEEK.middle})`,
  middle: `Middle phase (weeks ${PHASE_FIRST_WEEK.middle + 1}–${PHASE_FIRST_WEEK.late})`,
  late: `Late phase (week ${PHASE_FIRST_WEEK.late + 1} on)`,
};

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
