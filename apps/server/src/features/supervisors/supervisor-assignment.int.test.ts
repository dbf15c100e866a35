import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SupervisorApprovals } from '@homestretch/contract/hep/supervisor-approvals';
import type { SupervisorTeam } from '@homestretch/contract/supervisors/assign-supervisor';
import { auditLog, hepApprovalRequests, users } from '../../db/schema';
import {
  call,
  clinicWithStaff,
  createPatient,
  createUser,
  sessionCookie,
  testAppForFile,
} from '../../test/harness';

const t = testAppForFile();

const assign = (cookie: string, payload: unknown) =>
  call(t, {
    method: 'PATCH',
    url: '/admin/clinic/update/supervisor',
    cookie,
    payload: payload as object,
  });

async function supervisorOf(userId: number): Promise<number | null> {
  const [row] = await t.db
    .select({ supervisorId: users.supervisorId })
    .from(users)
    .where(eq(users.id, userId));
  return row?.supervisorId ?? null;
}

describe('the administrator assigns a supervisor (spec §6, PATCH /admin/clinic/update/supervisor)', () => {
  it('assigns the listed therapists, moving one from another supervisor, and audits it', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const second = await createUser(t.db, { clinicId: clinic.id, role: 'supervisor' });
    const { therapist, remote_therapist: remote, supervisor, admin } = staff;
    await t.db.update(users).set({ supervisorId: second.id }).where(eq(users.id, remote.user.id));

    const response = await assign(admin.cookie, {
      user_id: supervisor.user.id,
      therapist_ids: [therapist.user.id, remote.user.id, therapist.user.id],
    });
    expect(response.statusCode).toBe(200);
    const team = response.json() as SupervisorTeam;
    expect(team.supervisor).toMatchObject({ id: supervisor.user.id, email: supervisor.user.email });
    expect(team.therapists.map((person) => person.id).sort()).toEqual(
      [therapist.user.id, remote.user.id].sort(),
    );
    expect(team.assigned_ids.sort()).toEqual([therapist.user.id, remote.user.id].sort());
    expect(await supervisorOf(remote.user.id)).toBe(supervisor.user.id);

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'supervisor.assigned'),
          eq(auditLog.targetId, String(supervisor.user.id)),
        ),
      );
    expect(audit).toMatchObject({ clinicId: clinic.id, actorUserId: admin.user.id });
    expect(audit?.details).toMatchObject({ all_unsupervised: false });

    // Assigning again changes nothing and says so.
    const again = await assign(admin.cookie, {
      user_id: supervisor.user.id,
      therapist_ids: [therapist.user.id],
    });
    expect(again.json().assigned_ids).toEqual([]);
  });

  it('without therapist_ids, assigns every approved therapist who has no supervisor yet', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const other = await createUser(t.db, { clinicId: clinic.id, role: 'supervisor' });
    const taken = await createUser(t.db, { clinicId: clinic.id, role: 'therapist' });
    const waiting = await createUser(t.db, {
      clinicId: clinic.id,
      role: 'remote_therapist',
      approvalStatus: 'pending',
    });
    await t.db.update(users).set({ supervisorId: other.id }).where(eq(users.id, taken.id));

    const response = await assign(staff.admin.cookie, { user_id: staff.supervisor.user.id });
    expect(response.statusCode).toBe(200);
    expect((response.json() as SupervisorTeam).assigned_ids.sort()).toEqual(
      [staff.therapist.user.id, staff.remote_therapist.user.id].sort(),
    );
    expect(await supervisorOf(taken.id)).toBe(other.id);
    expect(await supervisorOf(waiting.id)).toBeNull();
    expect(await supervisorOf(staff.manager.user.id)).toBeNull();
  });

  it('answers 404 for another clinic’s supervisor or therapist, 422 for the wrong roles', async () => {
    const { staff } = await clinicWithStaff(t);
    const elsewhere = await clinicWithStaff(t);
    const admin = staff.admin.cookie;

    const foreignSupervisor = await assign(admin, { user_id: elsewhere.staff.supervisor.user.id });
    expect(foreignSupervisor.statusCode).toBe(404);
    const foreignTherapist = await assign(admin, {
      user_id: staff.supervisor.user.id,
      therapist_ids: [staff.therapist.user.id, elsewhere.staff.therapist.user.id],
    });
    expect(foreignTherapist.statusCode).toBe(404);
    expect(foreignTherapist.json().error.fields.therapist_ids).toContain(
      String(elsewhere.staff.therapist.user.id),
    );
    expect(await supervisorOf(staff.therapist.user.id)).toBeNull();

    const notSupervisor = await assign(admin, { user_id: staff.therapist.user.id });
    expect(notSupervisor.statusCode).toBe(422);
    expect(notSupervisor.json().error.fields.user_id).toMatch(/is not a supervisor/);

    const notTherapist = await assign(admin, {
      user_id: staff.supervisor.user.id,
      therapist_ids: [staff.manager.user.id],
    });
    expect(notTherapist.statusCode).toBe(422);
    expect(notTherapist.json().error.fields.therapist_ids).toMatch(/Not a therapist/);

    const bad = await assign(admin, { user_id: 'x', therapist_ids: [] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['therapist_ids', 'user_id']);
  });

  it('is the administrator’s only: every other role gets 403', async () => {
    const { staff } = await clinicWithStaff(t);
    for (const role of ['therapist', 'remote_therapist', 'manager', 'supervisor'] as const) {
      const response = await assign(staff[role].cookie, { user_id: staff.supervisor.user.id });
      expect(response.statusCode, role).toBe(403);
      expect(response.json().error.message).toMatch(/may not assign supervisors to therapists/);
    }
  });
});

