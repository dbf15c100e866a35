import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_HISTORY_PAGE_SIZE,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_MESSAGES_PER_MINUTE,
} from '@homestretch/contract/chat/chat-rules';
import type { ChatMessage, ChatSession } from '@homestretch/contract/chat/chat-session';
import type { ChatMessagePage } from '@homestretch/contract/chat/list-messages';
import type { ChatSessionList } from '@homestretch/contract/chat/list-sessions';
import { auditLog, chatMessages, clinics, patients } from '../../db/schema';
import {
  type TestApp,
  call,
  clinicWithStaff,
  createPatient,
  createTestApp,
  createUser,
  json,
  sessionCookie,
} from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function setUp() {
  const s = await clinicWithStaff(t);
  const patientUser = await createUser(t.db, { clinicId: s.clinic.id, role: 'patient' });
  const patient = await createPatient(
    t.db,
    { clinicId: s.clinic.id, userId: patientUser.id, firstName: 'Maria', lastName: 'Alvarez' },
    [s.staff.therapist.user.id],
  );
  const colleague = await createUser(t.db, { clinicId: s.clinic.id, role: 'therapist' });
  return {
    ...s,
    patient,
    patientCookie: await sessionCookie(t, patientUser.id),
    patientUser,
    colleagueCookie: await sessionCookie(t, colleague.id),
  };
}

const open = (cookie: string, patient: unknown) =>
  call(t, { method: 'POST', url: '/chat/session', cookie, payload: { patient } as object });
const send = (cookie: string, payload: object) =>
  call(t, { method: 'POST', url: '/chat/message', cookie, payload });
const thread = async (cookie: string, query: string) =>
  call(t, { method: 'GET', url: `/chat/message?${query}`, cookie });
const list = async (cookie: string, query = '') =>
  json<ChatSessionList>(await call(t, { method: 'GET', url: `/chat/therapist${query}`, cookie }));
const unread = async (cookie: string) =>
  json<{ unread_message_count: number }>(
    await call(t, { method: 'GET', url: '/chat/unread', cookie }),
  ).unread_message_count;

