import type { Video } from '@homestretch/contract/library/video';
import { shownValue } from './video-labels';

/** A video's details for someone who may not change them (a catalogue item, a colleague's). */
export function VideoDetails({ video }: { video: Video }) {
  const rows: Array<[string, string]> = [
    ['Body part', video.body_parts],
    ['Purpose', video.purpose],
    ['Position', video.position],
    ['Equipment', shownValue(video.equipment)],
    ['Sets', String(video.sets)],
    ['Reps', String(video.reps)],
    ['Affected body part', shownValue(video.unhealthy_body_part)],
    ['Purpose of treatment', shownValue(video.purpose_of_treatment)],
    ...(video.level ? ([['Level', video.level]] as Array<[string, string]>) : []),
  ];
  const description = shownValue(video.description);
  return (
    <div className="flex flex-col gap-4">
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
