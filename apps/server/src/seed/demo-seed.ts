/**
 * The demo data set (DEMO_SEED): a clinic with one account of each role, ~40 patients with 90
 * days of health data, and a second small clinic so tenancy can be seen. Every account shares a
 * password printed in this file, so the seed must never run against real patient data.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Role } from '@homestretch/contract/common/enums';
import type { Db } from '../db/client';
import {
  clinics,
  functionalDataEntries,
  functionalDataTypes,
  healthDaily,
  healthSamples,
  interactionLogs,
  patients,
  patientTherapists,
  users,
} from '../db/schema';
import { patientSearchColumns } from '../features/patients/patients.api';
import { findClinicByCode } from '../features/clinics/clinics.api';
import { runTaskJob } from '../features/tasks/tasks.api';
import { withAccountSearch } from '../features/users/users.api';
import { hashPassword } from '../platform/passwords';
import { lastClinicDays } from './clinic-days';
import { DEMO_PATIENTS, NORTHSIDE_PATIENTS } from './demo-people';
import { PLANNING_DAYS, type PatientPlan, planPatients } from './demo-patients';
import { seedDemoCalls } from './demo-calls';
import { type PainReport, seedDemoChat } from './demo-chat';
import { seedDemoLibrary } from './demo-library';
import { seedDemoMonitoring } from './demo-monitoring';
import { seedDemoPrograms } from './demo-programs';
import { lockSeedStep } from '../platform/seed-lock';

export const DEMO_CLINIC_CODE = 'DEMO2026';
export const DEMO_CLINIC_NAME = 'Riverside Physical Therapy';
export const NORTHSIDE_CLINIC_CODE = 'NORTH01';
export const NORTHSIDE_CLINIC_NAME = 'Northside Physical Therapy';
/** Public on purpose: the demo is for trying the product. */
export const DEMO_PASSWORD = 'Demo-pass-2026';

export interface DemoAccount {
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
}

const DEMO_PATIENT_EMAIL = 'patient@demo.homestretch.test';

/** One account of each role in the demo clinic. Supervisors sign in with the clinic code instead of the e-mail (spec §6). */
export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.homestretch.test', role: 'admin', firstName: 'Sam', lastName: 'Okafor' },
  {
    email: 'therapist@demo.homestretch.test',
    role: 'therapist',
    firstName: 'Dana',
    lastName: 'Whitfield',
  },
  {
    email: 'remote@demo.homestretch.test',
    role: 'remote_therapist',
    firstName: 'Marcus',
    lastName: 'Bell',
  },
  {
    email: 'manager@demo.homestretch.test',
    role: 'manager',
    firstName: 'Priya',
    lastName: 'Raman',
  },
  {
    email: 'supervisor@demo.homestretch.test',
    role: 'supervisor',
    firstName: 'Helen',
    lastName: 'Castillo',
  },
  // The demo patient is the first of DEMO_PATIENTS.
  {
    email: DEMO_PATIENT_EMAIL,
    role: 'patient',
    firstName: 'Maria',
    lastName: 'Alvarez',
  },
] as const satisfies readonly DemoAccount[];

export const NORTHSIDE_ACCOUNTS = [
  {
    email: 'therapist@northside.homestretch.test',
    role: 'therapist',
    firstName: 'Owen',
    lastName: 'Kowalczyk',
  },
] as const satisfies readonly DemoAccount[];

type DemoRole = (typeof DEMO_ACCOUNTS)[number]['role'];

/*
 * Billing details for the billing-info screen and billing files. Fictional: the NPIs are made-up
 * 10-digit numbers with a valid NPI check digit (so format checks pass), not looked up in NPPES;
 * the 00- tax id prefix is never issued by the IRS; 555-01xx numbers are reserved for fiction.
 */
const DEMO_NPI = {
  therapist: '1922334457',
  remote: '1598760126',
  practice: '1734500287',
  northside: '1045566779',
};

