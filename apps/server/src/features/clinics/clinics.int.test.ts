import { describe, expect, it } from 'vitest';
import { call, clinicWithStaff, createClinic, testAppForFile } from '../../test/harness';

const t = testAppForFile();

describe('clinics', () => {
  it('shows staff their own clinic and answers 404 for another clinic', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const other = await createClinic(t.db);
    const own = await call(t, {
      method: 'GET',
      url: `/api/v1/clinics/${clinic.code}/`,
      cookie: staff.manager.cookie,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      code: clinic.code,
      name: clinic.name,
      time_zone: 'America/New_York',
    });
    const foreign = await call(t, {
      method: 'GET',
      url: `/api/v1/clinics/${other.code}/`,
      cookie: staff.manager.cookie,
    });
    const missing = await call(t, {
      method: 'GET',
      url: '/api/v1/clinics/NOSUCH99/',
      cookie: staff.manager.cookie,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect(
      (await call(t, { method: 'GET', url: `/api/v1/clinics/${clinic.code}/` })).statusCode,
    ).toBe(401);
  });

  it('checks a code publicly and names a malformed one', async () => {
    const clinic = await createClinic(t.db, { name: 'Harbor Rehab' });
    const valid = await call(t, {
      method: 'GET',
      url: `/clinic/check_code?code=${clinic.code.toLowerCase()}`,
    });
    expect(valid.json()).toEqual({ valid: true, clinic_name: 'Harbor Rehab' });
    const unknown = await call(t, { method: 'GET', url: '/clinic/check_code?code=ZZZ999' });
    expect(unknown.json()).toEqual({ valid: false, clinic_name: null });
    const malformed = await call(t, { method: 'GET', url: '/clinic/check_code?code=%3Cscript%3E' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields.code).toBeDefined();
    // An empty code is missing, not short.
    const empty = await call(t, { method: 'GET', url: '/clinic/check_code?code=' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ code: 'Clinic code is required' });
    const short = await call(t, { method: 'GET', url: '/clinic/check_code?code=AB' });
    expect(short.json().error.fields).toEqual({ code: 'Clinic code is too short' });
  });
});
