import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import {
  type TestApp,
  call,
  clinicWithStaff,
  createPatient,
  createTestApp,
  createUser,
} from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = (cookie: string, query = '') =>
  call(t, { method: 'GET', url: `/api/v1/patients/${query}`, cookie });
const names = (response: { json(): unknown }) =>
  (response.json() as { results: { first_name: string; last_name: string }[] }).results.map(
    (patient) => `${patient.first_name} ${patient.last_name}`,
  );

describe('the roster by therapist: GET /api/v1/patients/?therapist', () => {
  it('filters by one therapist for any staff member, office managers included', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const colleague = await createUser(t.db, { clinicId: clinic.id, role: 'remote_therapist' });
    const therapist = staff.therapist.user;
    await createPatient(t.db, { clinicId: clinic.id, firstName: 'Ida', lastName: 'Brandt' }, [
      colleague.id,
    ]);
    await createPatient(t.db, { clinicId: clinic.id, firstName: 'Oren', lastName: 'Cole' }, [
      therapist.id,
      colleague.id,
    ]);
    await createPatient(t.db, { clinicId: clinic.id, firstName: 'Tess', lastName: 'Avery' }, [
      therapist.id,
    ]);
    await createPatient(
      t.db,
      { clinicId: clinic.id, firstName: 'Vic', lastName: 'Dunn', status: 'discharged' },
      [colleague.id],
    );
    const manager = staff.manager.cookie;
    expect(names(await list(manager, `?therapist=${colleague.id}`))).toEqual([
      'Ida Brandt',
      'Oren Cole',
    ]);
    expect(names(await list(manager, `?therapist=${colleague.id}&status=all`))).toEqual([
      'Ida Brandt',
      'Oren Cole',
      'Vic Dunn',
    ]);
    expect(names(await list(manager, `?therapist=${therapist.id}&search=cole`))).toEqual([
      'Oren Cole',
    ]);
    // "My patients" and the caller's own id are the same list.
    expect(names(await list(staff.therapist.cookie, `?therapist=${therapist.id}`))).toEqual(
      names(await list(staff.therapist.cookie, '?mine=true')),
    );
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'patient.list'), eq(auditLog.actorUserId, staff.manager.user.id)),
      )
      .limit(1);
    expect(audit?.details).toMatchObject({ therapist: colleague.id });
  });

  it('refuses a therapist outside the clinic’s treating staff alike, so another clinic’s leaks nothing', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const outsider = await clinicWithStaff(t);
    await createPatient(
      t.db,
      { clinicId: outsider.clinic.id, firstName: 'Nora', lastName: 'Elsewhere' },
      [outsider.staff.therapist.user.id],
    );
    const patientUser = await createUser(t.db, { clinicId: clinic.id, role: 'patient' });
    const refusal = async (id: number | string) => {
      const response = await list(staff.manager.cookie, `?therapist=${id}`);
      expect(response.statusCode, String(id)).toBe(400);
      expect(Object.keys(response.json().error.fields), String(id)).toEqual(['therapist']);
      return response.body.replaceAll(String(id), '{id}');
    };
    const unknown = await refusal(999_999_999);
    // Another clinic's therapist answers exactly like an id nobody has: no names, no count.
    expect(await refusal(outsider.staff.therapist.user.id)).toBe(unknown);
    expect(unknown).not.toContain('Elsewhere');
    // Staff who cannot treat, and patients' logins, treat nobody.
    expect(await refusal(staff.manager.user.id)).toBe(unknown);
    expect(await refusal(patientUser.id)).toBe(unknown);

    for (const bad of ['abc', '0', '1.5', '99999999999']) {
      const response = await list(staff.therapist.cookie, `?therapist=${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().error.fields.therapist, bad).toBeDefined();
    }
    const both = await list(
      staff.therapist.cookie,
      `?mine=true&therapist=${staff.therapist.user.id}`,
    );
    expect(both.statusCode).toBe(400);
    expect(both.json().error.fields).toEqual({
      therapist: 'Choose my patients or one therapist, not both',
    });
  });
});
