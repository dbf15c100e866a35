/**
 * The demo clinic's conversations (issue 14, features/chat), so a new user's chat list is not
 * empty: Maria Alvarez (the patient account) wrote about her knee and her last message waits
 * unread for Dana; José Núñez got a reminder two weeks ago (an outdated conversation); Dana asked
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

const MARIA: Line[] = [
  {
    from: 'patient',
    minutesAgo: 3 * 1440 + 40,
    text: 'Hi Dana, my knee was a bit swollen after the step-ups yesterday. Should I keep doing them?',
  },
  {
    from: 'therapist',
    minutesAgo: 3 * 1440 + 5,
    text: 'Thanks for telling me, Maria. Skip the step-ups for two days and ice for 15 minutes after the other exercises. Log your pain in the app so I can follow it.',
  },
  { from: 'patient', minutesAgo: 2 * 1440 + 300, text: 'Will do. Pain was 4 this morning.' },
  {
    from: 'remote',
    minutesAgo: 1440 + 90,
    text: 'I saw your pain went down to 2 today. Nice work! You can go back to the step-ups tomorrow, 2 sets of 8.',
  },
  {
    from: 'patient',
    minutesAgo: 95,
    text: 'Back to step-ups today, felt fine.\nIs it OK to go cycling on the weekend?',
  },
];

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
    if (message.sender !== null) {
      readers.set(message.sender, message.id);
    }
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
  people: ChatPeople,
  initialNote: string,
  now: Date,
): Promise<void> {
  const senders = { ...people };
  await seedConversation(
    tx,
    clinicId,
    { kind: 'patient', patientId: patients.maria },
    MARIA,
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
