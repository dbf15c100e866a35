import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, call, clinicWithStaff, createTestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('text PostgreSQL cannot store, in any request', () => {
  it('answers 400 naming the field, in a body, a query or a path, never 500', async () => {
    const { staff } = await clinicWithStaff(t);
    const cookie = staff.therapist.cookie;
    const register = await call(t, {
      method: 'POST',
      url: '/clinic/patient/register',
      cookie,
      payload: { first_name: 'Ann\u0000', last_name: 'Lee' },
    });
    expect(register.statusCode).toBe(400);
    expect(register.json().error.fields).toEqual({
      first_name: 'Contains a control character (NUL) that cannot be saved',
    });
    const search = await call(t, { method: 'GET', url: '/api/v1/patients/?search=a%00b', cookie });
    expect(search.statusCode).toBe(400);
    expect(Object.keys(search.json().error.fields)).toEqual(['search']);
    const code = await call(t, { method: 'GET', url: '/api/v1/clinics/AB%00C/', cookie });
    expect(code.statusCode).toBe(400);
  });

  it('searches past characters nobody types instead of failing on them', async () => {
    const { staff } = await clinicWithStaff(t);
    for (const search of ['a\u{10FFFF}', '\u{10FFFF}', 'jo\u200D']) {
      const response = await call(t, {
        method: 'GET',
        url: `/api/v1/patients/?search=${encodeURIComponent(search)}`,
        cookie: staff.therapist.cookie,
      });
      expect(response.statusCode, JSON.stringify(search)).toBe(200);
    }
  });
});
