import type { HealthSample } from '@homestretch/contract/health/metrics';
import type { TodayProgram } from '@homestretch/contract/patient-app/program';

/*
 * One exercise session: from the first exercise opened or set ticked to the pain rating that
 * ends it. Its time is sent as engagement minutes and the rating as a pain sample, through the
 * health upload every device uses. The session's id names both samples, and the end is fixed
 * when the rating is first sent, so a retry after a lost answer sends the same samples and the
 * server counts them once.
 */

export interface ExerciseSession {
  id: string;
  /** ISO 8601. */
  startedAt: string;
  /** Set when the rating is first sent. */
  endedAt?: string;
}

/** A phone left open on the program overnight did not exercise for twelve hours. */
export const MAX_SESSION_MINUTES = 120;

/** Minutes between start and end, to a tenth, within 0 and MAX_SESSION_MINUTES. */
export function engagementMinutes(startedAt: string, endedAt: string): number {
  const minutes = (Date.parse(endedAt) - Date.parse(startedAt)) / 60_000;
  if (!Number.isFinite(minutes)) {
    return 0;
  }
  return Math.round(Math.min(MAX_SESSION_MINUTES, Math.max(0, minutes)) * 10) / 10;
}

/** The samples a finished session sends: the same ones every time for one session. */
export function sessionSamples(
  session: ExerciseSession & { endedAt: string },
  painLevel: number,
): HealthSample[] {
  return [
    {
      id: `app-pain-${session.id}`,
      type: 'pain',
      recorded_at: session.endedAt,
      level: painLevel,
      source: 'Homestretch app',
    },
    {
      id: `app-engagement-${session.id}`,
      type: 'engagement',
      recorded_at: session.endedAt,
      minutes: engagementMinutes(session.startedAt, session.endedAt),
      source: 'Homestretch app',
    },
  ];
}

const KEY = 'homestretch.app.session';

function newId(): string {
  // randomUUID needs a secure context; a phone on the clinic's LAN over http has none.
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

function write(session: ExerciseSession | null): void {
  try {
    if (session) {
      localStorage.setItem(KEY, JSON.stringify(session));
    } else {
      localStorage.removeItem(KEY);
    }
  } catch {
    // Without storage a session lasts as long as the page, which is most of them.
  }
}

export function currentSession(): ExerciseSession | null {
  try {
    const raw = localStorage.getItem(KEY);
    const session = raw ? (JSON.parse(raw) as Partial<ExerciseSession>) : null;
    return session && typeof session.id === 'string' && typeof session.startedAt === 'string'
      ? (session as ExerciseSession)
      : null;
  } catch {
    return null;
  }
}

/** The session under way, or a new one starting now. */
export function startSession(now: Date): ExerciseSession {
  const existing = currentSession();
  if (existing && !existing.endedAt) {
    return existing;
  }
  const session = { id: newId(), startedAt: now.toISOString() };
  write(session);
  return session;
}

/** Fixes the end once: a retried send keeps the first end. */
export function endSession(now: Date): ExerciseSession & { endedAt: string } {
  const session = currentSession() ?? { id: newId(), startedAt: now.toISOString() };
  const ended = { ...session, endedAt: session.endedAt ?? now.toISOString() };
  write(ended);
  return ended;
}

export function forgetSession(): void {
  write(null);
}

/**
 * Whether the app asks "How is your pain now?": some sets were ticked today and the clinic has no
 * rating since the session on this phone began. Sending a rating forgets the session, so a reload
 * after it finds today's rating and no session since, and does not ask again; a later session the
 * same day asks anew. Both times are the phone's (a rating's time is its session's end).
 */
export function painRatingDue(
  program: { items: readonly { sets_done: number }[]; pain_today: TodayProgram['pain_today'] },
  session: ExerciseSession | null,
): boolean {
  if (!program.items.some((item) => item.sets_done > 0)) {
    return false;
  }
  if (!program.pain_today) {
    return true;
  }
  return (
    session !== null && Date.parse(session.startedAt) > Date.parse(program.pain_today.recorded_at)
  );
}
