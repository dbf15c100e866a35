import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema';
import { call, clinicWithStaff, createPatient, testAppForFile, unique } from '../test/harness';

/** Security finding 9: gaps in the audit trail. */
const t = testAppForFile();

async function rowsOf(actorUserId: number, action: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorUserId, actorUserId), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id));
}

/** The database's own words for a refused statement (drizzle wraps them as the cause). */
function failureOf(statement: Promise<unknown>): Promise<string> {
  return statement.then(
    () => 'succeeded',
    (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
  );
}

/** onResponse runs after the answer left: wait for its row. */
async function eventually<T>(read: () => Promise<T[]>): Promise<T[]> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const rows = await read();
    if (rows.length > 0) {
      return rows;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return read();
}

describe('the audit trail', () => {
  it("records a reach for another clinic's patient (404) and a role's reach past its rights (403)", async () => {
    const own = await clinicWithStaff(t);
    const other = await clinicWithStaff(t);
    const patient = await createPatient(t.db, { clinicId: other.clinic.id });
    const probe = await call(t, {
      method: 'GET',
      url: `/api/v1/patients/${patient.id}/`,
      cookie: own.staff.therapist.cookie,
    });
    expect(probe.statusCode).toBe(404);
    const [refused] = await eventually(() => rowsOf(own.staff.therapist.user.id, 'access.refused'));
    expect(refused).toMatchObject({
      clinicId: own.clinic.id,
      patientId: patient.id,
      details: { action: 'patients.record', status: 404, method: 'GET' },
    });

    const ownPatient = await createPatient(t.db, { clinicId: own.clinic.id });
    const manager = await call(t, {
      method: 'GET',
      url: `/api/v1/patients/${ownPatient.id}/`,
      cookie: own.staff.manager.cookie,
    });
    expect(manager.statusCode).toBe(403);
    const [forbidden] = await eventually(() => rowsOf(own.staff.manager.user.id, 'access.refused'));
    expect(forbidden).toMatchObject({
      patientId: ownPatient.id,
      details: { action: 'patients.record', status: 403 },
    });
  });

  it('records what a roster view searched for and which patients it showed', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const lastName = `Audited${unique('x')
      .slice(2)
      .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'a')}`;
    const patient = await createPatient(t.db, { clinicId: clinic.id, lastName });
    const response = await call(t, {
      method: 'GET',
      url: `/api/v1/patients/?search=${encodeURIComponent(lastName)}`,
      cookie: staff.therapist.cookie,
    });
    expect(response.json().count).toBe(1);
    const [row] = await rowsOf(staff.therapist.user.id, 'patient.list');
    expect(row?.details).toMatchObject({ search: lastName, patient_ids: [patient.id] });
  });

  it('cannot be rewritten or removed, whoever asks the database', async () => {
    const { staff } = await clinicWithStaff(t);
    await call(t, { method: 'GET', url: '/api/v1/patients/', cookie: staff.admin.cookie });
    const [row] = await rowsOf(staff.admin.user.id, 'patient.list');
    expect(row).toBeDefined();
    const id = row?.id ?? 0;
    for (const statement of [
      sql`update audit_log set action = 'nothing' where id = ${id}`,
      sql`delete from audit_log where id = ${id}`,
      sql`truncate audit_log`,
    ]) {
      expect(await failureOf(t.db.execute(statement))).toMatch(/audit_log is append-only/);
    }
    const [still] = await t.db.select().from(auditLog).where(eq(auditLog.id, id));
    expect(still?.action).toBe('patient.list');
  });
});
