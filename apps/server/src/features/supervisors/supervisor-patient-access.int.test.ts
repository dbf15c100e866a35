import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hepApprovalRequests, interactionLogs, patients } from '../../db/schema';
import {
  call,
  clinicWithStaff,
  createPatient,
  createUser,
  testAppForFile,
} from '../../test/harness';

/**
 * Issue 10 defect 9 (docs/decisions/016-supervisor-patient-access.md): a supervisor reads the
 * patients whose programs they approve, and leaves the treating therapist's and the front desk's
 * writes alone.
 */
const t = testAppForFile();

async function supervisedClinic() {
  const { clinic, staff } = await clinicWithStaff(t);
  const patient = await createPatient(
    t.db,
    { clinicId: clinic.id, diagnosis: 'Low back pain', selectedCode: 'M5450', isRtmCovered: false },
    [staff.therapist.user.id],
  );
  return { clinic, staff, patient };
}

describe('what a supervisor may do with patient data', () => {
  it('reads the roster and the record, diagnosis included, to judge a program', async () => {
    const { staff, patient } = await supervisedClinic();
    const cookie = staff.supervisor.cookie;
    const reads = [
      '/api/v1/patients/',
      `/api/v1/patients/${patient.id}/`,
      `/api/v1/patients/${patient.id}/log_interaction/`,
      `/api/v1/patients/${patient.id}/report/`,
      `/user/therapist/dashboard/progress/${patient.id}`,
      `/user/therapist/dashboard/functional-data/${patient.id}`,
      `/user/therapist/banners/${patient.id}`,
    ];
    for (const url of reads) {
      const answer = await call(t, { method: 'GET', url, cookie });
      expect(answer.statusCode, url).toBe(200);
    }
    const record = await call(t, { method: 'GET', url: `/api/v1/patients/${patient.id}/`, cookie });
    expect(record.json()).toMatchObject({ diagnosis: 'Low back pain', selected_code: 'M5450' });
  });

  it('reads only the patients of their team, and of therapists assigned to nobody, once given a team (decision 016, issue 30 item 11)', async () => {
    const { clinic, staff, patient } = await supervisedClinic();
    const cookie = staff.supervisor.cookie;
    const colleague = await createUser(t.db, { clinicId: clinic.id, role: 'therapist' });
    const otherSupervisor = await createUser(t.db, { clinicId: clinic.id, role: 'supervisor' });
    const theirs = await createPatient(t.db, { clinicId: clinic.id }, [colleague.id]);
    const roster = async () =>
      (
        (await call(t, { method: 'GET', url: '/api/v1/patients/?status=all', cookie })).json() as {
          results: { id: number }[];
          count: number;
        }
      ).results.map((row) => row.id);
    const read = async (patientId: number) =>
      (await call(t, { method: 'GET', url: `/api/v1/patients/${patientId}/`, cookie })).statusCode;

    // With no team, the clinic's patients.
    expect(await roster()).toEqual(expect.arrayContaining([patient.id, theirs.id]));
    expect(await read(theirs.id)).toBe(200);

    // Given the staff therapist, and the colleague given to another supervisor: the colleague's
    // patient is out of sight, as a patient of another clinic is.
    const assign = (supervisor: number, therapist: number) =>
      call(t, {
        method: 'PATCH',
        url: '/admin/clinic/update/supervisor',
        cookie: staff.admin.cookie,
        payload: { user_id: supervisor, therapist_ids: [therapist] },
      });
    expect((await assign(staff.supervisor.user.id, staff.therapist.user.id)).statusCode).toBe(200);
    expect((await assign(otherSupervisor.id, colleague.id)).statusCode).toBe(200);
    expect(await roster()).toContain(patient.id);
    expect(await roster()).not.toContain(theirs.id);
    expect(await read(patient.id)).toBe(200);
    const [request] = await t.db
      .insert(hepApprovalRequests)
      .values({ clinicId: clinic.id, patientId: theirs.id, requestedBy: colleague.id, hepData: [] })
      .returning();
    for (const url of [
      `/video/hep-approval-requests/${request!.id}/details`,
      `/video/recommendations?diagnosis_name=M54.50&onboarded_at=2026-10-01&therapist_id=${colleague.id}&patient_id=${theirs.id}`,
      `/api/v1/patients/${theirs.id}/`,
      `/api/v1/patients/${theirs.id}/log_interaction/`,
      `/user/therapist/dashboard/progress/${theirs.id}`,
      `/video/hep/therapist/${theirs.id}`,
    ]) {
      expect((await call(t, { method: 'GET', url, cookie })).statusCode, url).toBe(404);
    }
    // The administrator still reads the clinic's.
    const admin = await call(t, {
      method: 'GET',
      url: `/api/v1/patients/${theirs.id}/`,
      cookie: staff.admin.cookie,
    });
    expect(admin.statusCode).toBe(200);
  });

  it("is refused the treating therapist's and the front desk's writes, each 403 naming the action", async () => {
    const { staff, patient } = await supervisedClinic();
    const cookie = staff.supervisor.cookie;
    const id = patient.id;
    const FRONT_DESK =
      'Your role (Remote Supervisor) may not register, update, discharge or remove patients, change their RTM coverage or therapists, or send them app reminders.';
    const TREATMENT =
      'Your role (Remote Supervisor) may not onboard patients, log interactions or record functional data.';
    const writes = [
      {
        method: 'PATCH',
        url: `/clinic/patient/${id}/update-rtm-coverage`,
        payload: { is_rtm_covered: true },
        message: FRONT_DESK,
      },
      {
        method: 'POST',
        url: `/api/v1/patients/${id}/log_interaction/`,
        payload: { log: { date: '2026-11-02', notes: 'Called about the program' } },
        message: TREATMENT,
      },
      {
        method: 'POST',
        url: `/api/v1/patients/${id}/log_interaction/delete/`,
        payload: { log: 1 },
        message: TREATMENT,
      },
      {
        method: 'POST',
        url: `/api/v1/patients/${id}/onboard/`,
        payload: { diagnosis: 'x', therapists: [] },
        message: TREATMENT,
      },
      {
        method: 'PATCH',
        url: `/api/v1/patients/${id}/re_onboard/`,
        payload: { diagnosis: 'x', therapists: [] },
        message: TREATMENT,
      },
      {
        method: 'POST',
        url: `/user/therapist/dashboard/functional-data/${id}`,
        payload: { name: 'Grip', unit: 'kg', entries: [] },
        message: TREATMENT,
      },
      {
        method: 'PATCH',
        url: `/user/therapist/dashboard/functional-data/${id}`,
        payload: { datatype_id: 1, name: 'Grip' },
        message: TREATMENT,
      },
      {
        method: 'POST',
        url: '/clinic/patient/register',
        payload: { first_name: 'Walk', last_name: 'In' },
        message: FRONT_DESK,
      },
      {
        method: 'PUT',
        url: `/clinic/patient/${id}/update`,
        payload: { first_name: 'Renamed' },
        message: FRONT_DESK,
      },
      {
        method: 'PATCH',
        url: '/clinic/therapist/patient/discharged',
        payload: { patient_ids: [id] },
        message: FRONT_DESK,
      },
      {
        method: 'PATCH',
        url: `/api/v1/patients/${id}/change-therapist/`,
        payload: { therapist_ids: [staff.supervisor.user.id] },
        message: FRONT_DESK,
      },
      {
        method: 'POST',
        url: `/api/v1/patients/${id}/send_app_reminder/`,
        payload: {},
        message: FRONT_DESK,
      },
      { method: 'POST', url: `/api/v1/patients/${id}/remove/`, message: FRONT_DESK },
    ] as const;
    for (const { method, url, message, ...rest } of writes) {
      const answer = await call(t, { method, url, cookie, ...rest });
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
      expect(answer.json(), `${method} ${url}`).toEqual({ error: { code: 'forbidden', message } });
    }
    const [after] = await t.db.select().from(patients).where(eq(patients.id, id));
    expect(after).toMatchObject({ isRtmCovered: false, firstName: patient.firstName });
    expect(after?.status).toBe(patient.status);
    const logs = await t.db.select().from(interactionLogs).where(eq(interactionLogs.patientId, id));
    expect(logs).toEqual([]);
  });

  it('leaves those writes to the treating therapist', async () => {
    const { staff, patient } = await supervisedClinic();
    const covered = await call(t, {
      method: 'PATCH',
      url: `/clinic/patient/${patient.id}/update-rtm-coverage`,
      cookie: staff.therapist.cookie,
      payload: { is_rtm_covered: true },
    });
    expect(covered.statusCode).toBe(200);
    const logged = await call(t, {
      method: 'POST',
      url: `/api/v1/patients/${patient.id}/log_interaction/`,
      cookie: staff.therapist.cookie,
      payload: { log: { date: '2026-11-02', notes: 'Checked in' } },
    });
    expect(logged.statusCode).toBe(201);
  });
});

describe('the staff list as a supervisor sees it', () => {
  it('holds no account waiting for the administrator, which only the administrator decides', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const waiting = await createUser(t.db, {
      clinicId: clinic.id,
      role: 'therapist',
      approvalStatus: 'pending',
    });
    const declined = await createUser(t.db, {
      clinicId: clinic.id,
      role: 'therapist',
      approvalStatus: 'declined',
    });
    const listed = async (cookie: string) => {
      const answer = await call(t, { method: 'GET', url: '/clinic/therapist', cookie });
      expect(answer.statusCode).toBe(200);
      return answer.json() as { results: { id: number }[]; count: number };
    };
    const bySupervisor = await listed(staff.supervisor.cookie);
    const seen = bySupervisor.results.map((member) => member.id);
    expect(seen).not.toContain(waiting.id);
    expect(seen).not.toContain(declined.id);
    expect(bySupervisor.count).toBe(5);
    const byAdmin = (await listed(staff.admin.cookie)).results.map((member) => member.id);
    expect(byAdmin).toEqual(expect.arrayContaining([waiting.id, declined.id]));
  });
});
