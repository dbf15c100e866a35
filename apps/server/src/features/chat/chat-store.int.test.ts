import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES_PER_MINUTE } from '@homestretch/contract/chat/chat-rules';
import type { ChatMessage } from '@homestretch/contract/chat/chat-session';
import { auditLog, chatMessages, chatSessions } from '../../db/schema';
import { type TestApp, call, clinicWithStaff, createTestApp, json } from '../../test/harness';
import { patientConversation } from '../../test/chat';
import { insertMessage } from './chat.repo';

// Messages sent while an earlier one is being stored go together in one statement (group
// commit). insertMessage called several times at once: the first goes alone, the rest share the
// next statement.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function conversations(count: number) {
  const s = await clinicWithStaff(t);
  const people = await Promise.all(Array.from({ length: count }, () => patientConversation(t, s)));
  return { ...s, people };
}

/** insertMessage as a person's send makes it, with their request audited. */
const store = (
  clinicId: number,
  message: {
    sessionId: number;
    sender: { userId: number; role: 'patient' | 'therapist' };
    message: string;
    maxPerMinute: number;
  },
) =>
  insertMessage(
    t.db,
    { clinicId },
    {
      ...message,
      senderUserId: message.sender.userId,
      clientId: null,
      now: t.clock.now(),
      audit: { ip: '127.0.0.1', userAgent: 'test' },
    },
  );

const send = (cookie: string, payload: object) =>
  call(t, { method: 'POST', url: '/chat/message', cookie, payload });

describe('messages stored together', () => {
  it('answers each sender its own message, audits each, and moves each conversation to its last', async () => {
    const c = await conversations(4);
    const therapist = { userId: c.staff.therapist.user.id, role: 'therapist' as const };
    const sends = c.people.flatMap((person, index) => [
      {
        sessionId: person.session.id,
        sender: { userId: person.user.id, role: 'patient' as const },
        message: `From patient ${index}`,
      },
      { sessionId: person.session.id, sender: therapist, message: `To patient ${index}` },
    ]);
    const outcomes = await Promise.all(
      sends.map(({ sessionId, sender, message }) =>
        store(c.clinic.id, { sessionId, sender, message, maxPerMinute: CHAT_MESSAGES_PER_MINUTE }),
      ),
    );
    const ids = outcomes.map((outcome) => (typeof outcome === 'string' ? outcome : outcome.id));
    expect(ids.every((id) => typeof id === 'number')).toBe(true);
    expect(new Set(ids).size).toBe(sends.length);

    const stored = await t.db
      .select()
      .from(chatMessages)
      .where(inArray(chatMessages.id, ids as number[]));
    sends.forEach((sent, index) => {
      expect(stored.find((row) => row.id === ids[index])).toMatchObject({
        message: sent.message,
        sessionId: sent.sessionId,
        senderUserId: sent.sender.userId,
      });
    });
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.targetId, ids.map(String)));
    expect(audited.filter((row) => row.action === 'chat.send')).toHaveLength(sends.length);

    for (const person of c.people) {
      const [session] = await t.db
        .select()
        .from(chatSessions)
        .where(eq(chatSessions.id, person.session.id));
      const own = ids.filter((_, index) => sends[index]!.sessionId === person.session.id);
      expect(session?.lastMessageId).toBe(Math.max(...(own as number[])));
    }
  });

  it('counts the flood guard over messages of the same statement', async () => {
    const c = await conversations(1);
    const person = c.people[0]!;
    const sender = { userId: person.user.id, role: 'patient' as const };
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        store(c.clinic.id, {
          sessionId: person.session.id,
          sender,
          message: `Quick ${index}`,
          maxPerMinute: 3,
        }),
      ),
    );
    expect(outcomes.map((outcome) => (typeof outcome === 'string' ? outcome : 'stored'))).toEqual([
      'stored',
      'stored',
      'stored',
      'rate_limited',
      'rate_limited',
    ]);
  });

  it('stores a retried client_id once, whether the copies share a statement or not', async () => {
    const c = await conversations(1);
    const person = c.people[0]!;
    const payload = { session: person.session.id, message: 'Twice?', client_id: 'retry-0001' };
    const answers = await Promise.all([1, 2, 3].map(() => send(person.cookie, payload)));
    const ids = answers.map((answer) => json<ChatMessage>(answer).id);
    expect(new Set(ids).size).toBe(1);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 201]);
  });

  it('refuses only the message at fault when PostgreSQL refuses a shared statement', async () => {
    const c = await conversations(2);
    const [first, second] = c.people;
    const greeting = (sessionId: number, senderUserId: number, message: string) =>
      insertMessage(
        t.db,
        { clinicId: c.clinic.id },
        {
          sessionId,
          senderUserId,
          sender: null,
          message,
          clientId: null,
          now: t.clock.now(),
          maxPerMinute: null,
          audit: null,
        },
      );
    const outcomes = await Promise.allSettled([
      greeting(first!.session.id, c.staff.admin.user.id, 'Stored alone'),
      greeting(first!.session.id, c.staff.admin.user.id, 'Stored with the one at fault'),
      // No such user: the foreign key refuses the statement this shares with the one above.
      greeting(second!.session.id, 2_000_000_000, 'At fault'),
      greeting(second!.session.id, c.staff.admin.user.id, 'Also stored'),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    const stored = await t.db
      .select({ message: chatMessages.message })
      .from(chatMessages)
      .where(inArray(chatMessages.sessionId, [first!.session.id, second!.session.id]));
    expect(stored.map((row) => row.message).sort()).toEqual(
      ['Also stored', 'Stored alone', 'Stored with the one at fault'].sort(),
    );
  });
});
