import { and, eq, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApprovalRequestDetails } from '@homestretch/contract/hep/approval-request';
import type { HepItemHistory } from '@homestretch/contract/hep/history';
import type { Program } from '@homestretch/contract/hep/program';
import type { SupervisorApprovals } from '@homestretch/contract/hep/supervisor-approvals';
import {
  hepApprovalRequests,
  hepItemEvents,
  hepItems,
  hepPatientRequests,
  videos,
} from '../../db/schema';
import {
  type TestApp,
  call,
  clinicWithStaff,
  createPatient,
  createTestApp,
  createUser,
  unique,
} from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Staff = Awaited<ReturnType<typeof clinicWithStaff>>;

async function clinicVideo({ clinic }: Staff, values: Partial<typeof videos.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(videos)
    .values({
      clinicId: clinic.id,
      title: unique('Heel slide'),
      status: 'ready',
      storageKey: `videos/${unique('file')}.mp4`,
      ...values,
    })
    .returning();
  if (!row) {
    throw new Error('video not created');
  }
  return row;
}

async function setUp() {
  const staff = await clinicWithStaff(t);
  const patient = await createPatient(t.db, { clinicId: staff.clinic.id }, [
    staff.staff.therapist.user.id,
    staff.staff.remote_therapist.user.id,
  ]);
  const clips = await Promise.all([1, 2, 3, 4, 5].map(() => clinicVideo(staff)));
  return { ...staff, patient, clips };
}

