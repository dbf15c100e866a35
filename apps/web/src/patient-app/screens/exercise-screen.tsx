import type { TodayItem } from '@homestretch/contract/patient-app/program';
import { ArrowRight, MessageSquareText } from 'lucide-react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { errorMessage } from '../../lib/error-messages';
import { useRecordProgress } from '../api/program';
import { ExerciseMedia } from '../components/exercise-media';
import { HoldTimer } from '../components/hold-timer';
import { SetTicks } from '../components/set-ticks';
import { dose } from '../lib/program-format';

export interface ExerciseScreenProps {
  item: TodayItem;
  number: number;
  total: number;
  offline: boolean;
  onNext: () => void;
  onFinish: () => void;
}

/**
 * One exercise: how it goes, the therapist's notes, its sets to tick, and a timer set to its hold
 * when the therapist gave it one (an exercise without a hold has nothing to time).
 */
export function ExerciseScreen({
  item,
  number,
  total,
  offline,
  onNext,
  onFinish,
}: ExerciseScreenProps) {
  const progress = useRecordProgress();
  const last = number === total;
  const instructions = item.video.description.trim();
  return (
    <>
      <div className="flex flex-col gap-1">
        <p className="text-base font-medium text-brand-700">
          Exercise {number} of {total}
        </p>
        <h1 className="text-3xl leading-tight font-semibold text-ink">{item.video.title}</h1>
        <p className="text-xl text-ink">{dose(item.sets, item.reps, item.hold_seconds)}</p>
      </div>
      <ExerciseMedia video={item.video} />
      {item.description && (
        <section
          aria-labelledby="notes-heading"
          className="rounded-card border border-brand-200 bg-brand-50 p-4"
        >
          <h2
            id="notes-heading"
            className="flex items-center gap-2 text-lg font-semibold text-brand-900"
          >
            <MessageSquareText aria-hidden="true" className="size-5" />
            From your therapist
          </h2>
          <p className="mt-1 text-lg whitespace-pre-line text-ink">{item.description}</p>
        </section>
      )}
      {progress.isError && <Alert tone="error">{errorMessage(progress.error)}</Alert>}
      <SetTicks
        sets={item.sets}
        reps={item.reps}
        done={item.sets_done}
        disabled={offline}
        onChange={(setsDone) => progress.mutate({ hepId: item.id, setsDone })}
      />
      {item.hold_seconds !== null && <HoldTimer initialSeconds={item.hold_seconds} />}
      {instructions && instructions !== '-' && (
        <details className="rounded-card bg-surface p-4 shadow-card">
          <summary className="min-h-8 cursor-pointer text-lg font-semibold text-ink">
            How to do it
          </summary>
          <p className="mt-2 text-lg whitespace-pre-line text-ink">{instructions}</p>
        </details>
      )}
      {last ? (
        <Button size="lg" className="w-full" onClick={onFinish}>
          I’m done: rate my pain
        </Button>
      ) : (
        <Button size="lg" className="w-full" onClick={onNext}>
          Next exercise
          <ArrowRight aria-hidden="true" className="size-5" />
        </Button>
      )}
    </>
  );
}
