import { describe, expect, it } from 'vitest';
import { call, clinicWithStaff, testAppForFile } from '../test/harness';
import { INVALID_UTF8_MESSAGE, MALFORMED_TEXT_MESSAGE, TOO_DEEP_MESSAGE } from './storable-text';

const t = testAppForFile();

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
    const broken = await call(t, { method: 'GET', url: '/api/v1/clinics/AB%FF/', cookie });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe('bad_request');
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

  it('refuses a lone surrogate with 400 naming the field, never storing U+FFFD', async () => {
    const { staff } = await clinicWithStaff(t);
    const response = await call(t, {
      method: 'POST',
      url: '/clinic/patient/register',
      cookie: staff.therapist.cookie,
      headers: { 'content-type': 'application/json' },
      payload: '{"first_name":"Ann\\ud800","last_name":"Lee"}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ first_name: MALFORMED_TEXT_MESSAGE });
  });

  it('refuses a body that is not UTF-8 with 400', async () => {
    const { staff } = await clinicWithStaff(t);
    const response = await call(t, {
      method: 'POST',
      url: '/clinic/patient/register',
      cookie: staff.therapist.cookie,
      headers: { 'content-type': 'application/json' },
      payload: Buffer.concat([
        Buffer.from('{"first_name":"Ann'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('","last_name":"Lee"}'),
      ]),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'bad_request',
      message: INVALID_UTF8_MESSAGE,
    });
  });

  it('refuses JSON nested 2,000 levels deep with 400, signed out on sign-in too', async () => {
    const deep = `{"email":"a@b.test","password":${'['.repeat(2000)}${']'.repeat(2000)}}`;
    const response = await call(t, {
      method: 'POST',
      url: '/clinic/therapist/signin',
      headers: { 'content-type': 'application/json' },
      payload: deep,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'bad_request', message: TOO_DEEP_MESSAGE });
  });
});