describe('a conversation with a patient', () => {
  it('is one per patient: opening it again answers the same one', async () => {
    const s = await setUp();
    const first = await open(s.staff.therapist.cookie, s.patient.id);
    expect(first.statusCode).toBe(201);
    const again = await open(s.staff.admin.cookie, s.patient.id);
    expect(again.statusCode).toBe(200);
    expect(json<ChatSession>(again).id).toBe(json<ChatSession>(first).id);
    expect(json<ChatSession>(first)).toMatchObject({
      kind: 'patient',
      patient: { id: s.patient.id, first_name: 'Maria', last_name: 'Alvarez' },
      last_message: null,
      unread_message_count: 0,
      recency: 'CHAT_RECENT',
    });
    // The patient app reaches the same conversation.
    const own = await call(t, { method: 'GET', url: '/app-api/chat', cookie: s.patientCookie });
    expect(json<ChatSession>(own).id).toBe(json<ChatSession>(first).id);
  });

  it('is opened by those who treat the patient and the admin, not by others', async () => {
    const s = await setUp();
    expect((await open(s.staff.manager.cookie, s.patient.id)).statusCode).toBe(403);
    expect((await open(s.staff.supervisor.cookie, s.patient.id)).statusCode).toBe(403);
    const notTreating = await open(s.colleagueCookie, s.patient.id);
    expect(notTreating.statusCode).toBe(403);
    expect(json<{ error: { message: string } }>(notTreating).error.message).toMatch(/treating/);
    expect((await open(s.patientCookie, s.patient.id)).statusCode).toBe(403);
    expect((await open(s.staff.therapist.cookie, 'seven')).statusCode).toBe(400);
    expect((await open(s.staff.therapist.cookie, 2_000_000_000)).statusCode).toBe(404);
  });

  it('carries messages both ways, with unread counts and read marks for each side', async () => {
    const s = await setUp();
    const session = json<ChatSession>(await open(s.staff.therapist.cookie, s.patient.id));
    const sent = await send(s.patientCookie, { session: session.id, message: '  My knee hurts  ' });
    expect(sent.statusCode).toBe(201);
    const question = json<ChatMessage>(sent);
    expect(question).toMatchObject({
      session: session.id,
      message: 'My knee hurts',
      sender: { id: s.patientUser.id, role: 'patient' },
      client_id: null,
    });

    // The treating therapist has it unread; the admin sees the conversation but has not joined
    // it, so is not told; the patient wrote it.
    expect(await unread(s.staff.therapist.cookie)).toBe(1);
    expect(await unread(s.staff.admin.cookie)).toBe(0);
    expect(await unread(s.patientCookie)).toBe(0);
    const listed = await list(s.staff.therapist.cookie);
    expect(listed.results.find((row) => row.id === session.id)).toMatchObject({
      unread_message_count: 1,
      last_message: { id: question.id, message: 'My knee hurts' },
    });
    expect(
      (await list(s.staff.admin.cookie)).results.find((row) => row.id === session.id),
    ).toMatchObject({
      unread_message_count: 0,
    });

    // A tab in the background fetches the thread without reading it (issue 30, item 11).
    const unseen = await thread(s.staff.therapist.cookie, `session=${session.id}&mark_read=false`);
    expect(json<ChatMessagePage>(unseen).results.map((m) => m.id)).toEqual([question.id]);
    expect(await unread(s.staff.therapist.cookie)).toBe(1);

    // The therapist reads it: their count falls, and the patient sees it read.
    const page = json<ChatMessagePage>(
      await thread(s.staff.therapist.cookie, `session=${session.id}`),
    );
    expect(page.results.map((m) => m.id)).toEqual([question.id]);
    expect(await unread(s.staff.therapist.cookie)).toBe(0);
    const patientView = json<ChatMessagePage>(
      await thread(s.patientCookie, `session=${session.id}`),
    );
    expect(patientView.read_up_to).toBe(question.id);

    const answer = json<ChatMessage>(
      await send(s.staff.therapist.cookie, { session: session.id, message: 'Ice it tonight' }),
    );
    expect(await unread(s.patientCookie)).toBe(1);
    // The admin joins by reading; a colleague's reply is no news to them, the patient's next is.
    await thread(s.staff.admin.cookie, `session=${session.id}`);
    expect(await unread(s.staff.admin.cookie)).toBe(0);
    const staffView = json<ChatMessagePage>(
      await thread(s.staff.therapist.cookie, `session=${session.id}`),
    );
    expect(staffView.read_up_to).toBe(question.id);
    const read = await call(t, {
      method: 'POST',
      url: `/chat/session/${session.id}/read`,
      cookie: s.patientCookie,
      payload: { message: answer.id },
    });
    expect(json(read)).toEqual({
      session: session.id,
      last_read_message_id: answer.id,
      unread_message_count: 0,
    });
    expect(
      json<ChatMessagePage>(await thread(s.staff.therapist.cookie, `session=${session.id}`))
        .read_up_to,
    ).toBe(answer.id);
  });

  it('stores a message as the text it is, HTML and script included', async () => {
    const s = await setUp();
    const session = json<ChatSession>(await open(s.staff.therapist.cookie, s.patient.id));
    const text = '<script>alert(1)</script><b>bold</b> & "quotes"\nsecond line';
    const sent = json<ChatMessage>(
      await send(s.patientCookie, { session: session.id, message: text }),
    );
    expect(sent.message).toBe(text);
    const page = json<ChatMessagePage>(
      await thread(s.staff.therapist.cookie, `session=${session.id}`),
    );
    expect(page.results.at(-1)?.message).toBe(text);
  });

  it('refuses empty, blank, over-long and malformed messages with the field named', async () => {
    const s = await setUp();
    const session = json<ChatSession>(await open(s.staff.therapist.cookie, s.patient.id));
    const cookie = s.staff.therapist.cookie;
    for (const message of ['', '   \n ', 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1)]) {
      const refused = await send(cookie, { session: session.id, message });
      expect(refused.statusCode).toBe(400);
      expect(
        json<{ error: { fields: Record<string, string> } }>(refused).error.fields,
      ).toHaveProperty('message');
    }
    expect(
      (await send(cookie, { session: session.id, message: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH) }))
        .statusCode,
    ).toBe(201);
    expect((await send(cookie, { session: session.id })).statusCode).toBe(400);
    expect((await send(cookie, { session: 'one', message: 'hi' })).statusCode).toBe(400);
    expect(
      (await send(cookie, { session: session.id, message: 'hi', client_id: '<x>' })).statusCode,
    ).toBe(400);
    expect((await send(cookie, { session: session.id, message: 'nul \u0000' })).statusCode).toBe(
      400,
    );
  });

  it('stores a retried message once, by its client_id', async () => {
    const s = await setUp();
    const session = json<ChatSession>(await open(s.staff.therapist.cookie, s.patient.id));
    const body = {
      session: session.id,
      message: 'Sent twice',
      client_id: 'c0ffee00-1234-4cde-8abc-000000000001',
    };
    const [a, b] = await Promise.all([send(s.patientCookie, body), send(s.patientCookie, body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(json<ChatMessage>(a).id).toBe(json<ChatMessage>(b).id);
    const stored = await t.db
      .select()
      .from(chatMessages)
      .where(
        and(eq(chatMessages.sessionId, session.id), eq(chatMessages.clientId, body.client_id)),
      );
    expect(stored).toHaveLength(1);
  });

  it('pages the history by message id, newest page first, and fetches what was missed', async () => {
    const s = await setUp();
    const session = json<ChatSession>(await open(s.staff.admin.cookie, s.patient.id));
    const ids: number[] = [];
    for (let i = 0; i < CHAT_HISTORY_PAGE_SIZE + 5; i++) {
      t.clock.advance(60_000 / CHAT_MESSAGES_PER_MINUTE + 1);
      ids.push(
        json<ChatMessage>(
          await send(s.staff.admin.cookie, { session: session.id, message: `m${i}` }),
        ).id,
      );
    }
    const newest = json<ChatMessagePage>(await thread(s.patientCookie, `session=${session.id}`));
    expect(newest.results.map((m) => m.id)).toEqual(ids.slice(5));
    expect(newest).toMatchObject({ count: ids.length, has_more: true });
    const older = json<ChatMessagePage>(
      await thread(s.patientCookie, `session=${session.id}&before=${ids[5]}`),
    );
    expect(older.results.map((m) => m.id)).toEqual(ids.slice(0, 5));
    expect(older.has_more).toBe(false);
    const missed = json<ChatMessagePage>(
      await thread(s.patientCookie, `session=${session.id}&after=${ids.at(-3)}`),
    );
    expect(missed.results.map((m) => m.id)).toEqual(ids.slice(-2));
  });

  it('audits each read of a thread like a record read', async () => {
    const s = await setUp();
    const session = json<ChatSession>(await open(s.staff.therapist.cookie, s.patient.id));
    await thread(s.staff.therapist.cookie, `session=${session.id}`);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'chat.read'), eq(auditLog.targetId, String(session.id))));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      patientId: s.patient.id,
      actorUserId: s.staff.therapist.user.id,
    });
  });

  it('answers 429 with a message once a sender floods a conversation', async () => {
    const s = await setUp();
    const session = json<ChatSession>(await open(s.staff.therapist.cookie, s.patient.id));
    for (let i = 0; i < CHAT_MESSAGES_PER_MINUTE; i++) {
      expect(
        (await send(s.patientCookie, { session: session.id, message: `n${i}` })).statusCode,
      ).toBe(201);
    }
    const flooded = await send(s.patientCookie, { session: session.id, message: 'one more' });
    expect(flooded.statusCode).toBe(429);
    expect(flooded.headers['retry-after']).toBe('60');
    expect(json<{ error: { message: string } }>(flooded).error.message).toMatch(/last minute/);
    t.clock.advance(61_000);
    expect(
      (await send(s.patientCookie, { session: session.id, message: 'later' })).statusCode,
    ).toBe(201);
  });
});

