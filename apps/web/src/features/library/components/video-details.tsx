import type { VideoDetail } from '@homestretch/contract/library/catalogue-exercise';
import { ExerciseDetails } from './exercise-details';
import { shownValue } from './video-labels';

/**
 * A video's details for someone who may not change them (a catalogue item, a colleague's). A
 * physical-therapy catalogue exercise reads as the exercise (dose, steps, cautions, conditions,
 * versions, sources) with the tags the library files it under; its stored description and sets
 * repeat what the exercise says, so they are left out.
 */
export function VideoDetails({ video }: { video: VideoDetail }) {
  const tagRows: Array<[string, string]> = [
    ['Body part', video.body_parts],
    ['Purpose', video.purpose],
    ['Position', video.position],
    ['Equipment', shownValue(video.equipment)],
  ];
  const catalogueExercise = video.source === 'catalogue' ? video.exercise : null;
  const rows: Array<[string, string]> = catalogueExercise
    ? tagRows
    : [
        ...tagRows,
        ['Sets', String(video.sets)],
        ['Reps', String(video.reps)],
        ['Affected body part', shownValue(video.unhealthy_body_part)],
        ['Purpose of treatment', shownValue(video.purpose_of_treatment)],
        ...(video.level ? ([['Level', video.level]] as Array<[string, string]>) : []),
      ];
  const description = catalogueExercise ? '' : shownValue(video.description);
  return (
    <div className="flex flex-col gap-4">
      {catalogueExercise && <ExerciseDetails exercise={catalogueExercise} />}
      {description && (
        <section className="flex flex-col gap-1">
          <h2 className="text-sm font-medium text-ink-muted">Instructions for the patient</h2>
          <p className="text-base whitespace-pre-line text-ink">{description}</p>
        </section>
      )}
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
        {rows.map(([term, value]) => (
          <div key={term} className="flex flex-col">
            <dt className="text-sm text-ink-muted">{term}</dt>
            <dd className="text-base text-ink first-letter:uppercase">{value || 'Not stated'}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
