import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { eq } from 'drizzle-orm';
import {
  type TestApp,
  call,
  clinicWithStaff,
  createPatient,
  createTestApp,
  createUser,
  sessionCookie,
} from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = (cookie: string, query = '') =>
  call(t, { method: 'GET', url: `/clinic/therapist${query}`, cookie });

describe('the clinic’s staff: GET /clinic/therapist', () => {
  it('lists the clinic’s active staff by last name, with role labels and patient counts', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const outsider = await clinicWithStaff(t);
    const renee = await createUser(t.db, {
      clinicId: clinic.id,
      role: 'therapist',
      firstName: 'Renée',
      lastName: 'Ábrego',
    });
    const gone = await createUser(t.db, { clinicId: clinic.id, role: 'therapist' });
    await t.db.update(users).set({ deactivatedAt: t.clock.now() }).where(eq(users.id, gone.id));
    await createUser(t.db, { clinicId: clinic.id, role: 'patient' });
    await createPatient(t.db, { clinicId: clinic.id }, [renee.id]);
    await createPatient(t.db, { clinicId: clinic.id }, [renee.id]);
    await createPatient(t.db, { clinicId: clinic.id, status: 'discharged' }, [renee.id]);

    const response = await list(staff.manager.cookie);
    expect(response.statusCode).toBe(200);
    const { results, count } = response.json();
    expect(count).toBe(6);
    expect(results[0]).toMatchObject({
      id: renee.id,
      first_name: 'Renée',
      role: 'therapist',
      role_label: 'Staff Therapist',
      can_treat: true,
      patient_count: 2,
    });
    const ids = results.map((member: { id: number }) => member.id);
    expect(ids).not.toContain(gone.id);
    expect(ids).not.toContain(outsider.staff.therapist.user.id);
    const manager = results.find((member: { role: string }) => member.role === 'manager');
    expect(manager).toMatchObject({ role_label: 'Office Manager', can_treat: false });
  });

  it('searches names (either order, accents ignored) and e-mail; filters by role and who can treat', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    await createUser(t.db, {
      clinicId: clinic.id,
      role: 'remote_therapist',
      firstName: 'Jürgen',
      lastName: 'Müller-Lee',
    });
    const found = async (query: string) =>
      (await list(staff.therapist.cookie, query))
        .json()
        .results.map((member: { last_name: string }) => member.last_name);
    expect(await found('?search=muller%20jur')).toEqual(['Müller-Lee']);
    expect(await found('?search=lee')).toEqual(['Müller-Lee']);
    expect(await found(`?search=${encodeURIComponent(staff.supervisor.user.email)}`)).toEqual([
      staff.supervisor.user.lastName,
    ]);
    expect(await found('?role=remote_therapist')).toHaveLength(2);
    const treating = (await list(staff.therapist.cookie, '?can_treat=true')).json().results;
    expect(treating.map((member: { role: string }) => member.role).sort()).toEqual([
      'admin',
      'remote_therapist',
      'remote_therapist',
      'therapist',
    ]);
  });

  it('names bad parameters and is for staff only', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const bad = await list(staff.therapist.cookie, '?role=patient&page=zero&can_treat=perhaps');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['can_treat', 'page', 'role']);
    const patient = await createUser(t.db, { clinicId: clinic.id, role: 'patient' });
    expect((await list(await sessionCookie(t, patient.id))).statusCode).toBe(403);
    expect((await call(t, { method: 'GET', url: '/clinic/therapist' })).statusCode).toBe(401);
  });
});