describe('who sees a conversation', () => {
  it('hides it from staff who do not treat the patient, other patients and other clinics (404)', async () => {
    const s = await setUp();
    const session = json<ChatSession>(await open(s.staff.therapist.cookie, s.patient.id));
    await send(s.patientCookie, { session: session.id, message: 'private' });
    const other = await setUp();
    for (const cookie of [
      s.colleagueCookie,
      s.staff.manager.cookie,
      other.staff.admin.cookie,
      other.patientCookie,
    ]) {
      expect((await thread(cookie, `session=${session.id}`)).statusCode).toBe(404);
      expect((await send(cookie, { session: session.id, message: 'hello' })).statusCode).toBe(404);
      expect((await list(cookie)).results.map((row) => row.id)).not.toContain(session.id);
    }
    expect((await thread(s.colleagueCookie, `session=${session.id}`)).statusCode).toBe(404);
  });

  it('drops it from the list of a therapist taken off the patient’s therapists, read or not', async () => {
    const s = await setUp();
    await call(t, {
      method: 'PATCH',
      url: `/api/v1/patients/${s.patient.id}/change-therapist/`,
      cookie: s.staff.admin.cookie,
      payload: { therapist_ids: [s.staff.therapist.user.id, s.staff.remote_therapist.user.id] },
    });
    const session = json<ChatSession>(await open(s.staff.therapist.cookie, s.patient.id));
    await send(s.patientCookie, { session: session.id, message: 'private' });
    // Reading it leaves a read mark, which used to keep the conversation in their list.
    expect(
      (await thread(s.staff.remote_therapist.cookie, `session=${session.id}`)).statusCode,
    ).toBe(200);
    const changed = await call(t, {
      method: 'PATCH',
      url: `/api/v1/patients/${s.patient.id}/change-therapist/`,
      cookie: s.staff.admin.cookie,
      payload: { therapist_ids: [s.staff.therapist.user.id] },
    });
    expect(changed.statusCode).toBe(200);
    await send(s.patientCookie, { session: session.id, message: 'after' });
    const listed = await list(s.staff.remote_therapist.cookie);
    expect(listed.results.map((row) => row.id)).not.toContain(session.id);
    expect(listed.count).toBe(0);
    expect(await unread(s.staff.remote_therapist.cookie)).toBe(0);
  });

  it("shows the clinic's support contact every patient conversation", async () => {
    const s = await setUp();
    await t.db
      .update(clinics)
      .set({ supportUserId: s.staff.manager.user.id })
      .where(eq(clinics.id, s.clinic.id));
    const session = json<ChatSession>(await open(s.staff.therapist.cookie, s.patient.id));
    await send(s.patientCookie, { session: session.id, message: 'hello clinic' });
    expect((await list(s.staff.manager.cookie)).results.map((row) => row.id)).toContain(session.id);
  });

  it('ends with the patient: a removed patient’s conversation is gone from every list', async () => {
    const s = await setUp();
    const session = json<ChatSession>(await open(s.staff.therapist.cookie, s.patient.id));
    await send(s.patientCookie, { session: session.id, message: 'bye' });
    await t.db.update(patients).set({ status: 'removed' }).where(eq(patients.id, s.patient.id));
    expect((await list(s.staff.therapist.cookie)).results.map((row) => row.id)).not.toContain(
      session.id,
    );
    expect((await thread(s.staff.therapist.cookie, `session=${session.id}`)).statusCode).toBe(404);
  });

  it('lists conversations newest activity first, searchable by name', async () => {
    const s = await setUp();
    const other = await createPatient(
      t.db,
      { clinicId: s.clinic.id, firstName: 'Oscar', lastName: 'Reyes' },
      [s.staff.therapist.user.id],
    );
    const maria = json<ChatSession>(await open(s.staff.therapist.cookie, s.patient.id));
    const oscar = json<ChatSession>(await open(s.staff.therapist.cookie, other.id));
    // An opened conversation without a message is not listed.
    expect((await list(s.staff.therapist.cookie)).results).toEqual([]);
    await send(s.staff.therapist.cookie, { session: maria.id, message: 'first' });
    t.clock.advance(1_000);
    await send(s.staff.therapist.cookie, { session: oscar.id, message: 'second' });
    expect((await list(s.staff.therapist.cookie)).results.map((row) => row.id)).toEqual([
      oscar.id,
      maria.id,
    ]);
    const found = async (search: string) =>
      (await list(s.staff.therapist.cookie, `?search=${encodeURIComponent(search)}`)).results.map(
        (row) => row.id,
      );
    // Each word starts a word of the name, in any order, accents and case aside.
    expect(await found('alva')).toEqual([maria.id]);
    expect(await found('ÁLVAREZ mar')).toEqual([maria.id]);
    expect(await found('varez')).toEqual([]);
    // No word at all (a wildcard is not one) is no search.
    expect(await found('%')).toEqual([oscar.id, maria.id]);
    const old = await list(s.staff.therapist.cookie);
    expect(old.count).toBe(2);
    t.clock.advance(8 * 86_400_000);
    // A week on, with a new sign-in: the old session has idled out.
    const weekLater = await sessionCookie(t, s.staff.therapist.user.id);
    expect((await list(weekLater)).results.map((row) => row.recency)).toEqual([
      'CHAT_OUTDATED',
      'CHAT_OUTDATED',
    ]);
  });
});

