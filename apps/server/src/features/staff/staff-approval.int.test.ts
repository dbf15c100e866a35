import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import {
  call,
  clinicWithStaff,
  cookieOf,
  createPatient,
  createUser,
  sessionCookie,
  signUpAndConfirm,
  testAppForFile,
  unique,
} from '../../test/harness';

const t = testAppForFile();

const PENDING_MESSAGE = "Your account is waiting for approval from your clinic's administrator.";
const DECLINED_MESSAGE =
  "Your clinic has not approved this account. Ask your clinic's administrator.";

/** Someone who read the clinic code off the patients' QR poster signs up as staff. */
async function signUpWithClinicCode(code: string, email = `${unique('poster')}@example.com`) {
  const response = await signUpAndConfirm(t, {
    email,
    password: 'a-long-passphrase',
    first_name: 'Jordan',
    last_name: 'Reyes',
    company_name: '',
    role: 'therapist',
    code,
  });
  expect(response.statusCode).toBe(201);
  return { id: response.json().user.id as number, email, cookie: cookieOf(response) };
}

const setApproval = (cookie: string, payload: Record<string, unknown>) =>
  call(t, { method: 'PATCH', url: '/clinic/therapist/approval', cookie, payload });

const get = (cookie: string, url: string) => call(t, { method: 'GET', url, cookie });

describe('staff who sign up with the clinic code wait for approval', () => {
  it('are signed in and know who they are, but read no patient until the administrator approves', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const patient = await createPatient(t.db, { clinicId: clinic.id }, [staff.therapist.user.id]);
    const newcomer = await signUpWithClinicCode(clinic.code);

    const me = await get(newcomer.cookie, '/api/v1/users/');
    expect(me.statusCode).toBe(200);
    expect(me.json().results[0]).toMatchObject({ id: newcomer.id, approval_status: 'pending' });

    for (const url of [
      '/api/v1/patients/',
      `/api/v1/patients/${patient.id}/`,
      '/clinic/therapist',
    ]) {
      const refused = await get(newcomer.cookie, url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error).toEqual({ code: 'approval_pending', message: PENDING_MESSAGE });
    }
    // What the app shell needs to show the waiting panel, and the account's own flags.
    expect((await get(newcomer.cookie, '/user/settings-info')).statusCode).toBe(200);
    expect((await get(newcomer.cookie, `/api/v1/clinics/${clinic.code}/`)).statusCode).toBe(200);
    expect((await get(newcomer.cookie, '/authentication/extension-token')).statusCode).toBe(200);
    const dismissed = await call(t, {
      method: 'PATCH',
      url: '/user/therapist/cancel-feature-notification',
      cookie: newcomer.cookie,
    });
    expect(dismissed.statusCode).toBe(200);

    // The administrator sees them first in the staff list, not yet able to treat anyone.
    const list = (await get(staff.admin.cookie, '/clinic/therapist')).json();
    expect(list.results[0]).toMatchObject({
      id: newcomer.id,
      approval_status: 'pending',
      can_treat: false,
    });
    const pickable = (await get(staff.admin.cookie, '/clinic/therapist?can_treat=true')).json();
    expect(pickable.results.map((member: { id: number }) => member.id)).not.toContain(newcomer.id);

    const approved = await setApproval(staff.admin.cookie, {
      user_id: newcomer.id,
      status: 'approved',
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      id: newcomer.id,
      approval_status: 'approved',
      can_treat: true,
      role_label: 'Staff Therapist',
    });

    // The same session now reaches the roster.
    const roster = await get(newcomer.cookie, '/api/v1/patients/');
    expect(roster.statusCode).toBe(200);
    expect(roster.json().count).toBe(1);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'staff.approval'), eq(auditLog.targetId, String(newcomer.id))),
      );
    expect(audit).toMatchObject({
      clinicId: clinic.id,
      actorUserId: staff.admin.user.id,
      targetType: 'user',
      details: { status: 'approved', previous: 'pending' },
    });
  });

  it('a declined account is signed out at once and, signing in again, is told it was declined', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const newcomer = await signUpWithClinicCode(clinic.code);
    const secondSession = await sessionCookie(t, newcomer.id);

    const declined = await setApproval(staff.admin.cookie, {
      user_id: newcomer.id,
      status: 'declined',
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ approval_status: 'declined', can_treat: false });
    for (const cookie of [newcomer.cookie, secondSession]) {
      expect((await get(cookie, '/api/v1/users/')).statusCode).toBe(401);
    }

    const signIn = await call(t, {
      method: 'POST',
      url: '/clinic/therapist/signin',
      payload: { email: newcomer.email, password: 'a-long-passphrase' },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.approval_status).toBe('declined');
    const refused = await get(cookieOf(signIn), '/api/v1/patients/');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: 'approval_declined', message: DECLINED_MESSAGE });
    const [row] = await t.db
      .select({ status: users.approvalStatus })
      .from(users)
      .where(eq(users.id, newcomer.id));
    expect(row?.status).toBe('declined');
  });

  it('keeps accounts made by trusted hands approved', async () => {
    const { staff } = await clinicWithStaff(t);
    const me = await get(staff.therapist.cookie, '/api/v1/users/');
    expect(me.json().results[0].approval_status).toBe('approved');
    expect((await get(staff.therapist.cookie, '/api/v1/patients/')).statusCode).toBe(200);
  });
});