const send = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
  url: string,
  cookie: string,
  payload?: unknown,
) =>
  call(t, {
    method,
    url,
    cookie,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const programUrl = (patientId: number) => `/video/hep/therapist/${patientId}`;
const titles = (program: Program) => program.items.map((item) => item.video.title);
/** The remote PT proposes a program for the set-up's patient (spec §3 approval request). */
const propose = (s: Awaited<ReturnType<typeof setUp>>, hepData: unknown[]) =>
  send('POST', `/video/hep-approval-requests/${s.patient.id}`, s.staff.remote_therapist.cookie, {
    dashboard: s.patient.id,
    hep_data: hepData,
  });
/** The set-up's supervisor decides a request: accepting it, as sent or with `hep_data`. */
const decide = (s: Awaited<ReturnType<typeof setUp>>, requestId: number, body: object) =>
  send(
    'POST',
    `/video/hep-approval-requests/${requestId}/approve-with-changes`,
    s.staff.supervisor.cookie,
    body,
  );

describe('a patient program', () => {
  it('adds, edits, reorders, removes and restores, keeping every change and the program of a past day', async () => {
    const s = await setUp();
    const cookie = s.staff.therapist.cookie;
    const [a, b, c, d] = s.clips as [
      (typeof s.clips)[0],
      (typeof s.clips)[0],
      (typeof s.clips)[0],
      (typeof s.clips)[0],
    ];
    const added = await send('POST', programUrl(s.patient.id), cookie, [
      { video_id: a.id, sets: 3, reps: 10 },
      { video_id: b.id, sets: 2, reps: 15 },
      { video_id: c.id, sets: 1, reps: 5, description: 'Slowly' },
      { video_id: d.id, sets: 2, reps: 8, order: 1 },
    ]);
    expect(added.statusCode).toBe(201);
    const program = added.json() as Program;
    const [sent] = await t.db
      .select({ last: sql<number>`max(${hepItemEvents.id})` })
      .from(hepItemEvents)
      .where(eq(hepItemEvents.patientId, s.patient.id));
    expect(titles(program)).toEqual([d.title, a.title, b.title, c.title]);
    expect(program.items.map((item) => item.order)).toEqual([1, 2, 3, 4]);
    expect(program.needs_approval).toBe(false);

    const itemOf = (videoId: number) => program.items.find((item) => item.video_id === videoId)!;
    const edited = await send('PATCH', `${programUrl(s.patient.id)}/${itemOf(a.id).id}`, cookie, {
      sets: 4,
      description: 'Keep your back flat',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      sets: 4,
      reps: 10,
      description: 'Keep your back flat',
      order: 2,
    });

    const ids = [itemOf(c.id).id, itemOf(a.id).id, itemOf(b.id).id, itemOf(d.id).id];
    const ordered = await send('POST', '/api/v1/heps/set_order/', cookie, { hep_ids: ids });
    expect(ordered.statusCode).toBe(200);
    expect(titles(ordered.json())).toEqual([c.title, a.title, b.title, d.title]);

    // A list made before an item was added is stale: nothing moves.
    const stale = await send('POST', '/api/v1/heps/set_order/', cookie, {
      hep_ids: ids.slice(0, 3),
    });
    expect(stale.statusCode).toBe(409);

    const removed = await send('DELETE', programUrl(s.patient.id), cookie, {
      hep_ids: [itemOf(b.id).id],
    });
    expect(removed.statusCode).toBe(200);
    expect(titles(removed.json())).toEqual([c.title, a.title, d.title]);
    expect((removed.json() as Program).removed.map((item) => item.video_id)).toEqual([b.id]);

    const restored = await send('POST', `/api/v1/heps/${itemOf(b.id).id}/restore/`, cookie);
    expect(restored.statusCode).toBe(200);
    expect(titles(restored.json())).toEqual([c.title, a.title, d.title, b.title]);
    const again = await send('POST', `/api/v1/heps/${itemOf(b.id).id}/restore/`, cookie);
    expect(again.statusCode).toBe(409);

    const history = await send('GET', `/video/hep/${itemOf(a.id).id}/history`, cookie);
    expect(history.statusCode).toBe(200);
    const events = (history.json() as HepItemHistory).events;
    expect(events.map((event) => event.kind)).toEqual(['added', 'reordered', 'changed']);
    expect(events[2]).toMatchObject({
      before: { sets: 3, description: '' },
      after: { sets: 4, description: 'Keep your back flat' },
      actor: { id: s.staff.therapist.user.id },
    });

    // The program of a past day: the send's changes, dated back to 2 October, answer for 3 October.
    await t.db
      .update(hepItemEvents)
      .set({ createdAt: new Date('2026-10-02T15:00:00Z') })
      .where(
        and(eq(hepItemEvents.patientId, s.patient.id), lte(hepItemEvents.id, Number(sent?.last))),
      );
    const past = await send('GET', `${programUrl(s.patient.id)}?as_of=2026-10-03`, cookie);
    expect(past.statusCode).toBe(200);
    expect(titles(past.json())).toEqual([d.title, a.title, b.title, c.title]);
    expect((past.json() as Program).items.find((item) => item.video_id === a.id)?.sets).toBe(3);
    const before = await send('GET', `${programUrl(s.patient.id)}?as_of=2026-10-01`, cookie);
    expect((before.json() as Program).items).toEqual([]);

    const timeline = await send('GET', `${programUrl(s.patient.id)}/history`, cookie);
    expect(timeline.statusCode).toBe(200);
    // Four adds (the fourth put first shifts the rest: part of its add), an edit, a reorder,
    // a removal, a restore.
    const page = timeline.json() as {
      count: number;
      results: { kind: string; video: { id: number } }[];
    };
    expect(page.count).toBe(8);
    expect(page.results[0]).toMatchObject({ kind: 'restored', video: { id: b.id } });
  });

  it('records a reorder as one line of the history and keeps when each dose last changed', async () => {
    const s = await setUp();
    const cookie = s.staff.therapist.cookie;
    const url = programUrl(s.patient.id);
    const added = (
      await send(
        'POST',
        url,
        cookie,
        s.clips.map((clip) => ({ video_id: clip.id, sets: 2, reps: 10 })),
      )
    ).json() as Program;
    const ids = added.items.map((item) => item.id);
    // The dose was set a while ago, and someone else orders the program.
    await t.db
      .update(hepItems)
      .set({ updatedAt: new Date('2026-10-02T15:00:00Z') })
      .where(eq(hepItems.patientId, s.patient.id));
    const lines = async () =>
      (await send('GET', `${url}/history`, cookie)).json() as {
        count: number;
        results: { kind: string; hep_id: number; shifted?: number }[];
      };
    const before = await lines();
    const [first, second, third, fourth, fifth] = ids as [number, number, number, number, number];
    const admin = s.staff.admin.cookie;
    for (const order of [
      [second, third, fourth, fifth, first],
      [first, second, third, fourth, fifth],
      [second, first, third, fourth, fifth],
    ]) {
      expect(
        (await send('POST', '/api/v1/heps/set_order/', admin, { hep_ids: order })).statusCode,
      ).toBe(200);
    }
    const after = await lines();
    expect(after.count - before.count).toBe(3);
    expect(after.results.slice(0, 3)).toMatchObject([
      { kind: 'reordered', shifted: 1 },
      { kind: 'reordered', hep_id: first, shifted: 4 },
      { kind: 'reordered', hep_id: first, shifted: 4 },
    ]);
    // The same order again moves nothing and says nothing.
    await send('POST', '/api/v1/heps/set_order/', admin, {
      hep_ids: [second, first, third, fourth, fifth],
    });
    expect((await lines()).count).toBe(after.count);

    const program = (await send('GET', url, cookie)).json() as Program;
    expect(program.items.map((item) => item.id)).toEqual([second, first, third, fourth, fifth]);
    for (const item of program.items) {
      expect(item.updated_at).toBe('2026-10-02T15:00:00.000Z');
      expect(item.updated_by).toMatchObject({ id: s.staff.therapist.user.id });
    }
    // Each item's own history still has every place it held.
    const firstHistory = (
      await send('GET', `/video/hep/${first}/history`, cookie)
    ).json() as HepItemHistory;
    expect(firstHistory.events.map((event) => event.kind)).toEqual([
      'added',
      'reordered',
      'reordered',
      'reordered',
    ]);
  });

  it('refuses bad input with a 4xx naming it, and changes nothing', async () => {
    const s = await setUp();
    const other = await setUp();
    const cookie = s.staff.therapist.cookie;
    const [a, b] = s.clips as [(typeof s.clips)[0], (typeof s.clips)[0]];
    const url = programUrl(s.patient.id);
    const cases: [unknown, number, RegExp][] = [
      [[{ video_id: a.id, sets: 101, reps: 1 }], 400, /at most 100/],
      [[{ video_id: a.id, sets: 0, reps: 1 }], 400, /at least 1/],
      [
        [
          { video_id: a.id, sets: 1, reps: 1 },
          { video_id: a.id, sets: 2, reps: 2 },
        ],
        400,
        /twice/,
      ],
      [[], 400, /at least one/],
      [[{ video_id: other.clips[0]!.id, sets: 1, reps: 1 }], 404, /not in your clinic's library/],
    ];
    for (const [payload, status, message] of cases) {
      const response = await send('POST', url, cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(JSON.stringify(response.json())).toMatch(message);
    }
    await send('POST', url, cookie, [{ video_id: a.id, sets: 1, reps: 1 }]);
    const duplicate = await send('POST', url, cookie, [
      { video_id: b.id, sets: 1, reps: 1 },
      { video_id: a.id, sets: 1, reps: 1 },
    ]);
    expect(duplicate.statusCode).toBe(409);
    const program = (await send('GET', url, cookie)).json() as Program;
    expect(program.items.map((item) => item.video_id)).toEqual([a.id]);

    // A date that does not exist is named, not a 500.
    const badDay = await send('GET', `${url}?as_of=2026-13-45`, cookie);
    expect(badDay.statusCode).toBe(400);
    expect(JSON.stringify(badDay.json())).toMatch(/does not exist/);

    // Another clinic's patient and item are 404; an office manager may not see programs.
    expect((await send('GET', programUrl(other.patient.id), cookie)).statusCode).toBe(404);
    expect(
      (
        await send('PATCH', `${programUrl(other.patient.id)}/${program.items[0]!.id}`, cookie, {
          sets: 2,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await send('PATCH', `${url}/${program.items[0]!.id}`, other.staff.therapist.cookie, {
          sets: 2,
        })
      ).statusCode,
    ).toBe(404);
    expect((await send('GET', url, s.staff.manager.cookie)).statusCode).toBe(403);
    expect(
      (await send('POST', url, s.staff.supervisor.cookie, [{ video_id: b.id, sets: 1, reps: 1 }]))
        .statusCode,
    ).toBe(403);
    expect((await send('GET', url, s.staff.supervisor.cookie)).statusCode).toBe(200);
  });

  it('keeps the hold the therapist sets beside sets and reps, changed and taken away, with its history', async () => {
    const s = await setUp();
    const cookie = s.staff.therapist.cookie;
    const url = programUrl(s.patient.id);
    const [a, b] = s.clips as [(typeof s.clips)[0], (typeof s.clips)[0]];
    const added = await send('POST', url, cookie, [
      { video_id: a.id, sets: 3, reps: 10, hold_seconds: 3 },
      { video_id: b.id, sets: 2, reps: 8 },
    ]);
    expect(added.statusCode).toBe(201);
    const [held, plain] = (added.json() as Program).items;
    expect([held?.hold_seconds, plain?.hold_seconds]).toEqual([3, null]);

    const changed = await send('PATCH', `${url}/${held!.id}`, cookie, { hold_seconds: 45 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ sets: 3, reps: 10, hold_seconds: 45 });
    const cleared = await send('PATCH', `${url}/${held!.id}`, cookie, { hold_seconds: null });
    expect(cleared.json()).toMatchObject({ hold_seconds: null });

    const history = (await send('GET', `/video/hep/${held!.id}/history`, cookie)).json();
    expect((history as HepItemHistory).events.map((event) => event.after?.hold_seconds)).toEqual([
      3,
      45,
      null,
    ]);

    for (const [payload, message] of [
      [{ hold_seconds: 0 }, 'Hold must be at least 1 second'],
      [{ hold_seconds: 601 }, 'Hold must be at most 600 seconds'],
      [{ hold_seconds: 2.5 }, 'Hold must be a whole number of seconds'],
    ] as const) {
      const refused = await send('PATCH', `${url}/${plain!.id}`, cookie, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(refused.json())).toContain('hold_seconds');
      expect(JSON.stringify(refused.json())).toContain(message);
    }
    const tooLong = await send('POST', url, cookie, [
      { video_id: s.clips[2]!.id, sets: 1, reps: 1, hold_seconds: 900 },
    ]);
    expect(tooLong.statusCode).toBe(400);
    expect(JSON.stringify(tooLong.json())).toContain('Hold must be at most 600 seconds');
    const program = (await send('GET', url, cookie)).json() as Program;
    expect(program.items.map((item) => item.hold_seconds)).toEqual([null, null]);
  });

  it('holds catalogue exercises and keeps an archived video in the program', async () => {
    const s = await setUp();
    const [catalogue] = await t.db
      .insert(videos)
      .values({ clinicId: null, title: unique('Catalogue squat'), externalId: unique('ext') })
      .returning();
    const archived = await clinicVideo(s, { archivedAt: new Date() });
    const url = programUrl(s.patient.id);
    const cookie = s.staff.therapist.cookie;
    const added = await send('POST', url, cookie, [{ video_id: catalogue!.id, sets: 2, reps: 12 }]);
    expect(added.statusCode).toBe(201);
    expect((added.json() as Program).items[0]!.video.source).toBe('catalogue');
    expect(
      (await send('POST', url, cookie, [{ video_id: archived.id, sets: 1, reps: 1 }])).statusCode,
    ).toBe(404);
  });
});

describe('approval of a remote PT’s changes', () => {
  it('waits for a supervisor, who approves with a change; the program then matches it', async () => {
    const s = await setUp();
    const [a, b, c] = s.clips as [(typeof s.clips)[0], (typeof s.clips)[0], (typeof s.clips)[0]];
    const url = programUrl(s.patient.id);
    await send('POST', url, s.staff.therapist.cookie, [
      { video_id: a.id, sets: 3, reps: 10 },
      { video_id: b.id, sets: 2, reps: 10 },
    ]);
    const remote = s.staff.remote_therapist.cookie;
    const seen = (await send('GET', url, remote)).json() as Program;
    expect(seen.needs_approval).toBe(true);
    const direct = await send('PATCH', `${url}/${seen.items[0]!.id}`, remote, { sets: 5 });
    expect(direct.statusCode).toBe(403);
    expect(direct.json().error.message).toMatch(/approval request/);

    const empty = await send('POST', `/video/hep-approval-requests/${s.patient.id}`, remote, {
      dashboard: s.patient.id,
      hep_data: [],
    });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain(
      'No video details provided for approval request',
    );

    const created = await send('POST', `/video/hep-approval-requests/${s.patient.id}`, remote, {
      dashboard: s.patient.id,
      note: 'Progressing',
      hep_data: [
        { video_id: c.id, _sets: 2, _reps: 8, order: 1 },
        { video_id: a.id, _sets: 4, _reps: 10, order: 2 },
      ],
    });
    expect(created.statusCode).toBe(201);
    const request = created.json() as ApprovalRequestDetails;
    expect(request.status).toBe('pending');
    expect(request.counts).toEqual({ items: 2, added: 1, changed: 1, removed: 1 });
    expect(request.proposed.map((entry) => entry.change)).toEqual(['added', 'changed']);

    // Nothing changed yet.
    expect(titles((await send('GET', url, remote)).json())).toEqual([a.title, b.title]);
    const pending = await send(
      'GET',
      `/video/hep/patient/${s.patient.id}/pending`,
      s.staff.therapist.cookie,
    );
    expect(pending.json()).toMatchObject({
      request: { id: request.id },
      grouped_videos: [{ folder_id: null, videos: [{ video_id: c.id }, { video_id: a.id }] }],
    });

    const queue = await send('GET', '/clinic/supervisor/approval', s.staff.supervisor.cookie);
    expect(queue.statusCode).toBe(200);
    const approvals = queue.json() as SupervisorApprovals;
    expect(approvals.results.map((row) => row.id)).toEqual([request.id]);
    expect(
      approvals.therapists.find((row) => row.id === s.staff.remote_therapist.user.id),
    ).toMatchObject({
      status: 'role_default',
      needs_approval: true,
    });

    // A remote PT may not decide their own request.
    const selfApproval = await send(
      'POST',
      `/video/hep-approval-requests/${request.id}/approve-with-changes`,
      remote,
      { action: 'accept' },
    );
    expect(selfApproval.statusCode).toBe(403);

    const decided = await send(
      'POST',
      `/video/hep-approval-requests/${request.id}/approve-with-changes`,
      s.staff.supervisor.cookie,
      {
        action: 'accept',
        note: 'Three sets to start',
        hep_data: [
          { video_id: c.id, _sets: 3, _reps: 8, order: 1 },
          { video_id: a.id, _sets: 4, _reps: 10, order: 2 },
        ],
      },
    );
    expect(decided.statusCode).toBe(200);
    expect(decided.json()).toMatchObject({
      status: 'approved_with_changes',
      decided_by: { id: s.staff.supervisor.user.id },
    });

    const after = (await send('GET', url, remote)).json() as Program;
    expect(titles(after)).toEqual([c.title, a.title]);
    expect(after.items.map((item) => [item.sets, item.reps])).toEqual([
      [3, 8],
      [4, 10],
    ]);
    expect(after.pending_request).toBeNull();
    expect(after.last_outcome).toMatchObject({
      request_id: request.id,
      status: 'approved_with_changes',
      note: 'Three sets to start',
    });
    // Each approved item names who proposed it beside the supervisor who approved it; one the
    // approval left alone keeps its own last change.
    for (const item of after.items) {
      expect(item.updated_by).toMatchObject({ id: s.staff.supervisor.user.id });
      expect(item.proposed_by).toMatchObject({ id: s.staff.remote_therapist.user.id });
    }
    const edited = await send('PATCH', `${url}/${after.items[1]!.id}`, s.staff.therapist.cookie, {
      reps: 12,
    });
    expect(edited.json()).toMatchObject({
      updated_by: { id: s.staff.therapist.user.id },
      proposed_by: null,
    });
    const history = (
      await send('GET', `/video/hep/${after.items[0]!.id}/history`, remote)
    ).json() as HepItemHistory;
    expect(history.events[0]).toMatchObject({ kind: 'added', approval_request_id: request.id });

    const twice = await send(
      'POST',
      `/video/hep-approval-requests/${request.id}/approve-with-changes`,
      s.staff.supervisor.cookie,
      { action: 'accept' },
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toMatch(/approved already/);
  });

  it('carries holds through a request: proposed, corrected, and kept where an entry names none', async () => {
    const s = await setUp();
    const [a, b, c] = s.clips as [(typeof s.clips)[0], (typeof s.clips)[0], (typeof s.clips)[0]];
    const url = programUrl(s.patient.id);
    await send('POST', url, s.staff.therapist.cookie, [
      { video_id: a.id, sets: 3, reps: 10, hold_seconds: 5 },
      { video_id: b.id, sets: 2, reps: 10, hold_seconds: 10 },
    ]);
    const created = await propose(s, [
      // No hold named: a client that knows none must not wipe the therapist's 5 s.
      { video_id: a.id, _sets: 3, _reps: 10, order: 1 },
      { video_id: b.id, _sets: 2, _reps: 10, hold_seconds: 30, order: 2 },
      { video_id: c.id, _sets: 1, _reps: 5, hold_seconds: 20, order: 3 },
    ]);
    expect(created.statusCode).toBe(201);
    const request = created.json() as ApprovalRequestDetails;
    expect(request.proposed.map((entry) => [entry.hold_seconds, entry.change])).toEqual([
      [5, 'same'],
      [30, 'changed'],
      [20, 'added'],
    ]);
    const tooLong = await propose(s, [
      { video_id: a.id, _sets: 3, _reps: 10, hold_seconds: 601, order: 1 },
    ]);
    expect(tooLong.statusCode).toBe(400);
    expect(JSON.stringify(tooLong.json())).toContain('Hold must be at most 600 seconds');

    // tooLong was refused, so the first request still waits; the supervisor takes the hold off b.
    const decided = await decide(s, request.id, {
      action: 'accept',
      hep_data: [
        { video_id: a.id, _sets: 3, _reps: 10, order: 1 },
        { video_id: b.id, _sets: 2, _reps: 10, hold_seconds: null, order: 2 },
        { video_id: c.id, _sets: 1, _reps: 5, hold_seconds: 20, order: 3 },
      ],
    });
    expect(decided.statusCode).toBe(200);
    const after = (await send('GET', url, s.staff.therapist.cookie)).json() as Program;
    expect(after.items.map((item) => [item.video_id, item.hold_seconds])).toEqual([
      [a.id, 5],
      [b.id, null],
      [c.id, 20],
    ]);
    const history = (
      await send('GET', `/video/hep/${after.items[1]!.id}/history`, s.staff.therapist.cookie)
    ).json() as HepItemHistory;
    expect(history.events.at(-1)).toMatchObject({
      kind: 'changed',
      before: { hold_seconds: 10 },
      after: { hold_seconds: null },
    });
  });

  it('approves as sent a request that named no holds, corrected only by naming the ones it keeps', async () => {
    const s = await setUp();
    const [a] = s.clips as [(typeof s.clips)[0]];
    await send('POST', programUrl(s.patient.id), s.staff.therapist.cookie, [
      { video_id: a.id, sets: 3, reps: 10, hold_seconds: 5 },
    ]);
    const created = await propose(s, [{ video_id: a.id, _sets: 4, _reps: 10, order: 1 }]);
    const request = created.json() as ApprovalRequestDetails;
    const decided = await decide(s, request.id, {
      action: 'accept',
      // What the supervisor's screen sends back untouched: the entry with its hold named.
      hep_data: [{ video_id: a.id, _sets: 4, _reps: 10, hold_seconds: 5, order: 1 }],
    });
    expect(decided.json()).toMatchObject({ status: 'approved' });
  });

  it('lets the supervisor add an exercise when approving with changes, from their own clinic only', async () => {
    const s = await setUp();
    const other = await setUp();
    const [a, b, c] = s.clips as [(typeof s.clips)[0], (typeof s.clips)[0], (typeof s.clips)[0]];
    const request = (
      await send(
        'POST',
        `/video/hep-approval-requests/${s.patient.id}`,
        s.staff.remote_therapist.cookie,
        {
          dashboard: s.patient.id,
          hep_data: [{ video_id: a.id, _sets: 2, _reps: 10, order: 1 }],
        },
      )
    ).json() as ApprovalRequestDetails;
    const decide = (hep_data: unknown[]) =>
      send(
        'POST',
        `/video/hep-approval-requests/${request.id}/approve-with-changes`,
        s.staff.supervisor.cookie,
        { action: 'accept', hep_data },
      );
    const proposal = { video_id: a.id, _sets: 2, _reps: 10, order: 1 };

    const foreign = await decide([
      proposal,
      { video_id: other.clips[0]!.id, _sets: 1, _reps: 5, order: 2 },
    ]);
    expect(foreign.statusCode).toBe(404);
    expect(JSON.stringify(foreign.json())).not.toContain(other.clips[0]!.title);
    const invalid = await decide([proposal, { video_id: b.id, _sets: 0, _reps: 5, order: 2 }]);
    expect(invalid.statusCode).toBe(400);
    expect(JSON.stringify(invalid.json())).toContain('_sets');

    const approved = await decide([
      proposal,
      { video_id: b.id, _sets: 1, _reps: 5, order: 2, description: 'Slowly' },
      { video_id: c.id, _sets: 3, _reps: 8, order: 3 },
    ]);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved_with_changes' });
    const program = (
      await send('GET', programUrl(s.patient.id), s.staff.therapist.cookie)
    ).json() as Program;
    expect(titles(program)).toEqual([a.title, b.title, c.title]);
    expect(program.items[1]).toMatchObject({ sets: 1, reps: 5, description: 'Slowly' });
  });

  it('supersedes a waiting request, declines with a note, and follows the per-therapist status', async () => {
    const s = await setUp();
    const other = await setUp();
    const [a, b] = s.clips as [(typeof s.clips)[0], (typeof s.clips)[0]];
    const remote = s.staff.remote_therapist.cookie;
    const requestUrl = `/video/hep-approval-requests/${s.patient.id}`;
    const first = (
      await send('POST', requestUrl, remote, {
        dashboard: s.patient.id,
        hep_data: [{ video_id: a.id, _sets: 1, _reps: 1, order: 1 }],
      })
    ).json() as ApprovalRequestDetails;
    const second = (
      await send('POST', requestUrl, remote, {
        dashboard: s.patient.id,
        hep_data: [{ video_id: b.id, _sets: 1, _reps: 1, order: 1 }],
      })
    ).json() as ApprovalRequestDetails;
    expect(
      (await send('GET', `/video/hep-approval-requests/${first.id}/details`, remote)).json(),
    ).toMatchObject({
      status: 'superseded',
    });
    expect(
      (
        await send('POST', requestUrl, remote, {
          dashboard: other.patient.id,
          hep_data: [{ video_id: a.id, _sets: 1, _reps: 1, order: 1 }],
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await send(
          'GET',
          `/video/hep-approval-requests/${second.id}/details`,
          other.staff.supervisor.cookie,
        )
      ).statusCode,
    ).toBe(404);

    const declined = await send(
      'POST',
      `/video/hep-approval-requests/${second.id}/approve-with-changes`,
      s.staff.supervisor.cookie,
      {
        action: 'decline',
        note: 'Not yet',
      },
    );
    expect(declined.json()).toMatchObject({ status: 'declined', decision_note: 'Not yet' });
    expect(((await send('GET', programUrl(s.patient.id), remote)).json() as Program).items).toEqual(
      [],
    );

    // The supervisor lets this remote PT change programs directly, and asks it of a therapist.
    const set = await send('PATCH', '/clinic/supervisor/approval', s.staff.supervisor.cookie, {
      user_id: s.staff.remote_therapist.user.id,
      status: 'not_required',
    });
    expect(set.json()).toMatchObject({ status: 'not_required', needs_approval: false });
    expect(
      (await send('POST', programUrl(s.patient.id), remote, [{ video_id: a.id, sets: 1, reps: 1 }]))
        .statusCode,
    ).toBe(201);
    await send('PATCH', '/clinic/supervisor/approval', s.staff.supervisor.cookie, {
      user_id: s.staff.therapist.user.id,
      status: 'required',
    });
    expect(
      (
        await send('POST', programUrl(s.patient.id), s.staff.therapist.cookie, [
          { video_id: b.id, sets: 1, reps: 1 },
        ])
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await send('PATCH', '/clinic/supervisor/approval', s.staff.supervisor.cookie, {
          user_id: other.staff.therapist.user.id,
          status: 'required',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await send('GET', '/clinic/supervisor/approval', s.staff.therapist.cookie)).statusCode,
    ).toBe(403);
  });
});

describe("a patient's questions", () => {
  it('shows on the program and can be marked answered', async () => {
    const s = await setUp();
    const [row] = await t.db
      .insert(hepPatientRequests)
      .values({
        clinicId: s.clinic.id,
        patientId: s.patient.id,
        content: 'My knee hurts on the squats',
      })
      .returning();
    const program = (
      await send('GET', programUrl(s.patient.id), s.staff.therapist.cookie)
    ).json() as Program;
    expect(program.patient_requests).toMatchObject([
      { request_content: 'My knee hurts on the squats', resolved_at: null },
    ]);
    const resolved = await send(
      'POST',
      `/video/hep_request/${row!.id}/resolve`,
      s.staff.therapist.cookie,
    );
    expect(resolved.json()).toMatchObject({ resolved_by: { id: s.staff.therapist.user.id } });
    expect(
      (await send('POST', `/video/hep_request/${row!.id}/resolve`, s.staff.supervisor.cookie))
        .statusCode,
    ).toBe(403);
  });
});

describe('folders on program items (security issue 28, finding 7)', () => {
  it('answers 404 for a folder the caller does not see, and never its name', async () => {
    const s = await setUp();
    const [a, b, c] = s.clips as [(typeof s.clips)[0], (typeof s.clips)[0], (typeof s.clips)[0]];
    const secret = unique('Admin private: HIV+ patients handout');
    const created = await send('POST', '/video/library', s.staff.admin.cookie, { name: secret });
    expect(created.statusCode).toBe(201);
    const privateFolder = (created.json() as { id: number }).id;
    const mine = await send('POST', '/video/library', s.staff.remote_therapist.cookie, {
      name: unique('Remote PT knee set'),
    });
    const remoteFolder = (mine.json() as { id: number; name: string }).id;

    const direct = await send('POST', programUrl(s.patient.id), s.staff.therapist.cookie, [
      { video_id: a.id, sets: 3, reps: 10, folder_id: privateFolder },
    ]);
    expect(direct.statusCode).toBe(404);
    expect(direct.json().error.message).toBe(`Library folder ${privateFolder} not found`);
    expect(direct.body).not.toContain(secret);

    const remote = s.staff.remote_therapist.cookie;
    const requested = await send('POST', `/video/hep-approval-requests/${s.patient.id}`, remote, {
      dashboard: s.patient.id,
      hep_data: [{ video_id: b.id, _sets: 2, _reps: 8, order: 1, folder_id: privateFolder }],
    });
    expect(requested.statusCode).toBe(404);
    expect(requested.body).not.toContain(secret);

    // The remote PT's own private folder goes on their request, and the supervisor who corrects
    // the request keeps it there though the folder is not theirs to see.
    const own = await send('POST', `/video/hep-approval-requests/${s.patient.id}`, remote, {
      dashboard: s.patient.id,
      hep_data: [{ video_id: c.id, _sets: 2, _reps: 8, order: 1, folder_id: remoteFolder }],
    });
    expect(own.statusCode).toBe(201);
    const request = own.json() as ApprovalRequestDetails;
    const corrected = await decide(s, request.id, {
      action: 'accept',
      hep_data: [{ video_id: c.id, _sets: 3, _reps: 8, order: 1, folder_id: remoteFolder }],
    });
    expect(corrected.statusCode).toBe(200);
    // …but may not add another private folder of someone else's while correcting it.
    const other = await send('POST', `/video/hep-approval-requests/${s.patient.id}`, remote, {
      dashboard: s.patient.id,
      hep_data: [{ video_id: a.id, _sets: 2, _reps: 8, order: 1 }],
    });
    const sneaked = await send(
      'POST',
      `/video/hep-approval-requests/${(other.json() as ApprovalRequestDetails).id}/approve-with-changes`,
      s.staff.supervisor.cookie,
      {
        action: 'accept',
        hep_data: [{ video_id: a.id, _sets: 2, _reps: 8, order: 1, folder_id: privateFolder }],
      },
    );
    expect(sneaked.statusCode).toBe(404);
    expect(sneaked.body).not.toContain(secret);
  });
});

describe('a patient the therapist does not treat (security finding 10)', () => {
  it('is read, but its program is changed only by those who treat the patient and the admin', async () => {
    const s = await setUp();
    const [a, b] = s.clips as [(typeof s.clips)[0], (typeof s.clips)[0]];
    // A colleague's patient: the therapist and the remote PT of s are not among their therapists.
    const colleague = await createUser(t.db, { clinicId: s.clinic.id, role: 'therapist' });
    const patient = await createPatient(t.db, { clinicId: s.clinic.id }, [colleague.id]);
    const url = programUrl(patient.id);
    const added = await send('POST', url, s.staff.admin.cookie, [
      { video_id: a.id, sets: 3, reps: 10 },
    ]);
    expect(added.statusCode).toBe(201);
    const program = added.json() as Program;
    const itemId = program.items[0]!.id;
    const [question] = await t.db
      .insert(hepPatientRequests)
      .values({ clinicId: s.clinic.id, patientId: patient.id, content: 'Fewer reps?' })
      .returning();
    const therapist = s.staff.therapist.cookie;
    expect((await send('GET', url, therapist)).statusCode).toBe(200);
    const attempts = [
      await send('POST', url, therapist, [{ video_id: b.id, sets: 2, reps: 8 }]),
      await send('PATCH', `${url}/${itemId}`, therapist, { sets: 5 }),
      await send('DELETE', url, therapist, { hep_ids: [itemId] }),
      await send('POST', '/api/v1/heps/set_order/', therapist, { hep_ids: [itemId] }),
      await send('POST', `/video/hep_request/${question!.id}/resolve`, therapist),
      await send(
        'POST',
        `/video/hep-approval-requests/${patient.id}`,
        s.staff.remote_therapist.cookie,
        {
          dashboard: patient.id,
          hep_data: [{ video_id: b.id, _sets: 3, _reps: 10, order: 1 }],
        },
      ),
    ];
    for (const refused of attempts) {
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().error.message).toMatch(/do not treat this patient/);
    }
    // Removed by the admin, it is not restored by the therapist either.
    await send('DELETE', url, s.staff.admin.cookie, { hep_ids: [itemId] });
    expect((await send('POST', `/api/v1/heps/${itemId}/restore/`, therapist)).statusCode).toBe(403);
    // Nothing of theirs reached the program, its history or the approval queue.
    const events = await t.db
      .select({ actor: hepItemEvents.actorUserId })
      .from(hepItemEvents)
      .where(eq(hepItemEvents.patientId, patient.id));
    expect(events.every((event) => event.actor === s.staff.admin.user.id)).toBe(true);
    const requests = await t.db
      .select({ id: hepApprovalRequests.id })
      .from(hepApprovalRequests)
      .where(eq(hepApprovalRequests.patientId, patient.id));
    expect(requests).toEqual([]);
  });

  it('reads a queue page in the same number of statements whatever its length (issue 30, item 11)', async () => {
    const s = await setUp();
    const remote = s.staff.remote_therapist.cookie;
    const [a, b] = s.clips;
    if (!a || !b) {
      throw new Error('videos missing');
    }
    const propose = async () => {
      const patient = await createPatient(t.db, { clinicId: s.clinic.id }, [
        s.staff.remote_therapist.user.id,
      ]);
      const created = await send('POST', `/video/hep-approval-requests/${patient.id}`, remote, {
        dashboard: patient.id,
        note: 'Progressing',
        hep_data: [
          { video_id: a.id, _sets: 2, _reps: 8, order: 1 },
          { video_id: b.id, _sets: 3, _reps: 10, order: 2 },
        ],
      });
      expect(created.statusCode, created.body).toBe(201);
    };
    const client = (t.db as unknown as { $client: { query: (...args: never[]) => unknown } })
      .$client;
    const statementsOfQueue = async () => {
      const spy = vi.spyOn(client, 'query');
      const queue = await send('GET', '/clinic/supervisor/approval', s.staff.supervisor.cookie);
      expect(queue.statusCode).toBe(200);
      const calls = spy.mock.calls.length;
      spy.mockRestore();
      return { calls, rows: (queue.json() as SupervisorApprovals).results.length };
    };
    await propose();
    const one = await statementsOfQueue();
    for (let more = 0; more < 4; more += 1) {
      await propose();
    }
    const five = await statementsOfQueue();
    expect([one.rows, five.rows]).toEqual([1, 5]);
    expect(five.calls).toBe(one.calls);
  });
});