const DEMO_CLINIC = {
  code: DEMO_CLINIC_CODE,
  name: DEMO_CLINIC_NAME,
  timeZone: 'America/New_York',
  initialNote:
    'Hi! This is the Homestretch support chat for Riverside Physical Therapy. Ask us anything about ' +
    'patients, programs or billing; we usually answer within one business day.',
  providerInfo: {
    first_name: 'Dana',
    last_name: 'Whitfield',
    credentials: 'PT, DPT',
    npi: DEMO_NPI.therapist,
  },
  practiceInfo: {
    name: DEMO_CLINIC_NAME,
    npi: DEMO_NPI.practice,
    tax_id: '00-1234567',
    address: {
      line1: '245 River Street, Suite 3',
      line2: '',
      city: 'Hudson',
      state: 'NY',
      zip: '12534',
    },
    phone: '+15185550100',
    place_of_service: '11',
    messaging_counts_as_interactive: false,
  },
};

const NORTHSIDE_CLINIC = {
  code: NORTHSIDE_CLINIC_CODE,
  name: NORTHSIDE_CLINIC_NAME,
  // A different zone from Riverside, so day boundaries of daily roll-ups differ between clinics.
  timeZone: 'America/Chicago',
  initialNote: 'Welcome to Homestretch support for Northside Physical Therapy.',
  providerInfo: {
    first_name: 'Owen',
    last_name: 'Kowalczyk',
    credentials: 'PT',
    npi: DEMO_NPI.northside,
  },
  practiceInfo: {
    name: NORTHSIDE_CLINIC_NAME,
    npi: DEMO_NPI.northside,
    tax_id: '00-7654321',
    address: {
      line1: '1630 Sherman Avenue',
      line2: '',
      city: 'Evanston',
      state: 'IL',
      zip: '60201',
    },
    phone: '+18475550140',
    place_of_service: '11',
    messaging_counts_as_interactive: false,
  },
};

/** Rows per insert of health samples (about 150 kB of JSON per statement). */
const SAMPLE_BATCH_ROWS = 1_000;

export interface DemoSeedResult {
  created: boolean;
  patients: number;
  samples: number;
}

function warnPublicPassword(log: (message: string) => void): void {
  const emails = [...DEMO_ACCOUNTS, ...NORTHSIDE_ACCOUNTS]
    .map((account) => account.email)
    .join(', ');
  log(
    `DEMO MODE: demo accounts exist with the public password "${DEMO_PASSWORD}" (${emails}; supervisors: ` +
      `clinic code ${DEMO_CLINIC_CODE}). Anyone who reads the source can sign in to them. ` +
      'Never enable DEMO_SEED on a server that holds real patient data.',
  );
}

type ClinicRow = typeof clinics.$inferSelect;

/**
 * The demo clinics have been using the product for a while: their patients' histories reach back
 * three months, and billing months before a clinic existed are refused.
 */
function openedLongAgo(now: Date): { createdAt: Date; billingInfoUpdatedAt: Date } {
  const at = new Date(now.getTime() - 200 * 86_400_000);
  return { createdAt: at, billingInfoUpdatedAt: at };
}

async function insertClinic(tx: Db, values: typeof clinics.$inferInsert): Promise<ClinicRow> {
  const [clinic] = await tx.insert(clinics).values(values).returning();
  if (!clinic) {
    throw new Error(`Clinic ${values.code} was not created`);
  }
  return clinic;
}

async function insertAccounts(
  tx: Db,
  clinicId: number,
  accounts: readonly DemoAccount[],
  passwordHash: string,
): Promise<Map<string, number>> {
  const rows = await tx
    .insert(users)
    .values(
      accounts.map((account) =>
        withAccountSearch({ ...account, clinicId, passwordHash, approvalStatus: 'approved' }),
      ),
    )
    .returning({ id: users.id, email: users.email });
  return new Map(rows.map((row) => [row.email, row.id]));
}

