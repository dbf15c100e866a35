import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createClinic, createPatient, createUser, testAppForFile, unique } from '../test/harness';

const t = testAppForFile();

/** The database's own words for a refused statement (drizzle wraps them as the cause). */
function failureOf(statement: Promise<unknown>): Promise<string> {
  return statement.then(
    () => 'succeeded',
    (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
  );
}

/** Issue 8: the database holds enumerations and addresses to what the contract allows. */
describe('what the database refuses, whoever writes', () => {
  it("refuses values the contract's enumerations do not have", async () => {
    const clinic = await createClinic(t.db);
    const user = await createUser(t.db, { clinicId: clinic.id, role: 'therapist' });
    const statements = {
      users_role_check: sql`update users set role = 'janitor' where id = ${user.id}`,
      users_approval_status_check: sql`update users set approval_status = 'maybe' where id = ${user.id}`,
      users_email_lower_check: sql`update users set email = ${`${unique('Upper')}@Example.com`} where id = ${user.id}`,
      sessions_kind_check: sql`insert into sessions (id_hash, user_id, kind, expires_at) values (${unique('s')}, ${user.id}, 'api', now())`,
      patients_status_check: sql`insert into patients (clinic_id, first_name, last_name, search_name, sort_name, status) values (${clinic.id}, 'A', 'B', 'a b', 'b a', 'archived')`,
      patients_gender_check: sql`insert into patients (clinic_id, first_name, last_name, search_name, sort_name, gender) values (${clinic.id}, 'A', 'B', 'a b', 'b a', 'F')`,
    };
    for (const [constraint, statement] of Object.entries(statements)) {
      expect(await failureOf(t.db.execute(statement)), constraint).toContain(constraint);
    }
  });

  it('keeps a therapist link within one clinic, whoever writes it', async () => {
    const clinic = await createClinic(t.db);
    const other = await createClinic(t.db);
    const patient = await createPatient(t.db, { clinicId: clinic.id });
    const stranger = await createUser(t.db, { clinicId: other.id, role: 'therapist' });
    const ours = await createUser(t.db, { clinicId: clinic.id, role: 'therapist' });
    const link = (clinicId: number, userId: number) =>
      t.db.execute(
        sql`insert into patient_therapists (clinic_id, patient_id, user_id) values (${clinicId}, ${patient.id}, ${userId})`,
      );
    expect(await failureOf(link(clinic.id, stranger.id))).toContain('patient_therapists_user_fk');
    expect(await failureOf(link(other.id, stranger.id))).toContain('patient_therapists_patient_fk');
    expect(await failureOf(link(clinic.id, ours.id))).toBe('succeeded');
  });

  it("refuses a second measure of a patient's with the same name in any case", async () => {
    const clinic = await createClinic(t.db);
    const patient = await createPatient(t.db, { clinicId: clinic.id });
    const measure = (name: string) =>
      t.db.execute(
        sql`insert into functional_data_types (clinic_id, patient_id, name) values (${clinic.id}, ${patient.id}, ${name})`,
      );
    expect(await failureOf(measure('Knee flexion'))).toBe('succeeded');
    expect(await failureOf(measure('KNEE FLEXION'))).toContain(
      'functional_data_types_patient_name_key',
    );
  });
});
