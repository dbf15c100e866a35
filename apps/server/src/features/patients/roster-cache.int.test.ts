import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientTherapists, patients, sessions, users } from '../../db/schema';
import type { AppDeps } from '../../platform/context';
import { toPatientDtos } from '../../platform/patient-directory';
import { personNameColumns } from '../../platform/search-text';
import {
  type TestApp,
  call,
  clinicWithStaff,
  cookieOf,
  createPatient,
  createTestApp,
  createUser,
  TEST_PASSWORD,
} from '../../test/harness';
import { type PatientListFilter, planPatientSearch } from './patient-search';
import { listPatients } from './patients.repo';
import { type RosterCache, rosterCacheOf } from './roster-cache';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ caches: true });
});
afterAll(() => t.close());

/** The app's own roster cache: one per change feed. */
const cacheOf = (app: TestApp) => rosterCacheOf(app as unknown as AppDeps)!;

const FIRST = ['Emma', 'Olivia', 'Noah', 'José', 'Zoë', 'Liam', 'Jean-Luc'];
const LAST = ['Smith', 'Núñez', "O'Brien", 'Garcia', 'Kowalski', 'Smithers'];
const DIAGNOSES = ['Knee pain', 'Low back pain', 'Rotator cuff tear', null];
const CODES = ['M54.50', 'M25.561', 'S46.011A', null];

async function clinicWithRoster(size: number) {
  const { clinic, staff } = await clinicWithStaff(t);
  const treating = [staff.therapist.user.id, staff.remote_therapist.user.id, staff.admin.user.id];
  for (let index = 0; index < size; index += 1) {
    await createPatient(
      t.db,
      {
        clinicId: clinic.id,
        firstName: FIRST[index % FIRST.length]!,
        lastName: LAST[(index * 5) % LAST.length]!,
        phone: index % 3 === 0 ? null : `+1917555${String(1000 + index * 37).slice(-4)}`,
        email: index % 4 === 0 ? null : `${index % 5 === 0 ? 'back' : 'pat'}.${index}@mail.test`,
        diagnosis: DIAGNOSES[index % DIAGNOSES.length] ?? null,
        selectedCode: CODES[(index * 3) % CODES.length] ?? null,
        status: index % 6 === 0 ? 'discharged' : index % 13 === 0 ? 'removed' : 'active',
        isRtmCovered: index % 2 === 0,
      },
      index % 3 === 0 ? [] : [treating[index % treating.length]!],
    );
  }
  return { clinic, staff };
}

async function fromSql(clinicId: number, filter: PatientListFilter, search?: string, offset = 0) {
  const { rows, count } = await listPatients(
    t.db,
    { clinicId },
    filter,
    planPatientSearch(search),
    { limit: 25, offset },
  );
  return { results: await toPatientDtos(t.db, rows), count };
}

async function fromMemory(
  cache: RosterCache,
  clinicId: number,
  filter: PatientListFilter,
  search?: string,
  offset = 0,
) {
  const answer = await cache.list(clinicId, filter, planPatientSearch(search), {
    limit: 25,
    offset,
  });
  return answer && { results: answer.results, count: answer.count };
}

/** The first listing starts the load and is answered by SQL; wait until memory answers. */
async function loaded(cache: RosterCache, clinicId: number) {
  await expect
    .poll(() => fromMemory(cache, clinicId, { status: 'active' }), { timeout: 10_000 })
    .not.toBeNull();
}

const SEARCHES = [undefined, 'smi', 'emma smith', 'nu jo', 'obrien', 'back', 'knee', 'M54', '5551'];
const FILTERS: PatientListFilter[] = [
  { status: 'active' },
  { status: 'all', rtm: true },
  { status: 'discharged' },
];