function accountId(ids: Map<string, number>, email: string): number {
  const id = ids.get(email);
  if (id === undefined) {
    throw new Error(`Demo account ${email} missing`);
  }
  return id;
}

function idOf(ids: Map<string, number>, role: DemoRole): number {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.role === role);
  return accountId(ids, account?.email ?? role);
}

/** Who looks after the patients of one clinic: the staff therapist and the remote PT. */
interface CareStaff {
  therapist: number;
  remote: number;
}

function patientIdOf(placed: readonly Placed[], lastName: string): number {
  const found = placed.find(({ plan }) => plan.row.lastName === lastName);
  if (!found) {
    throw new Error(`No demo patient ${lastName}`);
  }
  return found.patientId;
}

/** A patient's pain reports as stored, oldest first, for a demo story that quotes them. */
async function painReports(tx: Db, patientId: number): Promise<PainReport[]> {
  return tx
    .select({ at: healthSamples.recordedAt, value: healthSamples.value })
    .from(healthSamples)
    .where(and(eq(healthSamples.patientId, patientId), eq(healthSamples.metric, 'pain')))
    .orderBy(asc(healthSamples.recordedAt));
}

function therapistIds(plan: PatientPlan, staff: CareStaff): number[] {
  switch (plan.team) {
    case 'therapist':
      return [staff.therapist];
    case 'remote':
      return [staff.remote];
    case 'both':
      return [staff.therapist, staff.remote];
  }
}

/** A planned patient and the id its row received. */
interface Placed {
  plan: PatientPlan;
  patientId: number;
}

/**
 * Samples go in as one JSON parameter per batch, expanded by json_to_recordset: with Drizzle's
 * `values()` the 9 bind parameters per row made this the slowest part of the seed on PGlite
 * (the same measurement as the ICD-10 loader, icd10.ts).
 */
async function insertSamples(tx: Db, clinicId: number, placed: readonly Placed[]): Promise<number> {
  const rows = placed.flatMap(({ plan, patientId }) =>
    plan.samples.map((sample) => ({
      patient_id: patientId,
      sample_id: sample.sampleId,
      metric: sample.metric,
      recorded_at: sample.recordedAt.toISOString(),
      value: sample.value,
      secondary_value: sample.secondaryValue,
      unit: sample.unit,
    })),
  );
  for (let start = 0; start < rows.length; start += SAMPLE_BATCH_ROWS) {
    const batch = JSON.stringify(rows.slice(start, start + SAMPLE_BATCH_ROWS));
    await tx.execute(sql`
      insert into ${healthSamples}
        (clinic_id, patient_id, sample_id, metric, recorded_at, value, secondary_value, unit, source)
      select ${clinicId}, patient_id, sample_id, metric, recorded_at, value, secondary_value, unit, 'demo'
      from json_to_recordset(${batch}::json) as r(
        patient_id integer, sample_id text, metric text, recorded_at timestamptz,
        value double precision, secondary_value double precision, unit text)`);
  }
  return rows.length;
}

async function insertCalls(tx: Db, clinicId: number, placed: readonly Placed[], staff: CareStaff) {
  const rows = placed.flatMap(({ plan, patientId }) =>
    plan.calls.map((call) => ({
      clinicId,
      patientId,
      userId: staff[call.by],
      date: call.date,
      notes: call.notes,
      callDurationSeconds: call.durationSeconds,
    })),
  );
  if (rows.length > 0) {
    await tx.insert(interactionLogs).values(rows);
  }
}

async function insertMeasures(
  tx: Db,
  clinicId: number,
  placed: readonly Placed[],
  createdBy: number,
) {
  for (const { plan, patientId } of placed) {
    for (const measure of plan.measures) {
      const [type] = await tx
        .insert(functionalDataTypes)
        .values({ clinicId, patientId, name: measure.name, unit: measure.unit, createdBy })
        .returning({ id: functionalDataTypes.id });
      if (!type) {
        throw new Error('Functional data type was not created');
      }
      await tx.insert(functionalDataEntries).values(
        measure.entries.map((entry) => ({
          clinicId,
          patientId,
          datatypeId: type.id,
          createdBy,
          ...entry,
        })),
      );
    }
  }
}