describe("a supervisor's approval queue (GET /clinic/supervisor/approval)", () => {
  it('holds their team’s requests and those of therapists assigned to nobody once therapists are assigned, the whole clinic’s before', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const otherRemote = await createUser(t.db, { clinicId: clinic.id, role: 'remote_therapist' });
    const patient = await createPatient(t.db, { clinicId: clinic.id });
    const otherPatient = await createPatient(t.db, { clinicId: clinic.id });
    await t.db.insert(hepApprovalRequests).values([
      {
        clinicId: clinic.id,
        patientId: patient.id,
        requestedBy: staff.remote_therapist.user.id,
        hepData: [],
      },
      { clinicId: clinic.id, patientId: otherPatient.id, requestedBy: otherRemote.id, hepData: [] },
    ]);
    const queue = async (cookie: string) =>
      (
        await call(t, { method: 'GET', url: '/clinic/supervisor/approval', cookie })
      ).json() as SupervisorApprovals;

    const before = await queue(staff.supervisor.cookie);
    expect(before.count).toBe(2);
    expect(before.therapists.map((person) => person.id)).toContain(otherRemote.id);

    await assign(staff.admin.cookie, {
      user_id: staff.supervisor.user.id,
      therapist_ids: [staff.remote_therapist.user.id],
    });
    // The other remote PT has no supervisor: their request stays in view (issue 30, item 11),
    // where it would otherwise wait in no supervisor's queue.
    const after = await queue(staff.supervisor.cookie);
    expect(after.count).toBe(2);
    // The approval settings shown are the team's.
    expect(after.therapists.map((person) => person.id)).toEqual([staff.remote_therapist.user.id]);

    // Another supervisor with no one assigned, and the administrator, still see the clinic's.
    const unassigned = await createUser(t.db, { clinicId: clinic.id, role: 'supervisor' });
    expect((await queue(await sessionCookie(t, unassigned.id))).count).toBe(2);
    expect((await queue(staff.admin.cookie)).count).toBe(2);

    // Given to that supervisor, the other remote PT's request leaves the first one's queue.
    await assign(staff.admin.cookie, { user_id: unassigned.id, therapist_ids: [otherRemote.id] });
    const own = await queue(staff.supervisor.cookie);
    expect(own.count).toBe(1);
    expect(own.pending_count).toBe(1);
    expect(own.results.map((request) => request.patient.id)).toEqual([patient.id]);
  });
});
