import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveBanner } from '@homestretch/contract/health/banners';
import type { InteractionLog } from '@homestretch/contract/patients/interaction-log';
import type { VoiceCall } from '@homestretch/contract/voice/call-status';
import type { RecentCalls } from '@homestretch/contract/voice/list-calls';
import { auditLog, interactionLogs } from '../../db/schema';
import {
  type TestApp,
  call,
  clinicWithStaff,
  createPatient,
  createTestApp,
  json,
  sessionCookie,
} from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // 26 November: the month's last days, when a missing live call is flagged (banner-rules.ts).
  t.clock.advance(24 * 86_400_000);
});
afterAll(async () => {
  await t.close();
});

const REACHABLE = '+15551230001';
/** The simulator never answers a number ending in 0000 (platform/voice.ts). */
const UNREACHABLE = '+15551230000';

async function setUp() {
  const staff = await clinicWithStaff(t);
  const patient = (phone: string | null) =>
    createPatient(
      t.db,
      {
        clinicId: staff.clinic.id,
        phone,
        isRtmCovered: true,
        onboardedAt: new Date('2026-10-01T14:00:00Z'),
      },
      [staff.staff.therapist.user.id, staff.staff.remote_therapist.user.id],
    );
  return {
    ...staff,
    reachable: await patient(REACHABLE),
    unreachable: await patient(UNREACHABLE),
    noPhone: await patient(null),
  };
}

const start = (cookie: string, payload: unknown) =>
  call(t, { method: 'POST', url: '/user/voice/call', cookie, payload: payload as object });
const status = async (cookie: string, id: number) =>
  call(t, { method: 'GET', url: `/user/voice/call/${id}/status`, cookie });
const end = (cookie: string, id: number) =>
  call(t, { method: 'POST', url: `/user/voice/call/${id}/end`, cookie });
const logsOf = async (cookie: string, patientId: number) =>
  json<{ results: InteractionLog[] }>(
    await call(t, { method: 'GET', url: `/api/v1/patients/${patientId}/log_interaction/`, cookie }),
  ).results;
const banners = async (cookie: string, patientId: number) =>
  json<{ results: ActiveBanner[] }>(
    await call(t, { method: 'GET', url: `/user/therapist/banners/${patientId}`, cookie }),
  ).results.map((banner) => banner.banner);

describe('a call through the simulator', () => {
  it('rings, is answered, is hung up, and logs the month’s live call once with its duration', async () => {
    const s = await setUp();
    const cookie = s.staff.therapist.cookie;
    expect(await banners(cookie, s.reachable.id)).toContain('call_due');

    const started = await start(cookie, { patient_id: s.reachable.id });
    expect(started.statusCode).toBe(201);
    const placed = json<VoiceCall>(started);
    expect(placed).toMatchObject({
      patient_id: s.reachable.id,
      status: 'queued',
      outcome: null,
      provider: 'simulator',
      started_at: null,
      duration_seconds: null,
    });

    t.clock.advance(2_000);
    expect(json<VoiceCall>(await status(cookie, placed.id)).status).toBe('ringing');
    t.clock.advance(3_000);
    const answered = json<VoiceCall>(await status(cookie, placed.id));
    expect(answered.status).toBe('in-progress');
    expect(answered.started_at).toBe(t.clock.now().toISOString());
    t.clock.advance(95_000);
    expect(json<VoiceCall>(await status(cookie, placed.id)).status).toBe('in-progress');

    const ended = await end(cookie, placed.id);
    expect(ended.statusCode).toBe(200);
    expect(json<VoiceCall>(ended)).toMatchObject({
      status: 'completed',
      outcome: 'CALL_OK',
      duration_seconds: 95,
      ended_at: t.clock.now().toISOString(),
    });
    // Polled again and hung up again: the same call, still logged once.
    expect(json<VoiceCall>(await status(cookie, placed.id)).outcome).toBe('CALL_OK');
    expect(json<VoiceCall>(await end(cookie, placed.id)).status).toBe('completed');

    const logs = await logsOf(cookie, s.reachable.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      notes: 'Phone call (simulated)',
      call_duration_seconds: 95,
      voice_call_id: placed.id,
      user_id: s.staff.therapist.user.id,
    });
    // The month now has its live call: the record stops asking for one.
    expect(await banners(cookie, s.reachable.id)).not.toContain('call_due');

    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'voice_call'), eq(auditLog.targetId, String(placed.id))));
    expect(audits.map((row) => row.action).sort()).toEqual([
      'voice.call_ended',
      'voice.call_started',
    ]);
  });

  it('logs nothing when the patient is not reached: no answer, or hung up while ringing', async () => {
    const s = await setUp();
    const cookie = s.staff.therapist.cookie;
    const unanswered = json<VoiceCall>(await start(cookie, { patient_id: s.unreachable.id }));
    t.clock.advance(10_000);
    expect(json<VoiceCall>(await status(cookie, unanswered.id)).status).toBe('ringing');
    t.clock.advance(25_000);
    expect(json<VoiceCall>(await status(cookie, unanswered.id))).toMatchObject({
      status: 'no-answer',
      outcome: 'CALL_NOK',
      duration_seconds: 0,
    });

    const hungUp = json<VoiceCall>(await start(cookie, { patient_id: s.reachable.id }));
    t.clock.advance(3_000);
    expect(json<VoiceCall>(await end(cookie, hungUp.id))).toMatchObject({
      status: 'canceled',
      outcome: 'CALL_NOK',
    });
    const logged = await t.db
      .select()
      .from(interactionLogs)
      .where(eq(interactionLogs.clinicId, s.clinic.id));
    expect(logged).toHaveLength(0);
    expect(await banners(cookie, s.reachable.id)).toContain('call_due');
  });

  it('logs a call two polls end at once only once', async () => {
    const s = await setUp();
    const cookie = s.staff.therapist.cookie;
    const placed = json<VoiceCall>(await start(cookie, { patient_id: s.reachable.id }));
    // Past the longest call the simulator lets last: it has ended on its own.
    t.clock.advance(4 * 3_600_000);
    // Signed in again: the session went idle over the four hours.
    const later = await sessionCookie(t, s.staff.therapist.user.id);
    const polls = await Promise.all([status(later, placed.id), status(later, placed.id)]);
    expect(polls.map((poll) => json<VoiceCall>(poll).outcome)).toEqual(['CALL_OK', 'CALL_OK']);
    expect(json<VoiceCall>(polls[0]!).duration_seconds).toBe(3 * 3600);
    expect(await logsOf(later, s.reachable.id)).toHaveLength(1);
  });
});

