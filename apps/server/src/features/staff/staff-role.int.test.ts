import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import {
  call,
  clinicWithStaff,
  createPatient,
  createUser,
  testAppForFile,
} from '../../test/harness';

const t = testAppForFile();

const changeRole = (cookie: string, userId: number | string, payload: unknown) =>
  call(t, {
    method: 'PATCH',
    url: `/clinic/staff/${userId}/role`,
    cookie,
    payload: payload as object,
  });

describe("a supervisor or the administrator changes a staff member's role (spec §6)", () => {
  it('changes it at once: the next request of the person is judged by the new role', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const { therapist, supervisor } = staff;
    const patient = await createPatient(t.db, { clinicId: clinic.id });
    const record = () =>
      call(t, { method: 'GET', url: `/api/v1/patients/${patient.id}/`, cookie: therapist.cookie });
    expect((await record()).statusCode).toBe(200);

    const response = await changeRole(supervisor.cookie, therapist.user.id, { role: 'manager' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: therapist.user.id,
      role: 'manager',
      role_label: 'Office Manager',
      can_treat: false,
    });
    // Same session, new role: an office manager may not open the record.
    expect((await record()).statusCode).toBe(403);
    const me = await call(t, { method: 'GET', url: '/api/v1/users/', cookie: therapist.cookie });
    expect(me.json().results[0].role).toBe('manager');

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'staff.role_changed'),
          eq(auditLog.targetId, String(therapist.user.id)),
        ),
      );
    expect(audit).toMatchObject({ actorUserId: supervisor.user.id, clinicId: clinic.id });
    expect(audit?.details).toEqual({ role: 'manager', previous: 'therapist' });
  });

  it('lets the administrator make an office manager a Remote PT, and leaves a supervisor’s team on becoming a manager', async () => {
    const { staff } = await clinicWithStaff(t);
    const promoted = await changeRole(staff.admin.cookie, staff.manager.user.id, {
      role: 'remote_therapist',
    });
    expect(promoted.json()).toMatchObject({ role: 'remote_therapist', can_treat: true });

    await t.db
      .update(users)
      .set({ supervisorId: staff.supervisor.user.id })
      .where(eq(users.id, staff.remote_therapist.user.id));
    const demoted = await changeRole(staff.admin.cookie, staff.remote_therapist.user.id, {
      role: 'manager',
    });
    expect(demoted.json()).toMatchObject({ role: 'manager', supervisor_id: null });
  });

  it('refuses a therapist who still treats active patients becoming an office manager (422)', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    await createPatient(t.db, { clinicId: clinic.id }, [staff.therapist.user.id]);
    const response = await changeRole(staff.admin.cookie, staff.therapist.user.id, {
      role: 'manager',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toMatch(
      /still treats 1 active patient: change their therapist first/,
    );
  });

  it('never changes one’s own role, an administrator’s or a supervisor’s, nor gives those roles', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const secondAdmin = await createUser(t.db, { clinicId: clinic.id, role: 'admin' });
    const self = await changeRole(staff.supervisor.cookie, staff.supervisor.user.id, {
      role: 'therapist',
    });
    expect(self.statusCode).toBe(422);
    for (const target of [secondAdmin.id, staff.supervisor.user.id]) {
      const response = await changeRole(staff.admin.cookie, target, { role: 'therapist' });
      expect(response.statusCode).toBe(422);
      expect(response.json().error.message).toMatch(/cannot be changed here/);
    }
    for (const role of ['admin', 'supervisor', 'patient', 'boss']) {
      const response = await changeRole(staff.admin.cookie, staff.therapist.user.id, { role });
      expect(response.statusCode, role).toBe(400);
      expect(Object.keys(response.json().error.fields)).toEqual(['role']);
    }
    const badId = await changeRole(staff.admin.cookie, 'abc', { role: 'therapist' });
    expect(badId.statusCode).toBe(400);
  });

  it('answers 404 for another clinic’s account, a patient, or a waiting account a supervisor does not see', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const elsewhere = await clinicWithStaff(t);
    const patient = await createUser(t.db, { clinicId: clinic.id, role: 'patient' });
    const waiting = await createUser(t.db, {
      clinicId: clinic.id,
      role: 'therapist',
      approvalStatus: 'pending',
    });
    for (const target of [elsewhere.staff.therapist.user.id, patient.id, 999_999_999]) {
      expect((await changeRole(staff.admin.cookie, target, { role: 'manager' })).statusCode).toBe(
        404,
      );
    }
    expect(
      (await changeRole(staff.supervisor.cookie, waiting.id, { role: 'manager' })).statusCode,
    ).toBe(404);
    expect((await changeRole(staff.admin.cookie, waiting.id, { role: 'manager' })).statusCode).toBe(
      200,
    );
  });

  it('is refused (403) to therapists, remote PTs and office managers', async () => {
    const { staff } = await clinicWithStaff(t);
    for (const role of ['therapist', 'remote_therapist', 'manager'] as const) {
      const target =
        role === 'therapist' ? staff.remote_therapist.user.id : staff.therapist.user.id;
      const response = await changeRole(staff[role].cookie, target, { role: 'manager' });
      expect(response.statusCode, role).toBe(403);
      expect(response.json().error.message).toMatch(/may not change a user's role/);
    }
  });
});