/** Writes one clinic's planned patients and everything that hangs off them. */
async function insertPatients(
  tx: Db,
  clinicId: number,
  plans: readonly PatientPlan[],
  staff: CareStaff,
  patientAccount?: { userId: number; email: string },
): Promise<{ samples: number; placed: Placed[] }> {
  const rows = plans.map((plan, i) => {
    const row = {
      ...plan.row,
      clinicId,
      ...(i === 0 && patientAccount
        ? { userId: patientAccount.userId, email: patientAccount.email }
        : {}),
    };
    return { ...row, ...patientSearchColumns(row) };
  });
  const inserted = await tx
    .insert(patients)
    .values(rows)
    .returning({ id: patients.id, phone: patients.phone });
  // Matched by phone (unique in the plan) rather than trusting RETURNING to keep VALUES order.
  const idByPhone = new Map(inserted.map((row) => [row.phone, row.id]));
  const placed = plans.map((plan) => {
    const patientId = idByPhone.get(plan.row.phone ?? null);
    if (patientId === undefined) {
      throw new Error(`Patient ${plan.key} was not created`);
    }
    return { plan, patientId };
  });
  await tx
    .insert(patientTherapists)
    .values(
      placed.flatMap(({ plan, patientId }) =>
        therapistIds(plan, staff).map((userId) => ({ clinicId, patientId, userId })),
      ),
    );
  const samples = await insertSamples(tx, clinicId, placed);
  await insertCalls(tx, clinicId, placed, staff);
  await insertMeasures(tx, clinicId, placed, staff.therapist);
  return { samples, placed };
}

/**
 * Daily roll-ups of the clinics' samples in one statement; the day is the calendar day in the
 * clinic's zone (domain/rtm.md counts days there). Plain SQL that PostgreSQL 15 and PGlite share.
 */
