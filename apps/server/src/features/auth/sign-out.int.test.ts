import { describe, expect, it } from 'vitest';
import { call, clinicWithStaff, testAppForFile } from '../../test/harness';

const t = testAppForFile();

/** Security finding 6: the extension token read the roster for 15 minutes after sign-out. */
describe('sign-out and the browser extension', () => {
  it("ends the extension's token with the session", async () => {
    const { staff } = await clinicWithStaff(t);
    const cookie = staff.therapist.cookie;
    const issued = await call(t, { method: 'GET', url: '/authentication/extension-token', cookie });
    const bearer = { authorization: `Bearer ${issued.json().token}` };
    const before = await call(t, { method: 'GET', url: '/api/v1/patients/', headers: bearer });
    expect(before.statusCode).toBe(200);

    const logout = await call(t, { method: 'POST', url: '/authentication/logout', cookie });
    expect(logout.statusCode).toBe(200);

    const after = await call(t, { method: 'GET', url: '/api/v1/patients/', headers: bearer });
    expect(after.statusCode).toBe(401);
  });

  it("leaves other people's extension tokens alone", async () => {
    const { staff } = await clinicWithStaff(t);
    const issued = await call(t, {
      method: 'GET',
      url: '/authentication/extension-token',
      cookie: staff.admin.cookie,
    });
    const bearer = { authorization: `Bearer ${issued.json().token}` };
    await call(t, {
      method: 'POST',
      url: '/authentication/logout',
      cookie: staff.therapist.cookie,
    });
    const still = await call(t, { method: 'GET', url: '/api/v1/patients/', headers: bearer });
    expect(still.statusCode).toBe(200);
  });
});
