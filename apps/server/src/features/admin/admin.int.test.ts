import { describe, expect, it } from 'vitest';
import { call, testAppForFile, unique } from '../../test/harness';
import {
  AdminError,
  createClinic,
  createUser,
  generatePassword,
  resetPassword,
  setApprovalRoles,
} from './admin.service';

const t = testAppForFile();

const code = () => `A${unique('c').slice(2).replace(/-/g, '').toUpperCase()}`;

describe('admin command line', () => {
  it('creates a clinic and an account that can sign in with the printed password', async () => {
    const clinic = await createClinic(t.db, {
      code: code(),
      name: 'Summit Physical Therapy',
      time_zone: 'America/Denver',
    });
    expect(clinic.timeZone).toBe('America/Denver');
    const email = `${unique('owner')}@summit.example`;
    const created = await createUser(t.db, {
      clinic: clinic.code,
      email,
      role: 'admin',
      first_name: 'Riley',
      last_name: 'Owner',
    });
    expect(created.generated).toBe(true);
    const signIn = await call(t, {
      method: 'POST',
      url: '/clinic/therapist/signin',
      payload: { email, password: created.password },
    });
    expect(signIn.statusCode).toBe(200);
    // Whoever runs the CLI holds the database: the account needs no approval.
    expect(signIn.json().user).toMatchObject({
      role: 'admin',
      code: clinic.code,
      approval_status: 'approved',
    });

    const reset = await resetPassword(t.db, { email, password: 'an-operator-chosen-pass' });
    expect(reset.generated).toBe(false);
    const again = await call(t, {
      method: 'POST',
      url: '/clinic/therapist/signin',
      payload: { email, password: 'an-operator-chosen-pass' },
    });
    expect(again.statusCode).toBe(200);
  });

  it('names what is wrong instead of writing bad rows', async () => {
    await expect(createClinic(t.db, { code: 'x', name: '' })).rejects.toThrow(
      /--code[\s\S]*--name/,
    );
    await expect(
      createClinic(t.db, { code: code(), name: 'Somewhere', time_zone: 'Mars/Base' }),
    ).rejects.toThrow(/time zone/);
    await expect(
      createUser(t.db, {
        clinic: 'NOPE1234',
        email: 'a@b.co',
        role: 'therapist',
        first_name: 'A',
        last_name: 'B',
      }),
    ).rejects.toThrow(AdminError);
    await expect(
      createUser(t.db, {
        clinic: 'NOPE1234',
        email: 'a@b.co',
        role: 'wizard',
        first_name: 'A',
        last_name: 'B',
      }),
    ).rejects.toThrow(/--role/);
    await expect(resetPassword(t.db, { email: `${unique('ghost')}@example.com` })).rejects.toThrow(
      /No account/,
    );
  });

  it('sets whose program changes wait for a supervisor, and refuses a role that cannot treat', async () => {
    const clinic = await createClinic(t.db, { code: code(), name: 'Harbor PT' });
    expect(
      await setApprovalRoles(t.db, { clinic: clinic.code, roles: 'therapist, remote_therapist' }),
    ).toEqual({
      clinic: clinic.code,
      roles: ['therapist', 'remote_therapist'],
    });
    expect((await setApprovalRoles(t.db, { clinic: clinic.code, roles: '' })).roles).toEqual([]);
    await expect(setApprovalRoles(t.db, { clinic: clinic.code, roles: 'manager' })).rejects.toThrow(
      /--roles: Roles are therapist and remote_therapist/,
    );
    await expect(setApprovalRoles(t.db, { clinic: 'NOPE99', roles: 'therapist' })).rejects.toThrow(
      AdminError,
    );
  });

  it('generates passwords that pass the password rule and differ each time', () => {
    const first = generatePassword();
    expect(first).toMatch(/^[\w]{5}-[\w]{5}-[\w]{5}-[\w]{5}$/);
    expect(generatePassword()).not.toBe(first);
  });
});
