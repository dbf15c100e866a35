import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, interactionLogs, voiceCalls } from '../../db/schema';
import { call, clinicWithStaff, createPatient, testAppForFile } from '../../test/harness';

const t = testAppForFile();

/** Those who log a patient's interactions treat them (permissions.ts mayTreatPatient). */
const treating = (staff: Awaited<ReturnType<typeof clinicWithStaff>>['staff']) => [
  staff.therapist.user.id,
  staff.remote_therapist.user.id,
];

const logUrl = (id: number) => `/api/v1/patients/${id}/log_interaction/`;

describe('the interaction log', () => {
  it('logs a call with its duration and voice call, lists newest first, deletes softly', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const patient = await createPatient(t.db, { clinicId: clinic.id }, treating(staff));
    const [voiceCall] = await t.db
      .insert(voiceCalls)
      .values({ clinicId: clinic.id, patientId: patient.id, userId: staff.therapist.user.id })
      .returning();
    const logged = await call(t, {
      method: 'POST',
      url: logUrl(patient.id),
      cookie: staff.therapist.cookie,
      payload: {
        log: {
          date: '2026-11-02T09:30:00-05:00',
          notes: 'Reviewed home program; knee pain down.',
          call_duration_seconds: 540,
          voice_call_id: voiceCall?.id,
        },
      },
    });
    expect(logged.statusCode).toBe(201);
    expect(logged.json()).toMatchObject({
      // In the clinic's zone (America/New_York), so the date before the T is the clinic's day.
      date: '2026-11-02T09:30:00-05:00',
      notes: 'Reviewed home program; knee pain down.',
      call_duration_seconds: 540,
      voice_call_id: voiceCall?.id,
      user_id: staff.therapist.user.id,
      user_name: `${staff.therapist.user.firstName} ${staff.therapist.user.lastName}`,
    });
    const note = await call(t, {
      method: 'POST',
      url: logUrl(patient.id),
      cookie: staff.remote_therapist.cookie,
      payload: { log: { date: '2026-11-02T12:00:00Z', notes: 'Left a voicemail.' } },
    });
    expect(note.json()).toMatchObject({ call_duration_seconds: 0, voice_call_id: null });

    const listed = await call(t, {
      method: 'GET',
      url: logUrl(patient.id),
      cookie: staff.therapist.cookie,
    });
    expect(listed.json().count).toBe(2);
    expect(listed.json().results.map((log: { log_id: number }) => log.log_id)).toEqual([
      logged.json().log_id,
      note.json().log_id,
    ]);

    // The client may send back the whole log object it shows.
    const deleted = await call(t, {
      method: 'POST',
      url: `${logUrl(patient.id)}delete/`,
      cookie: staff.therapist.cookie,
      payload: { log: note.json() },
    });
    expect(deleted.json()).toEqual({ ok: true, log_id: note.json().log_id });
    const after = await call(t, {
      method: 'GET',
      url: logUrl(patient.id),
      cookie: staff.therapist.cookie,
    });
    expect(after.json().count).toBe(1);
    const [kept] = await t.db
      .select()
      .from(interactionLogs)
      .where(eq(interactionLogs.id, note.json().log_id));
    expect(kept?.deletedAt).not.toBeNull();
    const again = await call(t, {
      method: 'POST',
      url: `${logUrl(patient.id)}delete/`,
      cookie: staff.therapist.cookie,
      payload: { log: { log_id: note.json().log_id } },
    });
    expect(again.statusCode).toBe(404);
    const audits = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.patientId, patient.id)));
    expect(audits.map((audit) => audit.action).sort()).toEqual(
      [
        'patient.interaction_deleted',
        'patient.interaction_logged',
        'patient.interaction_logged',
        'patient.interactions_read',
        'patient.interactions_read',
      ].sort(),
    );
  });

  it('takes a plain date as that day in the clinic, refusing the clinic’s tomorrow', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const patient = await createPatient(t.db, { clinicId: clinic.id }, treating(staff));
    const post = (date: string) =>
      call(t, {
        method: 'POST',
        url: logUrl(patient.id),
        cookie: staff.therapist.cookie,
        payload: { log: { date, notes: 'Seen at the front desk.' } },
      });
    // The test clock reads 10:00 on 2 November in New York; summer time ended on 1 November.
    const yesterday = await post('2026-11-01');
    expect(yesterday.statusCode).toBe(201);
    expect(yesterday.json().date).toBe('2026-11-01T00:00:00-04:00');
    expect((await post('2026-11-02')).statusCode).toBe(201);
    const tomorrow = await post('2026-11-03');
    expect(tomorrow.statusCode).toBe(400);
    expect(tomorrow.json().error.fields).toEqual({
      'log.date': 'An interaction cannot be in the future',
    });
    const impossible = await post('2026-02-30');
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().error.fields['log.date']).toMatch(/date/);
  });

  it('names bad log fields, refuses future dates and another patient’s call', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const patient = await createPatient(t.db, { clinicId: clinic.id }, treating(staff));
    const other = await createPatient(t.db, { clinicId: clinic.id }, treating(staff));
    const [otherCall] = await t.db
      .insert(voiceCalls)
      .values({ clinicId: clinic.id, patientId: other.id, userId: staff.therapist.user.id })
      .returning();
    const post = (log: Record<string, unknown>) =>
      call(t, {
        method: 'POST',
        url: logUrl(patient.id),
        cookie: staff.therapist.cookie,
        payload: { log },
      });
    const bad = await post({ date: 'yesterday', call_duration_seconds: -5, mood: 'great' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual([
      'log.call_duration_seconds',
      'log.date',
      'log.mood',
      'log.notes',
    ]);
    const future = await post({ date: '2026-11-02T16:00:00Z', notes: 'Typed ahead.' });
    expect(future.json().error.fields).toEqual({
      'log.date': 'An interaction cannot be in the future',
    });
    const foreignCall = await post({
      date: '2026-11-02T12:00:00Z',
      call_duration_seconds: 60,
      voice_call_id: otherCall?.id,
    });
    expect(foreignCall.json().error.fields['log.voice_call_id']).toBeDefined();
    const badDelete = await call(t, {
      method: 'POST',
      url: `${logUrl(patient.id)}delete/`,
      cookie: staff.therapist.cookie,
      payload: { log: { log_id: 'one' } },
    });
    expect(badDelete.json().error.fields['log.log_id']).toBeDefined();
    // Out of PostgreSQL's range: these reached it and answered 500.
    const out = await post({
      date: '0000-01-01T00:00:00Z',
      notes: 'Called.',
      voice_call_id: 3_000_000_000,
    });
    expect(out.statusCode).toBe(400);
    expect(out.json().error.fields).toEqual({
      'log.date': 'Must be from 1900-01-01 to 2100-12-31',
      'log.voice_call_id': 'Must be at most 2147483647',
    });
    const hugeDelete = await call(t, {
      method: 'POST',
      url: `${logUrl(patient.id)}delete/`,
      cookie: staff.therapist.cookie,
      payload: { log: { log_id: 3_000_000_000 } },
    });
    expect(hugeDelete.json().error.fields).toEqual({ 'log.log_id': 'Must be at most 2147483647' });
  });

  it('refuses junk that would count toward RTM: nothing said, or a call of 8 hours', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const patient = await createPatient(t.db, { clinicId: clinic.id }, treating(staff));
    const post = (log: Record<string, unknown>) =>
      call(t, {
        method: 'POST',
        url: logUrl(patient.id),
        cookie: staff.therapist.cookie,
        payload: { log },
      });
    const empty = await post({ date: '2026-11-02T12:00:00Z', notes: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({
      'log.notes': 'Write what happened, or enter the length of the call',
    });
    const marathon = await post({ date: '2026-11-02T12:00:00Z', call_duration_seconds: 30_000 });
    expect(marathon.statusCode).toBe(400);
    expect(marathon.json().error.fields).toEqual({
      'log.call_duration_seconds': 'A call is at most 3 hours',
    });
    const longest = await post({ date: '2026-11-02T12:00:00Z', call_duration_seconds: 10_800 });
    expect(longest.statusCode).toBe(201);
    const rows = await t.db
      .select({ seconds: interactionLogs.callDurationSeconds })
      .from(interactionLogs)
      .where(eq(interactionLogs.patientId, patient.id));
    expect(rows).toEqual([{ seconds: 10_800 }]);
  });

  it('is clinical: managers 403; another clinic’s patient and logs 404', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const outsider = await clinicWithStaff(t);
    const patient = await createPatient(t.db, { clinicId: clinic.id }, treating(staff));
    const log = await call(t, {
      method: 'POST',
      url: logUrl(patient.id),
      cookie: staff.therapist.cookie,
      payload: { log: { date: '2026-11-02T12:00:00Z', notes: 'Checked in.' } },
    });
    const payload = { log: { date: '2026-11-02T12:00:00Z', notes: 'Checked in.' } };
    expect(
      (
        await call(t, {
          method: 'POST',
          url: logUrl(patient.id),
          cookie: staff.manager.cookie,
          payload,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call(t, { method: 'GET', url: logUrl(patient.id), cookie: staff.manager.cookie }))
        .statusCode,
    ).toBe(403);
    for (const request of [
      { method: 'GET' as const, url: logUrl(patient.id) },
      { method: 'POST' as const, url: logUrl(patient.id), payload },
      {
        method: 'POST' as const,
        url: `${logUrl(patient.id)}delete/`,
        payload: { log: { log_id: log.json().log_id } },
      },
    ]) {
      const response = await call(t, { ...request, cookie: outsider.staff.therapist.cookie });
      expect(response.statusCode, request.url).toBe(404);
    }
    // A log id of another patient of the same clinic is not found through this patient.
    const sibling = await createPatient(t.db, { clinicId: clinic.id }, treating(staff));
    const crossed = await call(t, {
      method: 'POST',
      url: `${logUrl(sibling.id)}delete/`,
      cookie: staff.therapist.cookie,
      payload: { log: { log_id: log.json().log_id } },
    });
    expect(crossed.statusCode).toBe(404);
  });
});
