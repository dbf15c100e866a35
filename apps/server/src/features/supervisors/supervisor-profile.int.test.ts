import { describe, expect, it } from 'vitest';
import { createSession } from '../../platform/sessions';
import { TEST_PASSWORD, call, clinicWithStaff, testAppForFile, unique } from '../../test/harness';

const t = testAppForFile();

/** A supervisor's bearer token, as POST /clinic/supervisor/signin answers it. */
async function supervisorToken(userId: number): Promise<Record<string, string>> {
  const { token } = await createSession(t.db, {
    userId,
    kind: 'supervisor',
    now: t.clock.now(),
    lifetimeMs: 3_600_000,
  });
  return { authorization: `Bearer ${token}` };
}

const patch = (headers: Record<string, string>, payload: Record<string, string>) =>
  call(t, { method: 'PATCH', url: '/clinic/supervisor', headers, payload });

/** Security finding 5: a token alone changed a supervisor's password and e-mail. */
describe("a supervisor's own e-mail and password", () => {
  it('cannot be changed without the current password', async () => {
    const { staff } = await clinicWithStaff(t);
    const bearer = await supervisorToken(staff.supervisor.user.id);
    const attempts: Record<string, string>[] = [
      { new_password: 'Taken-over-2026' },
      { supervisor_email: `${unique('attacker')}@evil.test` },
    ];
    for (const payload of attempts) {
      const response = await patch(bearer, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().error.fields)).toEqual(['current_password']);
    }
  });

  it('cannot be changed with a wrong current password', async () => {
    const { staff } = await clinicWithStaff(t);
    const bearer = await supervisorToken(staff.supervisor.user.id);
    const response = await patch(bearer, {
      new_password: 'Taken-over-2026',
      current_password: 'not-the-password',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      current_password: 'Your current password is not correct',
    });
    const email = await patch(bearer, {
      supervisor_email: `${unique('attacker')}@evil.test`,
      current_password: 'not-the-password',
    });
    expect(email.statusCode).toBe(400);
  });

  it('changes with the current password, and a new password ends the other sessions', async () => {
    const { staff } = await clinicWithStaff(t);
    const bearer = await supervisorToken(staff.supervisor.user.id);
    const other = await supervisorToken(staff.supervisor.user.id);
    const email = `${unique('supervisor')}@clinic.test`;
    const response = await patch(bearer, {
      supervisor_email: email,
      new_password: 'A-new-password-2026',
      current_password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe(email);
    const otherAfter = await call(t, { method: 'GET', url: '/api/v1/users/', headers: other });
    expect(otherAfter.statusCode).toBe(401);
    const thisAfter = await call(t, { method: 'GET', url: '/api/v1/users/', headers: bearer });
    expect(thisAfter.statusCode).toBe(200);
  });

  it('lets names change without the password, and the staff list finds the new name', async () => {
    const { staff } = await clinicWithStaff(t);
    const bearer = await supervisorToken(staff.supervisor.user.id);
    const response = await patch(bearer, { first_name: 'Zoë' });
    expect(response.statusCode).toBe(200);
    expect(response.json().first_name).toBe('Zoë');
    const found = async (search: string) =>
      (
        await call(t, {
          method: 'GET',
          url: `/clinic/therapist?search=${encodeURIComponent(search)}`,
          cookie: staff.admin.cookie,
        })
      )
        .json()
        .results.map((member: { id: number }) => member.id);
    expect(await found('zoe supervisor')).toEqual([staff.supervisor.user.id]);
    expect(await found('test supervisor')).toEqual([]);
  });
});
