import {
  CONDITION_LABELS,
  PHASE_LABELS,
  type CatalogueExercise,
  type ExerciseLink,
} from '@homestretch/contract/library/catalogue-exercise';
import { ArrowDownRight, ArrowUpRight, ExternalLink, TriangleAlert } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { doseInWords } from './dose-words';

const LINK = 'rounded-control font-medium text-brand-800 hover:underline';

/** A part of the details, named by its heading (so a screen reader can jump to the steps). */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-1.5">
      <h3 id={headingId} className="text-sm font-semibold text-ink-muted">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** "Early and middle phases": the phases joined as a sentence says them. */
export function phasesInWords(phases: CatalogueExercise['phases']): string {
  const words = phases.map((phase) => PHASE_LABELS[phase].toLowerCase());
  const listed =
    words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? '');
  const sentence = `${listed} ${words.length === 1 ? 'phase' : 'phases'}`;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** The conditions and phases an exercise is given for: what recommendations match it on. */
export function ExerciseUses({
  exercise,
}: {
  exercise: Pick<CatalogueExercise, 'conditions' | 'phases'>;
}) {
  return (
    <Section title="Used for">
      <ul className="flex flex-wrap gap-1.5">
        {exercise.conditions.map((condition) => (
          <li
            key={condition}
            className="rounded-full border border-line bg-canvas px-2.5 py-0.5 text-sm text-ink"
          >
            {CONDITION_LABELS[condition]}
          </li>
        ))}
      </ul>
      <p className="text-sm text-ink-muted">{phasesInWords(exercise.phases)}</p>
    </Section>
  );
}

function Progressions({
  title,
  icon,
  links,
  onOpen,
}: {
  title: string;
  icon: ReactNode;
  links: readonly ExerciseLink[];
  onOpen?: (videoId: number) => void;
}) {
  if (links.length === 0) {
    return null;
  }
  return (
    <Section title={title}>
      <ul className="flex flex-col gap-1">
        {links.map((link) => (
          <li key={link.id} className="flex items-center gap-1.5">
            {icon}
            {onOpen ? (
              <button type="button" onClick={() => onOpen(link.video_id)} className={LINK}>
                {link.name}
              </button>
            ) : (
              <Link to={paths.exerciseEdit(link.video_id)} className={LINK}>
                {link.name}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}

/**
 * What a therapist reads of a catalogue exercise beside its figure (issue 32): the default dose
 * in words, the numbered steps the patient follows, the cautions, the conditions and phases it
 * is given for, its easier and harder versions, and the guidance it follows. A version opens in
 * place with `onOpen` (the preview), or as its own page.
 */
export function ExerciseDetails({
  exercise,
  onOpen,
}: {
  exercise: CatalogueExercise;
  onOpen?: (videoId: number) => void;
}) {
  return (
    <div className="flex flex-col gap-4">
      <p className="rounded-control bg-brand-50 px-3 py-2 text-base text-brand-900">
        <span className="font-semibold">Default dose: </span>
        {doseInWords(exercise.dose)}
      </p>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <Section title="Steps">
          <ol className="flex list-decimal flex-col gap-1 pl-5 text-base text-ink marker:text-ink-muted">
            {exercise.instructions.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </Section>
        <div className="flex flex-col gap-4">
          <Section title="Cautions">
            <ul className="flex flex-col gap-1 text-base text-ink">
              {exercise.cautions.map((caution) => (
                <li key={caution} className="flex gap-2">
                  <TriangleAlert
                    aria-hidden="true"
                    className="mt-1 size-4 shrink-0 text-warning-700"
                  />
                  {caution}
                </li>
              ))}
            </ul>
          </Section>
          <ExerciseUses exercise={exercise} />
        </div>
      </div>
      {(exercise.easier.length > 0 || exercise.harder.length > 0) && (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Progressions
            title="Easier"
            icon={<ArrowDownRight aria-hidden="true" className="size-4 text-ink-subtle" />}
            links={exercise.easier}
            onOpen={onOpen}
          />
          <Progressions
            title="Harder"
            icon={<ArrowUpRight aria-hidden="true" className="size-4 text-ink-subtle" />}
            links={exercise.harder}
            onOpen={onOpen}
          />
        </div>
      )}
      <Section title="Sources">
        <ul className="flex flex-col gap-1 text-sm">
          {exercise.sources.map((source) => (
            <li key={source.url}>
              <a
                href={source.url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 rounded-control font-medium text-brand-800 hover:underline"
              >
                {source.title}
                <ExternalLink aria-hidden="true" className="size-3.5" />
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
              <span className="text-ink-muted">
                {' '}
                — {source.organisation}, {source.year}
              </span>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