describe('the roster cache', () => {
  it('answers every search, filter and page exactly as SQL does', async () => {
    const { clinic, staff } = await clinicWithRoster(70);
    const cache = cacheOf(t);
    await loaded(cache, clinic.id);
    const filters = [...FILTERS, { status: 'all', treatedBy: staff.therapist.user.id } as const];
    for (const search of SEARCHES) {
      for (const filter of filters) {
        for (const offset of [0, 25]) {
          expect(
            await fromMemory(cache, clinic.id, filter, search, offset),
            `${search} ${JSON.stringify(filter)} ${offset}`,
          ).toEqual(await fromSql(clinic.id, filter, search, offset));
        }
      }
    }
  });

  it('follows changes written by any path: renames, new patients, discharges, removals, therapists', async () => {
    const { clinic, staff } = await clinicWithRoster(30);
    const cache = cacheOf(t);
    await loaded(cache, clinic.id);
    const [first, second, third] = await t.db
      .select()
      .from(patients)
      .where(eq(patients.clinicId, clinic.id))
      .orderBy(patients.id)
      .limit(3);
    await t.db
      .update(patients)
      .set({
        firstName: 'Quentin',
        lastName: 'Zyskowski',
        ...personNameColumns('Quentin', 'Zyskowski'),
      })
      .where(eq(patients.id, first!.id));
    await createPatient(t.db, { clinicId: clinic.id, firstName: 'Xavier', lastName: 'Yeats' }, [
      staff.therapist.user.id,
    ]);
    await t.db.update(patients).set({ status: 'discharged' }).where(eq(patients.id, second!.id));
    await t.db.update(patients).set({ status: 'removed' }).where(eq(patients.id, third!.id));
    await t.db.delete(patientTherapists).where(eq(patientTherapists.clinicId, clinic.id));
    await t.db.insert(patientTherapists).values({
      clinicId: clinic.id,
      patientId: first!.id,
      userId: staff.remote_therapist.user.id,
    });
    await t.db
      .update(users)
      .set({ lastName: 'Renamed' })
      .where(eq(users.id, staff.remote_therapist.user.id));
    for (const search of [undefined, 'zysk', 'quentin', 'xav', 'smi']) {
      for (const filter of [
        ...FILTERS,
        { status: 'all', treatedBy: staff.therapist.user.id } as const,
      ]) {
        const expected = await fromSql(clinic.id, filter, search);
        await expect.poll(() => fromMemory(cache, clinic.id, filter, search)).toEqual(expected);
      }
    }
    const renamed = await fromMemory(cache, clinic.id, { status: 'all' }, 'quentin zyskowski');
    expect(renamed?.results[0]?.therapists).toEqual([
      expect.objectContaining({ id: staff.remote_therapist.user.id, last_name: 'Renamed' }),
    ]);
  });

  it('shows a change made through the API in the very next search', async () => {
    const { clinic, staff } = await clinicWithRoster(10);
    const cache = cacheOf(t);
    await loaded(cache, clinic.id);
    const search = (text: string) =>
      call(t, {
        method: 'GET',
        url: `/api/v1/patients/?search=${encodeURIComponent(text)}`,
        cookie: staff.therapist.cookie,
      });
    const registered = await call(t, {
      method: 'POST',
      url: '/clinic/patient/register',
      cookie: staff.therapist.cookie,
      payload: { first_name: 'Wilhelmina', last_name: 'Vanderbilt' },
    });
    expect(registered.statusCode).toBe(201);
    expect((await search('wilhelmina')).json()).toMatchObject({
      count: 1,
      results: [{ first_name: 'Wilhelmina', last_name: 'Vanderbilt' }],
    });
    const id = registered.json().id as number;
    const discharged = await call(t, {
      method: 'PATCH',
      url: '/clinic/therapist/patient/discharged',
      cookie: staff.therapist.cookie,
      payload: { patient_ids: [id] },
    });
    expect(discharged.statusCode).toBeLessThan(300);
    expect((await search('wilhelmina')).json().count).toBe(0);
  });

  it('answers nothing while the change feed is down, and starts again from the database', async () => {
    const { clinic } = await clinicWithRoster(5);
    const cache = cacheOf(t);
    await loaded(cache, clinic.id);
    const feed = t.changes as unknown as { setLive(live: boolean): void };
    feed.setLive(false);
    expect(await fromMemory(cache, clinic.id, { status: 'active' })).toBeNull();
    feed.setLive(true);
    await loaded(cache, clinic.id);
    expect(await fromMemory(cache, clinic.id, { status: 'all' })).toEqual(
      await fromSql(clinic.id, { status: 'all' }),
    );
  });
});

describe('cached sessions', () => {
  it('end at sign-out, at once', async () => {
    const { clinic } = await clinicWithStaff(t);
    const user = await createUser(t.db, { clinicId: clinic.id, role: 'therapist' });
    const signedIn = await call(t, {
      method: 'POST',
      url: '/clinic/therapist/signin',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    const cookie = cookieOf(signedIn);
    const me = () => call(t, { method: 'GET', url: '/api/v1/users/', cookie });
    expect((await me()).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(200);
    expect(
      (await call(t, { method: 'POST', url: '/authentication/logout', cookie })).statusCode,
    ).toBeLessThan(300);
    expect((await me()).statusCode).toBe(401);
  });

  it('end when the database ends them, whoever does it', async () => {
    const { staff } = await clinicWithStaff(t);
    const me = () =>
      call(t, { method: 'GET', url: '/api/v1/users/', cookie: staff.therapist.cookie });
    expect((await me()).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(200);
    await t.db.delete(sessions).where(eq(sessions.userId, staff.therapist.user.id));
    await expect.poll(async () => (await me()).statusCode).toBe(401);
  });

  it('follow a changed role', async () => {
    const { staff } = await clinicWithStaff(t);
    const me = () =>
      call(t, { method: 'GET', url: '/api/v1/users/', cookie: staff.therapist.cookie });
    const role = async () => (await me()).json().results[0].role as string;
    expect(await role()).toBe('therapist');
    expect(await role()).toBe('therapist');
    await t.db.update(users).set({ role: 'manager' }).where(eq(users.id, staff.therapist.user.id));
    await expect.poll(role).toBe('manager');
  });
});
