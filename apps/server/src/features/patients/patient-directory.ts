/**
 * Patients as several features need them (patients, health, patient-app): the clinic-scoped
 * lookup that turns another clinic's patient into "not found", and the one mapping from rows to
 * the spec's Patient shape.
 */
import { type SQL, and, asc, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import type { Patient } from '@homestretch/contract/patients/patient';
import type { Db } from '../../db/client';
import { clinics, patientTherapists, patients, users } from '../../db/schema';
import type { ClinicScope } from '../../platform/context';
import { forbidden, notFound } from '../../platform/errors';
import { NOT_TREATING_MESSAGE, mayTreatPatient } from '../../platform/permissions';
import type { CallerUser } from '../../platform/sessions';
import { prepared } from '../../platform/prepared';
import { listTeam } from '../supervisors/supervisors.api';

/**
 * A patient's columns but the search words, which only the roster search reads: a record read
 * or a roster page does not carry each patient's tsvector (bench/, issue 9).
 */
const {
  searchName: _searchName,
  sortName: _sortName,
  searchVector: _searchVector,
  ...columns
} = getTableColumns(patients);
export const patientColumns = columns;

export type PatientRow = Omit<
  typeof patients.$inferSelect,
  'searchName' | 'sortName' | 'searchVector'
>;

/** A patient of the caller's clinic, unless removed. */
export async function findClinicPatient(
  db: Db,
  scope: ClinicScope,
  patientId: number,
): Promise<PatientRow | undefined> {
  // Every read of a patient's record or data starts here.
  const [row] = await prepared(db, 'clinic_patient', (handle, name) =>
    handle
      .select(patientColumns)
      .from(patients)
      .where(
        and(
          eq(patients.id, sql.placeholder('patientId')),
          eq(patients.clinicId, sql.placeholder('clinicId')),
          ne(patients.status, 'removed'),
        ),
      )
      .limit(1)
      .prepare(name),
  ).execute({ patientId, clinicId: scope.clinicId });
  return row;
}

/** Same, or 404: another clinic's patient and a missing one look alike. */
export async function requireClinicPatient(
  db: Db,
  scope: ClinicScope,
  patientId: number,
): Promise<PatientRow> {
  const row = await findClinicPatient(db, scope, patientId);
  if (!row) {
    throw notFound('Patient');
  }
  return row;
}

/**
 * A supervisor's patients (decision 016, issue 30 item 11): those treated by a therapist of their
 * team or by one assigned to no supervisor, as their approval queue holds those therapists'
 * program changes (hep/approvals.service.ts). For a query whose patient id is `id`.
 */
export function supervisedBy(supervisorId: number, id: SQL | typeof patients.id): SQL {
  return sql`exists (select 1 from ${patientTherapists} pt join ${users} u on u.id = pt.user_id
    where pt.patient_id = ${id}
      and (u.supervisor_id = ${supervisorId} or u.supervisor_id is null))`;
}

/**
 * Whose patients the caller reads when narrower than the clinic: a supervisor with a team reads
 * their team's (and those of therapists assigned to nobody); the undefined answer is the clinic.
 */
export async function readScopeOf(
  db: Db,
  scope: ClinicScope,
  user: Pick<CallerUser, 'id' | 'role'>,
): Promise<number | undefined> {
  if (user.role !== 'supervisor') {
    return undefined;
  }
  return (await listTeam(db, scope, user.id)).length > 0 ? user.id : undefined;
}

/**
 * A patient of the caller's clinic the caller may read, or 404: a supervisor with a team reads
 * only the patients of their team (and of therapists assigned to nobody).
 */
export async function requireReadablePatient(
  db: Db,
  scope: ClinicScope,
  user: Pick<CallerUser, 'id' | 'role'>,
  patientId: number,
): Promise<PatientRow> {
  const row = await requireClinicPatient(db, scope, patientId);
  const supervisor = await readScopeOf(db, scope, user);
  if (supervisor !== undefined) {
    const [shown] = await db
      .select({ id: patients.id })
      .from(patients)
      .where(and(eq(patients.id, patientId), supervisedBy(supervisor, patients.id)))
      .limit(1);
    if (!shown) {
      throw notFound('Patient');
    }
  }
  return row;
}

/** Whether the staff member is among the patient's treating therapists, in the clinic. */
export async function isTreatingTherapist(
  db: Db,
  scope: ClinicScope,
  userId: number,
  patientId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ patientId: patientTherapists.patientId })
    .from(patientTherapists)
    .where(
      and(
        eq(patientTherapists.clinicId, scope.clinicId),
        eq(patientTherapists.patientId, patientId),
        eq(patientTherapists.userId, userId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * A patient of the caller's clinic whom the caller may give care (permissions.ts
 * mayTreatPatient): another clinic's patient is 404 as everywhere, a colleague's patient is 403
 * saying why, since the caller may read the record and so knows the patient is there.
 */
export async function requireTreatedPatient(
  db: Db,
  scope: ClinicScope,
  user: Pick<CallerUser, 'id' | 'role'>,
  patientId: number,
): Promise<PatientRow> {
  const row = await requireClinicPatient(db, scope, patientId);
  const treats = await isTreatingTherapist(db, scope, user.id, patientId);
  if (!mayTreatPatient(user, treats)) {
    throw forbidden(NOT_TREATING_MESSAGE);
  }
  return row;
}

/** The patient record behind a patient's own login (patient app). */
export async function findPatientOfUser(
  db: Db,
  userId: number,
  clinicId: number,
): Promise<PatientRow | undefined> {
  const [row] = await db
    .select(patientColumns)
    .from(patients)
    .where(
      and(
        eq(patients.userId, userId),
        eq(patients.clinicId, clinicId),
        ne(patients.status, 'removed'),
      ),
    )
    .limit(1);
  return row;
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** Rows to the spec's Patient, with their therapists and clinic code, in the order given. */
export async function toPatientDtos(db: Db, rows: PatientRow[]): Promise<Patient[]> {
  if (rows.length === 0) {
    return [];
  }
  // One round trip for both: each patient's clinic code, and a row per therapist (none: nulls).
  const links = await db
    .select({
      patientId: patients.id,
      clinicCode: clinics.code,
      therapist: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
      },
    })
    .from(patients)
    .innerJoin(clinics, eq(clinics.id, patients.clinicId))
    .leftJoin(patientTherapists, eq(patientTherapists.patientId, patients.id))
    .leftJoin(users, eq(users.id, patientTherapists.userId))
    .where(
      inArray(
        patients.id,
        rows.map((row) => row.id),
      ),
    )
    // "C": the same order of therapists on every engine.
    .orderBy(
      sql`${users.lastName} collate "C"`,
      sql`${users.firstName} collate "C"`,
      asc(users.id),
    );
  const codes = new Map(links.map((link) => [link.patientId, link.clinicCode]));
  return rows.map((row) =>
    patientDto(
      row,
      codes.get(row.id) ?? '',
      links.flatMap(({ patientId, therapist }) =>
        patientId === row.id && therapist ? [therapist] : [],
      ),
    ),
  );
}

/** A patient's treating staff as the Patient shape lists them. */
export interface TherapistOfPatient {
  id: number;
  firstName: string;
  lastName: string;
  role: (typeof users.$inferSelect)['role'];
}

/** The spec's Patient from its row, its clinic's code and its therapists (in the order given). */
export function patientDto(
  row: PatientRow,
  clinicCode: string,
  therapists: readonly TherapistOfPatient[],
): Patient {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    gender: row.gender,
    phone: row.phone,
    email: row.email,
    birthday: row.birthday,
    diagnosis: row.diagnosis,
    selected_code: row.selectedCode,
    is_rtm_covered: row.isRtmCovered,
    status: row.status,
    clinic_code: clinicCode,
    has_app_account: row.userId !== null,
    therapists: therapists.map((therapist) => ({
      id: therapist.id,
      first_name: therapist.firstName,
      last_name: therapist.lastName,
      role: therapist.role,
    })),
    onboarded_at: iso(row.onboardedAt),
    discharged_at: iso(row.dischargedAt),
    last_activity_at: iso(row.lastActivityAt),
    app_reminder_sent_at: iso(row.appReminderSentAt),
    created_at: row.createdAt.toISOString(),
  };
}

export async function toPatientDto(db: Db, row: PatientRow): Promise<Patient> {
  const [dto] = await toPatientDtos(db, [row]);
  if (!dto) {
    throw notFound('Patient');
  }
  return dto;
}
