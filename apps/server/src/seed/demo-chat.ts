/**
 * The demo clinic's conversations (issue 14, features/chat), so a new user's chat list is not
 * empty: Maria Alvarez (the patient account, low back pain) wrote about a stretch of her program
 * and her last two messages wait unread for Dana, with the pain figures her record holds; José Núñez got a reminder two weeks ago (an outdated conversation); Dana asked
 * support how to print a program and Sam answered.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { chatMessages, chatReads, chatSessions } from '../db/schema';

interface Line {
  from: 'patient' | 'therapist' | 'remote' | 'admin';
  /** Minutes before the seed's `now`. */
  minutesAgo: number;
  text: string;
}

/** One of Maria's evening pain reports (demo-health.ts), as her record holds it. */
export interface PainReport {
  at: Date;
  value: number;
}

const FIRST_WROTE_MINUTES_AGO = 3 * 1440 + 40;
const REMOTE_REPLY_MINUTES_AGO = 1440 + 90;

/** The latest report at or before `minutesAgo`; null when she had sent none by then. */
function reportBefore(pain: readonly PainReport[], now: Date, minutesAgo: number) {
  const until = now.getTime() - minutesAgo * 60_000;
  return pain.filter((report) => report.at.getTime() <= until).at(-1) ?? null;
}

function painWords(latest: PainReport | null, first: PainReport | null): string {
  if (latest === null) {
    return 'Thanks for the update.';
  }
  if (first === null || latest.value === first.value) {
    return `Your latest pain report was ${latest.value}.`;
  }
  return latest.value < first.value
    ? `Your latest pain report was ${latest.value}, down from ${first.value} when you first wrote. Nice work!`
    : `Your latest pain report was ${latest.value}, up from ${first.value} when you first wrote, so let's keep it gentle a little longer.`;
}

/**
 * Maria's conversation, about the stretches of her all-lumbar program (demo-programs.ts, back),
 * quoting the pain reports her record holds (issue 30, item 5: the demo said "your pain went down
 * to 2" while her chart showed 4–6).
 */
export function mariaConversation(pain: readonly PainReport[], now: Date): Line[] {
  const first = reportBefore(pain, now, FIRST_WROTE_MINUTES_AGO);
  const latest = reportBefore(pain, now, REMOTE_REPLY_MINUTES_AGO);
  return [
    {
      from: 'patient',
      minutesAgo: FIRST_WROTE_MINUTES_AGO,
      text: 'Hi Dana, my lower back felt stiff after the knee-to-chest stretches yesterday. Should I keep doing them?',
    },
    {
      from: 'therapist',
      minutesAgo: 3 * 1440 + 5,
      text: 'Thanks for telling me, Maria. Bring your knees in only as far as is comfortable, and keep going with the cat stretch and the pelvic tilts. Log your pain in the app each evening so I can follow it.',
    },
    { from: 'patient', minutesAgo: 2 * 1440 + 300, text: 'Will do, thank you.' },
    {
      from: 'remote',
      minutesAgo: REMOTE_REPLY_MINUTES_AGO,
      text: `${painWords(latest, first)} Do the knee-to-chest stretch 2 sets of 5 again, slowly.`,
    },
    {
      from: 'patient',
      minutesAgo: 95,
      text: 'The stretches felt easier today.\nIs it OK to go cycling on the weekend?',
    },
  ];
}

const JOSE: Line[] = [
  {
    from: 'therapist',
    minutesAgo: 15 * 1440,
    text: 'Hi José, a reminder to wear your phone on your walks this week so your steps count toward your program.',
  },
];

/** After the clinic's initial note, which opens every support conversation (chat.service.ts). */
const SUPPORT_QUESTION: Line[] = [
  {
    from: 'therapist',
    minutesAgo: 2 * 1440 + 30,
    text: 'How do I print a program for a patient who does not use the app?',
  },
  {
    from: 'admin',
    minutesAgo: 2 * 1440,
    text: 'Open the patient, then Program → Print. The sheet has every exercise with its picture, sets and reps.',
  },
];

export interface ChatPeople {
  therapist: number;
  remote: number;
  admin: number;
  /** Maria's account. */
  patient: number;
}

async function seedConversation(
  tx: Db,
  clinicId: number,
  session: Omit<typeof chatSessions.$inferInsert, 'clinicId'>,
  lines: readonly Line[],
  senders: Record<Line['from'], number>,
  now: Date,
  /** Who has read the whole conversation; the others have read up to their own last line. */
  readAll: readonly number[],
): Promise<void> {
  const at = (line: Line) => new Date(now.getTime() - line.minutesAgo * 60_000);
  const first = lines[0];
  const [created] = await tx
    .insert(chatSessions)
    .values({ ...session, clinicId, createdAt: first ? at(first) : now })
    .returning({ id: chatSessions.id });
  if (!created) {
    throw new Error('demo conversation not created');
  }
  const stored = await tx
    .insert(chatMessages)
    .values(
      lines.map((line) => ({
        clinicId,
        sessionId: created.id,
        senderUserId: senders[line.from],
        message: line.text,
        createdAt: at(line),
      })),
    )
    .returning({ id: chatMessages.id, sender: chatMessages.senderUserId });
  const last = stored.at(-1);
  const lastLine = lines.at(-1);
  if (!last || !lastLine) {
    return;
  }
  await tx
    .update(chatSessions)
    .set({ lastMessageId: last.id, lastActivityAt: at(lastLine) })
    .where(eq(chatSessions.id, created.id));
  const readers = new Map<number, number>();
  for (const message of stored) {
    readers.set(message.sender, message.id);
  }
  readAll.forEach((userId) => readers.set(userId, last.id));
  await tx.insert(chatReads).values(
    [...readers].map(([userId, lastReadMessageId]) => ({
      sessionId: created.id,
      userId,
      lastReadMessageId,
      updatedAt: now,
    })),
  );
}

export async function seedDemoChat(
  tx: Db,
  clinicId: number,
  patients: { maria: number; jose: number },
  mariaPain: readonly PainReport[],
  people: ChatPeople,
  initialNote: string,
  now: Date,
): Promise<void> {
  const senders = { ...people };
  await seedConversation(
    tx,
    clinicId,
    { kind: 'patient', patientId: patients.maria },
    mariaConversation(mariaPain, now),
    senders,
    now,
    [],
  );
  await seedConversation(
    tx,
    clinicId,
    { kind: 'patient', patientId: patients.jose },
    JOSE,
    senders,
    now,
    [],
  );
  await seedConversation(
    tx,
    clinicId,
    { kind: 'support', staffUserId: people.therapist },
    [{ from: 'admin', minutesAgo: 2 * 1440 + 31, text: initialNote }, ...SUPPORT_QUESTION],
    senders,
    now,
    [people.therapist],
  );
}
