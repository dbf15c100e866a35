import type { ChatSession } from '@homestretch/contract/chat/chat-session';
import { dayKey } from '../../../shared/chat/thread-rules';
import { formatClinicTime } from '../../../lib/clinic-time';

/** What a conversation is called in the list and above its thread. */
export function conversationTitle(session: ChatSession, meId: number): string {
  if (session.kind === 'patient' && session.patient) {
    return `${session.patient.first_name} ${session.patient.last_name}`;
  }
  // The support contact sees who asked; everyone else sees the support line.
  if (session.support?.id === meId && session.staff) {
    return `${session.staff.first_name} ${session.staff.last_name}`;
  }
  return 'Homestretch support';
}

/** A line under the title: whose conversation it is when the title does not say. */
export function conversationSubtitle(session: ChatSession, meId: number): string | null {
  if (session.kind === 'patient') {
    return 'Patient';
  }
  if (session.support?.id === meId) {
    return 'Asks for support';
  }
  return session.support ? `${session.support.first_name} ${session.support.last_name}` : null;
}

/** The last message on one line, as plain text, with who wrote it. */
export function messagePreview(session: ChatSession, meId: number): string {
  const last = session.last_message;
  if (!last) {
    return 'No messages yet';
  }
  const text = last.message.replace(/\s+/g, ' ').trim();
  const who = last.sender.id === meId ? 'You' : last.sender.first_name;
  return `${who}: ${text}`;
}

/** The last activity: its time today, its weekday this week, its date before. */
export function activityTime(iso: string, timeZone: string, now: Date): string {
  const day = dayKey(iso, timeZone);
  if (day === dayKey(now.toISOString(), timeZone)) {
    return formatClinicTime(iso, timeZone);
  }
  const ageDays = (now.getTime() - new Date(iso).getTime()) / 86_400_000;
  const options: Intl.DateTimeFormatOptions =
    ageDays < 6
      ? { timeZone, weekday: 'short' }
      : { timeZone, month: 'short', day: 'numeric', year: 'numeric' };
  return new Intl.DateTimeFormat('en-US', options).format(new Date(iso));
}

export interface RecencyGroup {
  recency: ChatSession['recency'];
  sessions: ChatSession[];
}

/**
 * The page's conversations in their order (newest activity first), split where they turn from
 * recent to outdated (a week without a message), so what still needs an answer stands apart.
 */
export function groupByRecency(sessions: readonly ChatSession[]): RecencyGroup[] {
  const groups: RecencyGroup[] = [];
  for (const session of sessions) {
    const last = groups.at(-1);
    if (last?.recency === session.recency) {
      last.sessions.push(session);
    } else {
      groups.push({ recency: session.recency, sessions: [session] });
    }
  }
  return groups;
}

/**
 * The list without the caller's own support conversation, which the page keeps at its top
 * (GET /chat/support); the support contact's list of those who asked stays whole.
 */
export function withoutOwnSupport(sessions: readonly ChatSession[], meId: number): ChatSession[] {
  return sessions.filter((session) => !(session.kind === 'support' && session.staff?.id === meId));
}
