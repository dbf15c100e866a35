import type { TodayProgram } from '@homestretch/contract/patient-app/program';
import { CircleCheck } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { errorMessage } from '../../lib/error-messages';
import { useSendSessionReport } from '../api/health';
import { currentSession, engagementMinutes, painRatingDue } from '../lib/exercise-session';
import { plural } from '../lib/program-format';

const LEVELS = Array.from({ length: 11 }, (_, level) => level);

function Sent({ children, onDone }: { children: ReactNode; onDone: () => void }) {
  return (
    <section className="flex flex-col items-center gap-4 rounded-card bg-surface p-6 text-center shadow-card">
      <CircleCheck aria-hidden="true" className="size-12 text-success-700" />
      <h1 className="text-2xl font-semibold text-ink">Thank you</h1>
      <p role="status" className="text-lg text-ink">
        {children}
      </p>
      <Button size="lg" className="w-full" onClick={onDone}>
        Back to my program
      </Button>
    </section>
  );
}

/**
 * After the session: pain now, 0 to 10, sent with the session's minutes. Opened again once
 * today's rating is in (a reload after sending it) it says so instead of asking twice.
 */
export function PainScreen({ program, onDone }: { program: TodayProgram; onDone: () => void }) {
  const [level, setLevel] = useState<number | null>(null);
  // Judged once, as the screen opens: the rating this screen sends must not turn it round.
  const [rated] = useState(() =>
    painRatingDue(program, currentSession()) ? null : program.pain_today,
  );
  const report = useSendSessionReport();

  if (report.isSuccess) {
    const { session } = report.data;
    const minutes = Math.round(engagementMinutes(session.startedAt, session.endedAt));
    return (
      <Sent onDone={onDone}>
        Your pain rating of {level} and{' '}
        {minutes < 1 ? 'less than a minute' : plural(minutes, 'minute')} of exercise went to your
        clinic.
      </Sent>
    );
  }
  if (rated) {
    return (
      <Sent onDone={onDone}>Your pain rating of {rated.level} went to your clinic today.</Sent>
    );
  }

  return (
    <>
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-semibold text-ink">How is your pain now?</h1>
        <p className="text-lg text-ink-muted">
          0 is no pain, 10 is the worst pain you can imagine.
        </p>
      </div>
      <fieldset className="rounded-card bg-surface p-4 shadow-card">
        <legend className="sr-only">Pain from 0 to 10</legend>
        <div className="grid grid-cols-4 gap-3">
          {LEVELS.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={level === value}
              aria-label={`Pain ${value}`}
              onClick={() => setLevel(value)}
              className={cx(
                'flex min-h-16 items-center justify-center rounded-control border-2 text-2xl font-semibold transition-colors',
                level === value
                  ? 'border-brand-700 bg-brand-700 text-surface'
                  : 'border-line-strong bg-surface text-ink hover:border-brand-600',
              )}
            >
              {value}
            </button>
          ))}
        </div>
        <div className="mt-3 flex justify-between text-base text-ink-muted">
          <span>No pain</span>
          <span>Worst pain</span>
        </div>
      </fieldset>
      {report.isError && <Alert tone="error">{errorMessage(report.error)}</Alert>}
      <Button
        size="lg"
        className="w-full"
        disabled={level === null}
        loading={report.isPending}
        onClick={() => level !== null && report.mutate(level)}
      >
        Send to my clinic
      </Button>
    </>
  );
}
