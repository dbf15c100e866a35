import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import { call, clinicWithStaff, createUser, testAppForFile } from '../../test/harness';

const t = testAppForFile();

const setAssistantKind = (cookie: string, userId: number | string, payload: unknown) =>
  call(t, {
    method: 'PATCH',
    url: `/clinic/staff/${userId}/assistant-kind`,
    cookie,
    payload: payload as object,
  });

const unassignSupervisor = (cookie: string, userId: number | string) =>
  call(t, { method: 'DELETE', url: `/clinic/staff/${userId}/supervisor`, cookie });

async function stored(userId: number) {
  const [row] = await t.db
    .select({ assistantKind: users.assistantKind, supervisorId: users.supervisorId })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

async function auditOf(action: string, userId: number) {
  return (
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(userId))))
      // In the order written: PostgreSQL answers an unordered select in any order.
      .orderBy(asc(auditLog.id))
  );
}

describe('the administrator says which clinicians are assistants (domain/rtm.md: CQ/CO)', () => {
  it('marks a remote PT an OTA, then a licensed therapist again, each change audited', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const target = staff.remote_therapist.user.id;

    const ota = await setAssistantKind(staff.admin.cookie, target, { assistant_kind: 'OTA' });
    expect(ota.statusCode).toBe(200);
    expect(ota.json()).toMatchObject({ id: target, assistant_kind: 'OTA' });
    expect(await stored(target)).toMatchObject({ assistantKind: 'OTA' });
    const list = await call(t, {
      method: 'GET',
      url: '/clinic/therapist',
      cookie: staff.admin.cookie,
    });
    expect(
      list.json().results.find((member: { id: number }) => member.id === target),
    ).toMatchObject({ assistant_kind: 'OTA' });

    const licensed = await setAssistantKind(staff.admin.cookie, target, { assistant_kind: null });
    expect(licensed.json()).toMatchObject({ assistant_kind: null });
    // Saying it again changes nothing and records nothing.
    await setAssistantKind(staff.admin.cookie, target, { assistant_kind: null });

    const audits = await auditOf('staff.assistant_kind_changed', target);
    expect(audits.map((row) => row.details)).toEqual([
      { assistant_kind: 'OTA', previous: null },
      { assistant_kind: null, previous: 'OTA' },
    ]);
    expect(audits[0]).toMatchObject({ actorUserId: staff.admin.user.id, clinicId: clinic.id });
  });

  it('names the field of a bad value (400) and refuses a role that is not a clinician’s (422)', async () => {
    const { staff } = await clinicWithStaff(t);
    for (const payload of [
      { assistant_kind: 'PT' },
      { assistant_kind: 'pta' },
      {},
      { kind: 'PTA' },
    ]) {
      const response = await setAssistantKind(staff.admin.cookie, staff.therapist.user.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().error.fields), JSON.stringify(payload)).toContain(
        Object.keys(payload)[0] === 'kind' ? 'kind' : 'assistant_kind',
      );
    }
    expect(
      (await setAssistantKind(staff.admin.cookie, 'abc', { assistant_kind: 'PTA' })).statusCode,
    ).toBe(400);
    for (const target of [staff.manager.user.id, staff.supervisor.user.id, staff.admin.user.id]) {
      const response = await setAssistantKind(staff.admin.cookie, target, {
        assistant_kind: 'PTA',
      });
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().error.fields)).toEqual(['userId']);
      expect(await stored(target)).toMatchObject({ assistantKind: null });
    }
  });

  it('answers 404 for another clinic’s account or a patient, and 403 to anyone but the administrator', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const elsewhere = await clinicWithStaff(t);
    const patient = await createUser(t.db, { clinicId: clinic.id, role: 'patient' });
    for (const target of [elsewhere.staff.therapist.user.id, patient.id]) {
      const response = await setAssistantKind(staff.admin.cookie, target, {
        assistant_kind: 'PTA',
      });
      expect(response.statusCode).toBe(404);
    }
    expect(await stored(elsewhere.staff.therapist.user.id)).toMatchObject({ assistantKind: null });
    for (const role of ['therapist', 'remote_therapist', 'manager', 'supervisor'] as const) {
      const response = await setAssistantKind(staff[role].cookie, staff.therapist.user.id, {
        assistant_kind: 'PTA',
      });
      expect(response.statusCode, role).toBe(403);
    }
  });
});

describe('the administrator leaves a therapist with no supervisor (spec §6)', () => {
  it('removes the supervisor, audited with the one they had; a second call changes nothing', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const target = staff.therapist.user.id;
    const assigned = await call(t, {
      method: 'PATCH',
      url: '/admin/clinic/update/supervisor',
      cookie: staff.admin.cookie,
      payload: { user_id: staff.supervisor.user.id, therapist_ids: [target] },
    });
    expect(assigned.statusCode).toBe(200);

    const response = await unassignSupervisor(staff.admin.cookie, target);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: target, supervisor_id: null });
    expect(await stored(target)).toMatchObject({ supervisorId: null });
    expect((await unassignSupervisor(staff.admin.cookie, target)).statusCode).toBe(200);

    const audits = await auditOf('supervisor.unassigned', target);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorUserId: staff.admin.user.id, clinicId: clinic.id });
    expect(audits[0]?.details).toEqual({ previous_supervisor_id: staff.supervisor.user.id });
  });

  it('answers 404 for another clinic’s therapist, 400 for a bad id and 403 to anyone but the administrator', async () => {
    const { staff } = await clinicWithStaff(t);
    const elsewhere = await clinicWithStaff(t);
    await t.db
      .update(users)
      .set({ supervisorId: elsewhere.staff.supervisor.user.id })
      .where(eq(users.id, elsewhere.staff.therapist.user.id));
    expect(
      (await unassignSupervisor(staff.admin.cookie, elsewhere.staff.therapist.user.id)).statusCode,
    ).toBe(404);
    expect(await stored(elsewhere.staff.therapist.user.id)).toMatchObject({
      supervisorId: elsewhere.staff.supervisor.user.id,
    });
    expect((await unassignSupervisor(staff.admin.cookie, 'abc')).statusCode).toBe(400);
    for (const role of ['therapist', 'remote_therapist', 'manager', 'supervisor'] as const) {
      const response = await unassignSupervisor(staff[role].cookie, staff.therapist.user.id);
      expect(response.statusCode, role).toBe(403);
    }
  });
});
