import type { Phase } from '@homestretch/contract/hep/recommendations';
import type { HepVideo } from '@homestretch/contract/hep/hep-item';
import type { Video } from '@homestretch/contract/library/video';
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/error-messages';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';
import { ModalActions } from '../../../ui/modal-actions';
import { useCurrentUser } from '../../auth/api/current-user';
import { VideoPlayer } from '../../library/components/video-player';
import { recommendationsQuery, useRecommendations } from '../api/get-recommendations';
import { recordRecommendationInteraction } from '../api/record-hep-events';
import { LazyExerciseFigure } from '../../../shared/exercise-figure/lazy-exercise-figure';
import { programCount, programHold, type DraftEntry } from './approval-draft';
import { ChosenExercises } from './chosen-exercises';
import { PickerLibrary } from './picker-library';
import { RecommendedExercises } from './recommended-exercises';
import { TemplateStartDialog } from './template-start-dialog';

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
    movement_id: video.movement_id,
    movement: video.movement,
  };
}

/**
 * A chosen video's entry with its own dose: sets, reps and, where the video has one, its hold
 * (a recommendation carries no hold, so it starts without one).
 */
export function entryOf(
  video: HepVideo,
  dose: { sets: number; reps: number; hold_seconds?: number | null },
  folder: { id: number; name: string } | null,
): DraftEntry {
  return {
    video_id: video.id,
    video,
    sets: programCount(dose.sets),
    reps: programCount(dose.reps),
    hold_seconds: programHold(dose.hold_seconds ?? null),
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
  const [templates, setTemplates] = useState(false);
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
          <RecommendedExercises
            state={recommendations}
            asked={inputs !== null}
            stateOf={stateOf}
            onChoose={(video) => choose(entryOf(video, video, null), true)}
            onPreview={(video) => open({ video, recommended: true })}
          />
          <PickerLibrary
            stateOf={stateOf}
            onChoose={(video, folder) => choose(entryOf(hepVideoOf(video), video, folder), false)}
            onPreview={(video) => open({ video: hepVideoOf(video), recommended: false })}
          />
        </div>
        {/* What is chosen, and the send, stay in view while the library scrolls. */}
        <div className="flex flex-col gap-3 lg:sticky lg:top-0">
          <Button variant="secondary" onClick={() => setTemplates(true)}>
            Start from template
          </Button>
          <ChosenExercises chosen={chosen} onChange={setChosen} patientName={patient.first_name} />
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
      {templates && (
        <TemplateStartDialog
          phase={phase}
          onClose={() => setTemplates(false)}
          onUse={(items) =>
            setChosen([
              ...chosen,
              ...items
                .filter((item) => !chosenIds.has(item.video_id) && !present.has(item.video_id))
                .map((item) => entryOf(item.video, item, null)),
            ])
          }
        />
      )}
      {preview && (
        <Modal
          show
          zIndex={200}
          size="lg"
          title={preview.video.title}
          onClose={() => setPreview(null)}
        >
          <div className="flex flex-col gap-3">
            {preview.video.movement && !preview.video.video_url ? (
              // A catalogue exercise has no film: its figure loops, with a pause button.
              <LazyExerciseFigure
                movement={preview.video.movement}
                label={preview.video.title}
                className="aspect-video w-full rounded-control border border-line bg-surface"
              />
            ) : (
              // A program's and a recommendation's videos are the library's playable ones.
              <VideoPlayer video={{ ...preview.video, status: 'ready' }} />
            )}
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
