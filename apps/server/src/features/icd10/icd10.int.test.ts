import { describe, expect, it } from 'vitest';
import { icd10Codes } from '../../db/schema';
import {
  call,
  clinicWithStaff,
  createUser,
  sessionCookie,
  testAppForFile,
} from '../../test/harness';
import { compareIcd10Matches, planIcd10Search, rankIcd10Match } from './icd10-search';

const t = testAppForFile();

const search = (cookie: string, query: string) =>
  call(t, { method: 'GET', url: `/api/v1/icd10_codes/${query}`, cookie });

describe('ICD-10-CM search over the full FY2026 code set', () => {
  it('finds a code as people write it, then the codes under it', async () => {
    const { staff } = await clinicWithStaff(t);
    const response = await search(staff.therapist.cookie, '?search=m54.5');
    expect(response.statusCode).toBe(200);
    expect(response.json().count).toBe(4);
    expect(response.json().results).toEqual([
      { code: 'M545', display_code: 'M54.5', description: 'Low back pain', billable: false },
      {
        code: 'M5450',
        display_code: 'M54.50',
        description: 'Low back pain, unspecified',
        billable: true,
      },
      {
        code: 'M5451',
        display_code: 'M54.51',
        description: 'Vertebrogenic low back pain',
        billable: true,
      },
      { code: 'M5459', display_code: 'M54.59', description: 'Other low back pain', billable: true },
    ]);
  });

  it('puts the closest words first', async () => {
    const { staff } = await clinicWithStaff(t);
    const codes = async (query: string) =>
      (await search(staff.manager.cookie, `?search=${encodeURIComponent(query)}`))
        .json()
        .results.map((row: { code: string }) => row.code);
    expect((await codes('low back pain')).slice(0, 2)).toEqual(['M545', 'M5450']);
    expect((await codes('cervicalgia'))[0]).toBe('M542');
    expect((await codes('adhesive capsulitis left shoulder'))[0]).toBe('M7502');
  });

  it('orders exactly as the ranking rule does, on the real code set', async () => {
    const { staff } = await clinicWithStaff(t);
    const all = await t.db.select().from(icd10Codes);
    expect(all.length).toBeGreaterThanOrEqual(98_186);
    for (const query of ['knee pain', 'S83.2', 'rotator cuff tear', 'sprain ankle left', 'ache']) {
      const plan = planIcd10Search(query);
      if (!plan) {
        throw new Error('blank');
      }
      const matching = all.filter((row) => rankIcd10Match(plan, row) !== null);
      const expected = matching
        .sort((a, b) => compareIcd10Matches(plan, a, b))
        .slice(25, 50)
        .map((row) => row.code);
      const response = await search(
        staff.therapist.cookie,
        `?search=${encodeURIComponent(query)}&page=2`,
      );
      expect(response.json().count, query).toBe(matching.length);
      expect(
        response.json().results.map((row: { code: string }) => row.code),
        query,
      ).toEqual(expected);
    }
  });

  it('lists codes in order without a search, and answers nothing for no match', async () => {
    const { staff } = await clinicWithStaff(t);
    const browse = await search(staff.therapist.cookie, '');
    expect(browse.json().results[0].code).toBe('A00');
    expect(browse.json().results).toHaveLength(25);
    const none = await search(staff.therapist.cookie, '?search=zzqqxx');
    expect(none.json()).toEqual({ results: [], count: 0 });
  });

  it('names bad parameters and is for staff only', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const bad = await search(staff.therapist.cookie, `?page=0&search=${'a'.repeat(101)}`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['page', 'search']);
    expect((await call(t, { method: 'GET', url: '/api/v1/icd10_codes/' })).statusCode).toBe(401);
    const patient = await createUser(t.db, { clinicId: clinic.id, role: 'patient' });
    expect((await search(await sessionCookie(t, patient.id), '?search=pain')).statusCode).toBe(403);
  });
});