describe('approving staff: PATCH /clinic/therapist/approval', () => {
  it('names a bad status, a bad id and unknown fields in a 400', async () => {
    const { staff } = await clinicWithStaff(t);
    const newcomer = await createUser(t.db, {
      clinicId: staff.admin.user.clinicId,
      role: 'therapist',
      approvalStatus: 'pending',
    });
    const badStatus = await setApproval(staff.admin.cookie, {
      user_id: newcomer.id,
      status: 'pending',
    });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().error.fields).toEqual({ status: 'Status is approved or declined' });
    const bad = await setApproval(staff.admin.cookie, { user_id: 'seven', role: 'admin' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['role', 'status', 'user_id']);
  });

  it('is for administrators only', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const newcomer = await createUser(t.db, {
      clinicId: clinic.id,
      role: 'therapist',
      approvalStatus: 'pending',
    });
    for (const role of ['therapist', 'remote_therapist', 'manager', 'supervisor'] as const) {
      const refused = await setApproval(staff[role].cookie, {
        user_id: newcomer.id,
        status: 'approved',
      });
      expect(refused.statusCode, role).toBe(403);
      expect(refused.json().error.code).toBe('forbidden');
    }
    // A waiting account cannot approve another one either, whatever role it chose.
    const waitingAdmin = await createUser(t.db, {
      clinicId: clinic.id,
      role: 'admin',
      approvalStatus: 'pending',
    });
    const byWaiting = await setApproval(await sessionCookie(t, waitingAdmin.id), {
      user_id: newcomer.id,
      status: 'approved',
    });
    expect(byWaiting.statusCode).toBe(403);
    expect(byWaiting.json().error.code).toBe('approval_pending');
    const anonymous = await call(t, {
      method: 'PATCH',
      url: '/clinic/therapist/approval',
      payload: { user_id: newcomer.id, status: 'approved' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("cannot reach another clinic's staff, or a patient account", async () => {
    const ours = await clinicWithStaff(t);
    const theirs = await clinicWithStaff(t);
    const theirNewcomer = await createUser(t.db, {
      clinicId: theirs.clinic.id,
      role: 'therapist',
      approvalStatus: 'pending',
    });
    const patient = await createUser(t.db, { clinicId: ours.clinic.id, role: 'patient' });
    for (const userId of [
      theirNewcomer.id,
      theirs.staff.admin.user.id,
      patient.id,
      2_000_000_000,
    ]) {
      const response = await setApproval(ours.staff.admin.cookie, {
        user_id: userId,
        status: 'declined',
      });
      expect(response.statusCode, String(userId)).toBe(404);
    }
    const [row] = await t.db
      .select({ status: users.approvalStatus })
      .from(users)
      .where(eq(users.id, theirNewcomer.id));
    expect(row?.status).toBe('pending');
    expect((await get(theirs.staff.admin.cookie, '/api/v1/users/')).statusCode).toBe(200);
  });

  it('refuses an administrator changing their own approval', async () => {
    const { staff } = await clinicWithStaff(t);
    const response = await setApproval(staff.admin.cookie, {
      user_id: staff.admin.user.id,
      status: 'declined',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('rule_violation');
    expect((await get(staff.admin.cookie, '/api/v1/patients/')).statusCode).toBe(200);
  });
});
