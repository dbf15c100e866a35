import { describe, expect, it } from 'vitest';
import { listSignInSupervisors } from '../users/users.api';
import {
  TEST_PASSWORD,
  call,
  clinicWithStaff,
  createUser,
  testAppForFile,
} from '../../test/harness';

const t = testAppForFile();

const signIn = (code: string, password: string) =>
  call(t, { method: 'POST', url: '/clinic/supervisor/signin', payload: { code, password } });

/**
 * Security issue 28, finding 12: the clinic code is public (the patients' QR poster), so anyone
 * can sign up as a supervisor of the clinic; each such pending sign-up made every supervisor
 * sign-in hash the password once more.
 */
describe('supervisor sign-in with the clinic code', () => {
  it('checks the password against the approved supervisors only; pending sign-ups add no work', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    for (let index = 0; index < 5; index += 1) {
      await createUser(t.db, {
        clinicId: clinic.id,
        role: 'supervisor',
        approvalStatus: index === 0 ? 'declined' : 'pending',
      });
    }
    // The sign-in hashes the password once for each account of this list, and no more.
    const candidates = await listSignInSupervisors(t.db, clinic.id);
    expect(candidates.map((account) => account.user.id)).toEqual([staff.supervisor.user.id]);

    const wrong = await signIn(clinic.code, 'Not-the-password-1');
    expect(wrong.statusCode).toBe(401);
    const right = await signIn(clinic.code, TEST_PASSWORD);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ user: { id: staff.supervisor.user.id } });
  });

  it('leaves a supervisor waiting for approval to sign in by e-mail, where the waiting panel is', async () => {
    const { clinic } = await clinicWithStaff(t);
    const waiting = await createUser(t.db, {
      clinicId: clinic.id,
      role: 'supervisor',
      approvalStatus: 'pending',
    });
    const byCode = await signIn(clinic.code, 'Only-the-waiting-one-knows');
    expect(byCode.statusCode).toBe(401);
    const byEmail = await call(t, {
      method: 'POST',
      url: '/clinic/therapist/signin',
      payload: { email: waiting.email, password: TEST_PASSWORD },
    });
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json()).toMatchObject({ user: { id: waiting.id } });
  });
});