describe('who may call whom', () => {
  it('one live call at a time: a second is a 409 until the first is hung up', async () => {
    const s = await setUp();
    const cookie = s.staff.therapist.cookie;
    const first = json<VoiceCall>(await start(cookie, { patient_id: s.reachable.id }));
    const second = await start(cookie, { patient_id: s.unreachable.id });
    expect(second.statusCode).toBe(409);
    expect(json<{ error: { message: string } }>(second).error.message).toContain(
      `call ${first.id}`,
    );
    // A colleague is not on this call and may place their own; they may not hang up this one.
    const admin = s.staff.admin.cookie;
    expect((await end(admin, first.id)).statusCode).toBe(403);
    const theirs = await start(admin, { patient_id: s.unreachable.id });
    expect(theirs.statusCode).toBe(201);
    await end(admin, json<VoiceCall>(theirs).id);
    await end(cookie, first.id);
    expect((await start(cookie, { patient_id: s.unreachable.id })).statusCode).toBe(201);
  });

  it('refuses a patient without a phone (422 naming it) and bad input by field', async () => {
    const s = await setUp();
    const cookie = s.staff.remote_therapist.cookie;
    const noPhone = await start(cookie, { patient_id: s.noPhone.id });
    expect(noPhone.statusCode).toBe(422);
    const body = json<{ error: { message: string; fields: Record<string, string> } }>(noPhone);
    expect(body.error.message).toContain('no phone number');
    expect(body.error.fields.phone).toBe('No phone number on file');

    const bad = await start(cookie, { patient_id: 'seven' });
    expect(bad.statusCode).toBe(400);
    expect(json<{ error: { fields: Record<string, string> } }>(bad).error.fields).toHaveProperty(
      'patient_id',
    );
    expect((await status(cookie, 0)).statusCode).toBe(400);
  });

  it('refuses office managers and supervisors, and hides another clinic’s patients and calls', async () => {
    const s = await setUp();
    for (const role of ['manager', 'supervisor'] as const) {
      expect((await start(s.staff[role].cookie, { patient_id: s.reachable.id })).statusCode).toBe(
        403,
      );
    }
    const placed = json<VoiceCall>(
      await start(s.staff.therapist.cookie, { patient_id: s.reachable.id }),
    );
    expect((await status(s.staff.manager.cookie, placed.id)).statusCode).toBe(403);
    const other = await clinicWithStaff(t);
    const theirs = other.staff.therapist.cookie;
    expect((await start(theirs, { patient_id: s.reachable.id })).statusCode).toBe(404);
    expect((await status(theirs, placed.id)).statusCode).toBe(404);
    expect((await end(theirs, placed.id)).statusCode).toBe(404);
    await end(s.staff.therapist.cookie, placed.id);
  });
});

describe('recent calls', () => {
  it('lists the caller’s own calls newest first with the patients’ names', async () => {
    const s = await setUp();
    const cookie = s.staff.therapist.cookie;
    const first = json<VoiceCall>(await start(cookie, { patient_id: s.unreachable.id }));
    await end(cookie, first.id);
    t.clock.advance(1_000);
    const second = json<VoiceCall>(await start(cookie, { patient_id: s.reachable.id }));
    t.clock.advance(65_000);
    await end(cookie, second.id);

    const response = await call(t, { method: 'GET', url: '/user/voice/calls?limit=5', cookie });
    expect(response.statusCode).toBe(200);
    const body = json<RecentCalls>(response);
    expect(body.count).toBe(2);
    expect(body.results.map((row) => [row.id, row.outcome, row.duration_seconds])).toEqual([
      [second.id, 'CALL_OK', 60],
      [first.id, 'CALL_NOK', 0],
    ]);
    expect(body.results[0]?.patient).toEqual({
      id: s.reachable.id,
      first_name: s.reachable.firstName,
      last_name: s.reachable.lastName,
    });
    const mine = await call(t, {
      method: 'GET',
      url: '/user/voice/calls',
      cookie: s.staff.admin.cookie,
    });
    expect(json<RecentCalls>(mine).count).toBe(0);

    const bad = await call(t, { method: 'GET', url: '/user/voice/calls?limit=0', cookie });
    expect(bad.statusCode).toBe(400);
    expect(json<{ error: { fields: Record<string, string> } }>(bad).error.fields.limit).toBe(
      'Limit is at least 1',
    );
    const manager = await call(t, {
      method: 'GET',
      url: '/user/voice/calls',
      cookie: s.staff.manager.cookie,
    });
    expect(manager.statusCode).toBe(403);
  });
});
