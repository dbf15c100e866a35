import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { refreshAccountSearch } from '../users/users.api';
import {
  call,
  clinicWithStaff,
  createPatient,
  createUser,
  sessionCookie,
  signUpAndConfirm,
  testAppForFile,
  unique,
} from '../../test/harness';

const t = testAppForFile();

const list = (cookie: string, query = '') =>
  call(t, { method: 'GET', url: `/clinic/therapist${query}`, cookie });

interface Listed {
  id: number;
  first_name: string;
  last_name: string;
  role: string;
  can_treat: boolean;
  approval_status: string;
}

/** The page's members and the count, as the administrator's list shows them. */
async function listed(cookie: string, query = ''): Promise<{ results: Listed[]; count: number }> {
  const response = await list(cookie, query);
  expect(response.statusCode, query).toBe(200);
  return response.json();
}

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

  it('pages a large staff 25 at a time, by last name, and counts every member', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    // 30 more therapists named so that their order is known: 5 + 30 = 35 members, two pages.
    const hired = [];
    for (let i = 0; i < 30; i += 1) {
      hired.push(
        await createUser(t.db, {
          clinicId: clinic.id,
          role: 'therapist',
          firstName: 'Alex',
          lastName: `Aaron ${String(i).padStart(2, '0')}`,
        }),
      );
    }
    const first = await listed(staff.admin.cookie);
    const second = await listed(staff.admin.cookie, '?page=2');
    expect(first.count).toBe(35);
    expect(second.count).toBe(35);
    expect(first.results).toHaveLength(25);
    expect(second.results).toHaveLength(10);
    const ids = [...first.results, ...second.results].map((member) => member.id);
    expect(new Set(ids).size).toBe(35);
    expect(ids.slice(0, 30)).toEqual(hired.map((user) => user.id));
    expect(ids).toContain(staff.supervisor.user.id);
    const past = await listed(staff.admin.cookie, '?page=3');
    expect(past).toEqual({ results: [], count: 35 });
    // A filter counts its own matches, across pages too.
    const treating = await listed(staff.admin.cookie, '?can_treat=true&page=2');
    expect(treating.count).toBe(33);
    expect(treating.results).toHaveLength(8);
  });

  it('finds Łukasz by "lukasz": accents typed plainly, any word start, either order', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const lukasz = await createUser(t.db, {
      clinicId: clinic.id,
      role: 'therapist',
      firstName: 'Łukasz',
      lastName: 'Ćwikła-Øre',
    });
    await createUser(t.db, {
      clinicId: clinic.id,
      role: 'therapist',
      firstName: 'Joann',
      lastName: 'Kasz',
    });
    const found = async (search: string) =>
      (await listed(staff.manager.cookie, `?search=${encodeURIComponent(search)}`)).results.map(
        (member) => member.id,
      );
    for (const search of ['lukasz', 'LUKASZ', 'cwikla luk', 'ore', 'Łukasz Ćwikła', 'luk cw']) {
      expect(await found(search), search).toEqual([lukasz.id]);
    }
    // A word's start, not its middle; every word must match.
    expect(await found('ukasz')).toEqual([]);
    expect(await found('lukasz joann')).toEqual([]);
    // The e-mail is searched as text, not as a LIKE pattern: "t_st" is in no address here, though
    // as a pattern it would match the "test" of every one.
    expect(await found('t_st')).toEqual([]);
  });

  it('finds a member who signed up with the clinic code by their name', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const email = `${unique('signup')}@example.com`;
    const signedUp = await signUpAndConfirm(t, {
      email,
      password: 'a-long-passphrase',
      first_name: 'Søren',
      last_name: 'Kierkegård',
      company_name: '',
      role: 'therapist',
      code: clinic.code,
    });
    expect(signedUp.statusCode).toBe(201);
    const search = (words: string) =>
      listed(staff.admin.cookie, `?search=${encodeURIComponent(words)}`);
    expect((await search('soren kierkegard')).results).toMatchObject([
      { id: signedUp.json().user.id, approval_status: 'pending', can_treat: false },
    ]);
  });

  it('finds accounts made before their search words were stored once the server fills them', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const older = await createUser(t.db, {
      clinicId: clinic.id,
      role: 'therapist',
      firstName: 'Ōtani',
      lastName: 'Þórsdóttir',
    });
    // What migration 0016 leaves on every existing account.
    await t.db.update(users).set({ searchName: null, sortName: '' }).where(eq(users.id, older.id));
    const search = `?search=${encodeURIComponent('otani thorsdottir')}`;
    expect((await listed(staff.admin.cookie, search)).count).toBe(0);
    expect(await refreshAccountSearch(t.db)).toBeGreaterThanOrEqual(1);
    expect((await listed(staff.admin.cookie, search)).results.map((member) => member.id)).toEqual([
      older.id,
    ]);
    expect((await listed(staff.admin.cookie)).results.at(-1)?.id).toBe(older.id);
  });

  it('filters who can treat: a treating role, approved', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const waiting = await createUser(t.db, {
      clinicId: clinic.id,
      role: 'therapist',
      approvalStatus: 'pending',
    });
    const ids = async (query: string) =>
      (await listed(staff.admin.cookie, query)).results.map((member) => member.id).sort();
    const byId = (...users: { id: number }[]) => users.map((user) => user.id).sort();
    expect(await ids('?can_treat=true')).toEqual(
      byId(staff.admin.user, staff.therapist.user, staff.remote_therapist.user),
    );
    expect(await ids('?can_treat=false')).toEqual(
      byId(waiting, staff.manager.user, staff.supervisor.user),
    );
    expect(await ids('?can_treat=false&role=therapist')).toEqual(byId(waiting));
  });

  it('never lists another clinic’s staff, whatever the search', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const other = await clinicWithStaff(t);
    const stranger = await createUser(t.db, {
      clinicId: other.clinic.id,
      role: 'therapist',
      firstName: 'Xanthippe',
      lastName: 'Outsider',
    });
    await createUser(t.db, { clinicId: clinic.id, role: 'therapist', lastName: 'Insider' });
    expect(await listed(staff.admin.cookie, '?search=xanthippe')).toEqual({
      results: [],
      count: 0,
    });
    expect(
      await listed(staff.admin.cookie, `?search=${encodeURIComponent(stranger.email)}`),
    ).toEqual({ results: [], count: 0 });
    const everyone = await listed(staff.admin.cookie);
    expect(everyone.count).toBe(6);
    expect(everyone.results.map((member) => member.id)).not.toContain(stranger.id);
    const theirs = await listed(other.staff.admin.cookie, '?search=xanthippe');
    expect(theirs.results.map((member) => member.id)).toEqual([stranger.id]);
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
