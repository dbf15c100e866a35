import { describe, expect, it } from 'vitest';
import {
  TEST_PASSWORD,
  call,
  clinicWithStaff,
  createClinic,
  createUser,
  testAppForFile,
} from '../../test/harness';

const t = testAppForFile({ limits: { signInPerIp: { max: 3, windowMs: 60_000 } } });

describe('extension token', () => {
  it('reads as the user for ten minutes, and cannot change anything', async () => {
    const { staff } = await clinicWithStaff(t);
    const response = await call(t, {
      method: 'GET',
      url: '/authentication/extension-token',
      cookie: staff.therapist.cookie,
    });
    expect(response.statusCode).toBe(200);
    const { token, expires_at } = response.json();
    expect(new Date(expires_at).getTime() - t.clock.now().getTime()).toBe(10 * 60_000);
    const bearer = { authorization: `Bearer ${token}` };
    const me = await call(t, { method: 'GET', url: '/api/v1/users/', headers: bearer });
    expect(me.json().results[0].id).toBe(staff.therapist.user.id);
    const change = await call(t, {
      method: 'PATCH',
      url: '/user/therapist/cancel-feature-notification',
      headers: bearer,
    });
    expect(change.statusCode).toBe(403);
    t.clock.advance(10 * 60_000 + 1);
    expect(
      (await call(t, { method: 'GET', url: '/api/v1/users/', headers: bearer })).statusCode,
    ).toBe(401);
  });

  it('needs a signed-in staff member', async () => {
    expect(
      (await call(t, { method: 'GET', url: '/authentication/extension-token' })).statusCode,
    ).toBe(401);
  });
});

describe('supervisor door (spec §6, §7)', () => {
  it('signs in with clinic code and password, answers a token, and updates only its own profile', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const response = await call(t, {
      method: 'POST',
      url: '/clinic/supervisor/signin',
      payload: { code: clinic.code.toLowerCase(), password: TEST_PASSWORD },
      remoteAddress: '10.0.0.1',
    });
    expect(response.statusCode).toBe(200);
    const { token, user } = response.json();
    expect(user.id).toBe(staff.supervisor.user.id);
    const update = await call(t, {
      method: 'PATCH',
      url: '/clinic/supervisor',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        first_name: 'Morgan',
        supervisor_email: 'Morgan.Lee@Example.com',
        current_password: TEST_PASSWORD,
      },
    });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toMatchObject({ first_name: 'Morgan', email: 'morgan.lee@example.com' });

    const asTherapist = await call(t, {
      method: 'PATCH',
      url: '/clinic/supervisor',
      cookie: staff.therapist.cookie,
      payload: { first_name: 'Nope' },
    });
    expect(asTherapist.statusCode).toBe(403);
    expect(
      (await call(t, { method: 'PATCH', url: '/clinic/supervisor', payload: { first_name: 'X' } }))
        .statusCode,
    ).toBe(401);
    const empty = await call(t, {
      method: 'PATCH',
      url: '/clinic/supervisor',
      cookie: staff.supervisor.cookie,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
  });

  it('refuses a wrong password, another clinic code and a therapist password', async () => {
    const { clinic } = await clinicWithStaff(t);
    const other = await createClinic(t.db);
    const therapist = await createUser(t.db, { clinicId: other.id, role: 'therapist' });
    void therapist;
    const attempt = (code: string, password: string) =>
      call(t, {
        method: 'POST',
        url: '/clinic/supervisor/signin',
        payload: { code, password },
        remoteAddress: '10.0.0.2',
      });
    expect((await attempt(clinic.code, 'wrong-password')).json().error.message).toBe(
      'Incorrect clinic code or password',
    );
    expect((await attempt(other.code, TEST_PASSWORD)).statusCode).toBe(401);
  });

  it('limits sign-in attempts per IP', async () => {
    const { clinic } = await clinicWithStaff(t);
    const attempt = () =>
      call(t, {
        method: 'POST',
        url: '/clinic/supervisor/signin',
        payload: { code: clinic.code, password: 'nope-nope' },
        remoteAddress: '10.9.9.9',
      });
    for (let i = 0; i < 3; i += 1) {
      expect((await attempt()).statusCode).toBe(401);
    }
    expect((await attempt()).statusCode).toBe(429);
  });
});
