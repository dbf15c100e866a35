import type { TodayItem, TodayProgram } from '@homestretch/contract/patient-app/program';
import { CircleCheck, ChevronRight, ClipboardList, MessageCircleQuestion } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { formatClinicDate } from '../../lib/clinic-time';
import { viewerTimeZone } from '../../lib/viewer-time-zone';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { FigureImage } from '../../shared/exercise-figure/figure-image';
import { InstallOffer } from '../components/install-offer';
import { useMe } from '../api/session';
import { OfflineNotice } from '../components/offline-notice';
import { WeekSummary } from '../components/week-summary';
import { currentSession, painRatingDue } from '../lib/exercise-session';
import { dose } from '../lib/program-format';

export interface ProgramScreenProps {
  firstName: string;
  program: TodayProgram;
  /** When the copy shown was loaded, if the phone is offline. */
  offlineSince: string | null;
  onOpen: (item: TodayItem) => void;
  onFinish: () => void;
  onAsk: () => void;
  /** "Chat with your clinic". */
  onChat: () => void;
}

// The badge and its query are loaded after the program shows, as the chat screen is: the app's
// first download stays within its budget.
const ChatUnreadBadge = lazy(async () => ({
  default: (await import('../components/chat-unread-badge')).ChatUnreadBadge,
}));

/** Today's exercises in order, how far along they are, the week, and the ways on. */
export function ProgramScreen({
  firstName,
  program,
  offlineSince,
  onOpen,
  onFinish,
  onAsk,
  onChat,
}: ProgramScreenProps) {
  // The clinic's calendar, as the staff app reads the same program (lib/clinic-time.ts).
  const timeZone = useMe().data?.clinic_time_zone ?? viewerTimeZone();
  const done = program.items.filter((item) => item.sets_done >= item.sets).length;
  const started = program.items.some((item) => item.sets_done > 0);
  const due = painRatingDue(program, currentSession());
  return (
    <>
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-semibold text-ink">Hello, {firstName}</h1>
        {program.therapist && (
          <p className="text-lg text-ink-muted">
            Your program from {program.therapist.first_name} {program.therapist.last_name}
            {program.updated_at
              ? `, updated ${formatClinicDate(program.updated_at, timeZone)}`
              : ''}
          </p>
        )}
      </div>
      {offlineSince && <OfflineNotice savedAt={offlineSince} timeZone={timeZone} />}
      <InstallOffer />
      {program.items.length === 0 ? (
        <section className="flex flex-col items-center gap-3 rounded-card bg-surface p-6 text-center shadow-card">
          <ClipboardList aria-hidden="true" className="size-10 text-brand-700" />
          <h2 className="text-xl font-semibold text-ink">No exercises yet</h2>
          <p className="text-lg text-ink-muted">
            Your therapist has not sent your home program yet. It appears here as soon as they do.
          </p>
        </section>
      ) : (
        <section aria-labelledby="today-heading" className="flex flex-col gap-3">
          <div className="flex items-baseline justify-between gap-3">
            <h2 id="today-heading" className="text-xl font-semibold text-ink">
              Today’s exercises
            </h2>
            <p className="text-base text-ink-muted">
              {done} of {program.items.length} done
            </p>
          </div>
          <ol className="flex flex-col gap-3">
            {program.items.map((item, index) => (
              <li key={item.id}>
                <ExerciseRow item={item} number={index + 1} onOpen={() => onOpen(item)} />
              </li>
            ))}
          </ol>
          <Button size="lg" className="w-full" onClick={onFinish} disabled={!due}>
            I’m done: rate my pain
          </Button>
          {!due && (
            <p className="text-center text-base text-ink-muted">
              {started
                ? 'Your pain rating went to your clinic today. Thank you!'
                : 'Tick off a set to start today’s session.'}
            </p>
          )}
        </section>
      )}
      <WeekSummary program={program} />
      <Button size="lg" variant="secondary" className="w-full" onClick={onChat}>
        Chat with your clinic
        <Suspense fallback={null}>
          <ChatUnreadBadge />
        </Suspense>
      </Button>
      <Button size="lg" variant="secondary" className="w-full" onClick={onAsk}>
        <MessageCircleQuestion aria-hidden="true" className="size-5" />
        Ask my therapist
      </Button>
    </>
  );
}

function ExerciseRow({
  item,
  number,
  onOpen,
}: {
  item: TodayItem;
  number: number;
  onOpen: () => void;
}) {
  const complete = item.sets_done >= item.sets;
  const picture = item.video.thumbnail_url ?? item.video.frame_urls[0] ?? null;
  return (
    <button
      type="button"
      onClick={onOpen}
      className={cx(
        'flex w-full items-center gap-3 rounded-card border bg-surface p-3 text-left shadow-card',
        complete ? 'border-brand-200' : 'border-transparent',
      )}
    >
      <span
        className={cx(
          'relative size-20 shrink-0 overflow-hidden rounded-control',
          item.video.movement ? 'border border-line bg-surface' : 'bg-brand-50',
        )}
      >
        {item.video.movement ? (
          <FigureImage videoId={item.video.id} className="size-full object-contain p-1" />
        ) : (
          picture && <img src={picture} alt="" className="size-full object-cover" />
        )}
        <span className="absolute top-1 left-1 inline-flex size-7 items-center justify-center rounded-full bg-surface/90 text-sm font-semibold text-ink">
          {number}
        </span>
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="text-lg leading-snug font-semibold text-ink">{item.video.title}</span>
        <span className="text-base text-ink-muted">
          {dose(item.sets, item.reps, item.hold_seconds)}
        </span>
        <span
          className={cx(
            'flex items-center gap-1 text-base font-medium',
            complete ? 'text-success-700' : 'text-ink-muted',
          )}
        >
          {complete && <CircleCheck aria-hidden="true" className="size-5" />}
          {complete ? 'Done' : `${item.sets_done} of ${item.sets} sets`}
        </span>
      </span>
      <ChevronRight aria-hidden="true" className="size-6 shrink-0 text-ink-subtle" />
    </button>
  );
}