async function rollUpDaily(tx: Db, clinicIds: readonly number[]): Promise<void> {
  const ids = sql.join(
    clinicIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await tx.execute(sql`
    insert into ${healthDaily}
      (clinic_id, patient_id, metric, day, count, sum, min, max, secondary_sum, last_value, last_recorded_at)
    select clinic_id, patient_id, metric, day, count(*), sum(value), min(value), max(value),
           sum(secondary_value), (array_agg(value order by recorded_at desc, id desc))[1], max(recorded_at)
    from (
      select s.*, (s.recorded_at at time zone c.time_zone)::date as day
      from ${healthSamples} s
      join ${clinics} c on c.id = s.clinic_id
      where s.clinic_id in (${ids})
    ) as samples
    group by clinic_id, patient_id, metric, day`);
}

async function seedRiverside(tx: Db, now: Date, passwordHash: string) {
  const clinic = await insertClinic(tx, { ...DEMO_CLINIC, ...openedLongAgo(now) });
  const ids = await insertAccounts(tx, clinic.id, DEMO_ACCOUNTS, passwordHash);
  const staff = { therapist: idOf(ids, 'therapist'), remote: idOf(ids, 'remote_therapist') };
  // spec §6: an admin assigns a supervisor to therapists; the demo's are already assigned.
  await tx
    .update(users)
    .set({ supervisorId: idOf(ids, 'supervisor') })
    .where(inArray(users.id, [staff.therapist, staff.remote]));
  await tx.update(users).set({ npi: DEMO_NPI.therapist }).where(eq(users.id, staff.therapist));
  await tx.update(users).set({ npi: DEMO_NPI.remote }).where(eq(users.id, staff.remote));
  await tx
    .update(clinics)
    .set({ supportUserId: idOf(ids, 'admin') })
    .where(eq(clinics.id, clinic.id));
  const plans = planPatients(DEMO_PATIENTS, {
    keyPrefix: 'demo',
    areaCodes: ['212', '646', '718', '917', '347'],
    firstLine: 0,
    days: lastClinicDays(clinic.timeZone, now, PLANNING_DAYS),
    now,
  });
  const { samples, placed } = await insertPatients(tx, clinic.id, plans, staff, {
    userId: idOf(ids, 'patient'),
    email: DEMO_PATIENT_EMAIL,
  });
  await seedDemoLibrary(tx, clinic.id, staff.therapist);
  await seedDemoCalls(tx, clinic.id, staff.therapist);
  await seedDemoPrograms(
    tx,
    clinic,
    placed,
    { ...staff, supervisor: idOf(ids, 'supervisor') },
    now,
  );
  await seedDemoMonitoring(tx, clinic, placed, (plan) => therapistIds(plan, staff), now);
  const maria = patientIdOf(placed, 'Alvarez');
  await seedDemoChat(
    tx,
    clinic.id,
    { maria, jose: patientIdOf(placed, 'Núñez') },
    await painReports(tx, maria),
    { ...staff, admin: idOf(ids, 'admin'), patient: idOf(ids, 'patient') },
    DEMO_CLINIC.initialNote,
    now,
  );
  return { clinicId: clinic.id, patients: plans.length, samples };
}

async function seedNorthside(tx: Db, now: Date, passwordHash: string) {
  const clinic = await insertClinic(tx, { ...NORTHSIDE_CLINIC, ...openedLongAgo(now) });
  const ids = await insertAccounts(tx, clinic.id, NORTHSIDE_ACCOUNTS, passwordHash);
  const therapist = accountId(ids, NORTHSIDE_ACCOUNTS[0].email);
  await tx.update(users).set({ npi: DEMO_NPI.northside }).where(eq(users.id, therapist));
  // Riverside uses 555-0100..0139; Northside continues from 0140.
  const plans = planPatients(NORTHSIDE_PATIENTS, {
    keyPrefix: 'north',
    areaCodes: ['312', '773'],
    firstLine: DEMO_PATIENTS.length,
    days: lastClinicDays(clinic.timeZone, now, PLANNING_DAYS),
    now,
  });
  const { samples } = await insertPatients(tx, clinic.id, plans, {
    therapist,
    remote: therapist,
  });
  return { clinicId: clinic.id, patients: plans.length, samples };
}

/**
 * Creates the demo clinics, accounts and patient data in one transaction, unless the demo clinic
 * already exists (then it changes nothing). Data is generated from fixed seeds relative to
 * `now`: the same `now` gives the same data. Logs a warning about the public password each run.
 */
export async function seedDemo(
  db: Db,
  options: { now: Date; log: (msg: string) => void },
): Promise<DemoSeedResult> {
  warnPublicPassword(options.log);
  if (await findClinicByCode(db, DEMO_CLINIC_CODE)) {
    return { created: false, patients: 0, samples: 0 };
  }
  // argon2id is slow by design: one hash for every demo account, computed outside the transaction.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const result = await db.transaction(async (tx) => {
    await lockSeedStep(tx, 'demo');
    // Checked again under the lock: another server may have seeded while this one hashed.
    if (await findClinicByCode(tx, DEMO_CLINIC_CODE)) {
      return null;
    }
    const riverside = await seedRiverside(tx, options.now, passwordHash);
    const northside = await seedNorthside(tx, options.now, passwordHash);
    await rollUpDaily(tx, [riverside.clinicId, northside.clinicId]);
    return {
      patients: riverside.patients + northside.patients,
      samples: riverside.samples + northside.samples,
    };
  });
  if (!result) {
    return { created: false, patients: 0, samples: 0 };
  }
  // The demo's tasks come from its data, as on any day the job runs (features/tasks).
  const tasks = await runTaskJob(db, options.now);
  options.log(
    `Demo seed: ${result.patients} patients, ${result.samples} health samples and ${tasks ?? 0} tasks created.`,
  );
  return { created: true, ...result };
}