describe('the support conversation', () => {
  it('opens with the clinic’s initial note from its support contact, once', async () => {
    const s = await setUp();
    await t.db
      .update(clinics)
      .set({
        supportUserId: s.staff.admin.user.id,
        initialNote: 'Hi! Ask us anything about Homestretch.',
      })
      .where(eq(clinics.id, s.clinic.id));
    const first = json<ChatSession>(
      await call(t, { method: 'GET', url: '/chat/support', cookie: s.staff.manager.cookie }),
    );
    expect(first).toMatchObject({
      kind: 'support',
      patient: null,
      staff: { id: s.staff.manager.user.id },
      support: { id: s.staff.admin.user.id },
      last_message: {
        message: 'Hi! Ask us anything about Homestretch.',
        sender: { id: s.staff.admin.user.id },
      },
      unread_message_count: 1,
    });
    const again = json<ChatSession>(
      await call(t, { method: 'GET', url: '/chat/support', cookie: s.staff.manager.cookie }),
    );
    expect(again.id).toBe(first.id);
    expect(
      json<ChatMessagePage>(await thread(s.staff.manager.cookie, `session=${first.id}`)).count,
    ).toBe(1);

    // The support contact has it in their list, and answers.
    await send(s.staff.manager.cookie, { session: first.id, message: 'How do I print a program?' });
    expect((await list(s.staff.admin.cookie)).results.map((row) => row.id)).toContain(first.id);
    expect(await unread(s.staff.admin.cookie)).toBe(1);
    // Nobody else sees it.
    expect((await thread(s.staff.therapist.cookie, `session=${first.id}`)).statusCode).toBe(404);

    const self = await call(t, {
      method: 'GET',
      url: '/chat/support',
      cookie: s.staff.admin.cookie,
    });
    expect(self.statusCode).toBe(422);
  });

  it('is 404 when the clinic names no support contact, and not for patients', async () => {
    const s = await setUp();
    expect(
      (await call(t, { method: 'GET', url: '/chat/support', cookie: s.staff.therapist.cookie }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(t, { method: 'GET', url: '/chat/support', cookie: s.patientCookie })).statusCode,
    ).toBe(403);
  });
});

describe('without a session', () => {
  it('answers 401 on every chat call', async () => {
    for (const [method, url] of [
      ['GET', '/chat/therapist'],
      ['GET', '/chat/support'],
      ['GET', '/chat/message?session=1'],
      ['GET', '/chat/unread'],
      ['GET', '/app-api/chat'],
    ] as const) {
      expect((await call(t, { method, url })).statusCode).toBe(401);
    }
    expect(
      (
        await call(t, {
          method: 'POST',
          url: '/chat/message',
          payload: { session: 1, message: 'x' },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await call(t, { method: 'POST', url: '/chat/session', payload: { patient: 1 } })).statusCode,
    ).toBe(401);
  });
});
