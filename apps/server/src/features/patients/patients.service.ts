import type { z } from 'zod';
import { PAGE_SIZE } from '@homestretch/contract/common/constants';
import { isTreatingRole } from '@homestretch/contract/common/enums';
import { pageOffset } from '@homestretch/contract/common/pagination';
import type { ChangeTherapistBodySchema } from '@homestretch/contract/patients/change-therapist';
import type {
  PatientList,
  PatientListQuerySchema,
} from '@homestretch/contract/patients/list-patients';
import type { OnboardPatientBodySchema } from '@homestretch/contract/patients/onboard-patient';
import type { Patient, PatientFieldsSchema } from '@homestretch/contract/patients/patient';
import type {
  LikelyDuplicate,
  RegisterPatientBodySchema,
} from '@homestretch/contract/patients/register-patient';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { localDate } from '../../platform/calendar';
import {
  type AuthedCtx,
  type ClinicScope,
  clinicScope,
  clinicTimeZone,
} from '../../platform/context';
import { AppError, invalidInput, notFound } from '../../platform/errors';
import {
  type PatientRow,
  readScopeOf,
  requireClinicPatient,
  requireReadablePatient,
  toPatientDto,
  toPatientDtos,
} from './patient-directory';
import { patientAsSeenBy, seesClinicalData } from '../../platform/permissions';
import { deleteUserSessions } from '../../platform/sessions';
import { type PatientListFilter, planPatientSearch } from './patient-search';
import {
  refuseClinicalWrite,
  refuseCoverageOutsideEpisode,
  refuseFutureBirthday,
} from './patient-rules';
import {
  deactivatePatientLogin,
  markDischarged,
  findClinicPatients,
  findEarlierEpisodes,
  findIcd10Code,
  findLikelyDuplicates,
  findTreatingStaff,
  findUnclaimedPatientByPhone,
  insertEndedEpisode,
  insertPatient,
  selectRosterPage,
  replaceTherapists,
  updatePatient,
} from './patients.repo';

type PatientFields = z.output<typeof PatientFieldsSchema>;

// ── Checks shared by the write paths ─────────────────────────────────────────

/**
 * A chosen ICD-10-CM code must exist and be billable (only leaf codes go on an RTM claim). Its
 * description becomes the diagnosis words when none were given.
 */
export async function checkSelectedCode(
  db: Db,
  code: string | null | undefined,
  field = 'selected_code',
): Promise<{ code: string; description: string } | null> {
  if (code === null || code === undefined) {
    return null;
  }
  const row = await findIcd10Code(db, code);
  if (!row) {
    throw invalidInput({ [field]: `${code} is not an ICD-10-CM code` });
  }
  if (!row.billable) {
    throw invalidInput({
      [field]: `${code} is a category, not a billable code: choose one of the codes under it`,
    });
  }
  return row;
}

/** Treating therapists must be active staff of this clinic who can treat (not managers). */
export async function checkTherapists(
  db: Db,
  scope: ClinicScope,
  ids: number[],
  field: string,
): Promise<number[]> {
  const found = new Set(await findTreatingStaff(db, scope, ids));
  const unknown = ids.filter((id) => !found.has(id));
  if (unknown.length > 0) {
    throw invalidInput({
      [field]: `Not a therapist of this clinic: ${unknown.join(', ')}`,
    });
  }
  return ids;
}

/** The columns a set of patient fields writes; fields left out are not touched. */
async function fieldColumns(ctx: AuthedCtx, fields: Partial<PatientFields>) {
  refuseFutureBirthday(fields.birthday, localDate(ctx.clock.now(), clinicTimeZone(ctx)));
  const code = await checkSelectedCode(ctx.db, fields.selected_code);
  const diagnosis =
    fields.diagnosis === undefined && code ? code.description : (fields.diagnosis ?? undefined);
  return {
    ...(fields.first_name !== undefined && fields.last_name !== undefined
      ? {
          firstName: fields.first_name,
          lastName: fields.last_name,
        }
      : {}),
    ...(fields.gender !== undefined ? { gender: fields.gender } : {}),
    ...(fields.phone !== undefined ? { phone: fields.phone } : {}),
    ...(fields.email !== undefined ? { email: fields.email } : {}),
    ...(fields.birthday !== undefined ? { birthday: fields.birthday } : {}),
    ...(diagnosis !== undefined ? { diagnosis: diagnosis === '' ? null : diagnosis } : {}),
    ...(fields.selected_code !== undefined ? { selectedCode: fields.selected_code } : {}),
    ...(fields.is_rtm_covered !== undefined ? { isRtmCovered: fields.is_rtm_covered } : {}),
  };
}

function actor(ctx: AuthedCtx, scope: ClinicScope) {
  return { clinicId: scope.clinicId, actorUserId: ctx.caller.user.id };
}

/** A patient answer as the caller may see it (permissions.ts: no clinical fields at the desk). */
function shown(ctx: AuthedCtx, patient: Patient): Patient {
  return patientAsSeenBy(ctx.caller.user, patient);
}

// ── The roster ───────────────────────────────────────────────────────────────

/**
 * Whose patients the roster shows: the caller's ("my patients") or one treating staff member's.
 * A therapist id is checked against the clinic's treating staff, so a stale or mistyped id gets
 * a 400 rather than an empty page that would read as "this therapist has no patients".
 */
async function rosterTherapist(
  ctx: AuthedCtx,
  scope: ClinicScope,
  query: z.output<typeof PatientListQuerySchema>,
): Promise<number | undefined> {
  if (query.therapist === undefined) {
    return query.mine ? ctx.caller.user.id : undefined;
  }
  if (query.mine) {
    throw invalidInput({ therapist: 'Choose my patients or one therapist, not both' });
  }
  await checkTherapists(ctx.db, scope, [query.therapist], 'therapist');
  return query.therapist;
}

/**
 * The clinic's roster, one page of 25, searched and filtered (spec §7 GET /api/v1/patients/).
 * Audited as one read listing the patients shown.
 */
export async function findPatients(
  ctx: AuthedCtx,
  query: z.output<typeof PatientListQuerySchema>,
): Promise<PatientList> {
  const scope = clinicScope(ctx);
  const clinical = seesClinicalData(ctx.caller.user);
  const plan = planPatientSearch(query.search, { clinical });
  const [treatedBy, supervisor] = await Promise.all([
    rosterTherapist(ctx, scope, query),
    readScopeOf(ctx.db, scope, ctx.caller.user),
  ]);
  const filter: PatientListFilter = {
    status: query.status,
    ...(treatedBy !== undefined ? { treatedBy } : {}),
    ...(supervisor !== undefined ? { supervisedBy: supervisor } : {}),
    ...(query.rtm !== undefined ? { rtm: query.rtm } : {}),
  };
  const page = { limit: PAGE_SIZE, offset: pageOffset(query.page) };
  const { rows, count, countCapped } = await selectRosterPage(ctx.db, scope, filter, plan, page);
  await ctx.audit.recordRead(ctx.meta, {
    action: 'patient.list',
    ...actor(ctx, scope),
    details: {
      searched: plan !== null,
      search: query.search ?? null,
      rtm: query.rtm ?? null,
      status: query.status,
      mine: query.mine ?? false,
      therapist: query.therapist ?? null,
      page: query.page,
      patient_ids: rows.map((row) => row.id),
    },
  });
  const results = await toPatientDtos(ctx.db, rows);
  return {
    results: results.map((patient) => shown(ctx, patient)),
    count,
    ...(countCapped ? { count_capped: true } : {}),
  };
}

/** The patient record (clinicians only; the route refuses office managers). Audited. */
export async function getPatient(ctx: AuthedCtx, patientId: number): Promise<Patient> {
  const scope = clinicScope(ctx);
  const row = await requireReadablePatient(ctx.db, scope, ctx.caller.user, patientId);
  await ctx.audit.recordRead(ctx.meta, {
    action: 'patient.read',
    ...actor(ctx, scope),
    patientId,
  });
  const [dto, earlier] = await Promise.all([
    toPatientDto(ctx.db, row),
    findEarlierEpisodes(ctx.db, scope, patientId),
  ]);
  return shown(ctx, {
    ...dto,
    earlier_episodes: earlier.map((episode) => ({
      onboarded_at: episode.onboardedAt.toISOString(),
      discharged_at: episode.dischargedAt.toISOString(),
    })),
  });
}

/**
 * 409 naming the clinic's patients this registration may duplicate (same name and birthday,
 * phone or e-mail), so that staff open the record they have instead of starting a second one.
 * Every staff member sees the whole roster, so any of them may be named. Audited as a read.
 */
async function refuseLikelyDuplicates(
  ctx: AuthedCtx,
  scope: ClinicScope,
  fields: PatientFields,
): Promise<void> {
  const rows = await findLikelyDuplicates(ctx.db, scope, {
    firstName: fields.first_name,
    lastName: fields.last_name,
    birthday: fields.birthday,
    phone: fields.phone,
    email: fields.email,
  });
  if (rows.length === 0) {
    return;
  }
  await ctx.audit.recordRead(ctx.meta, {
    action: 'patient.duplicates_shown',
    ...actor(ctx, scope),
    details: { patient_ids: rows.map((row) => row.id) },
  });
  const duplicates: LikelyDuplicate[] = rows.map((row) => ({
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    birthday: row.birthday,
    matched: [
      ...(row.sameNameAndBirthday ? (['name_birthday'] as const) : []),
      ...(row.samePhone ? (['phone'] as const) : []),
      ...(row.sameEmail ? (['email'] as const) : []),
    ],
  }));
  throw new AppError(
    'conflict',
    'This looks like a patient you already have',
    undefined,
    undefined,
    { duplicates },
  );
}

/**
 * Staff register a patient. A therapist who names no therapists treats the patient themselves.
 * A likely duplicate is refused (409) unless the caller confirms it.
 */
export async function registerPatient(
  ctx: AuthedCtx,
  input: z.output<typeof RegisterPatientBodySchema>,
): Promise<Patient> {
  const scope = clinicScope(ctx);
  const now = ctx.clock.now();
  const { therapists, confirm_duplicate: confirmed = false, ...fields } = input;
  refuseClinicalWrite(ctx.caller.user, fields);
  const columns = await fieldColumns(ctx, fields);
  const therapistIds =
    therapists ?? (isTreatingRole(ctx.caller.user.role) ? [ctx.caller.user.id] : []);
  await checkTherapists(ctx.db, scope, therapistIds, 'therapists');
  if (!confirmed) {
    await refuseLikelyDuplicates(ctx, scope, fields);
  }
  const row = await ctx.db.transaction(async (tx) => {
    const patient = await insertPatient(tx, {
      clinicId: scope.clinicId,
      firstName: input.first_name,
      lastName: input.last_name,
      ...columns,
      createdAt: now,
    });
    await replaceTherapists(tx, scope, patient.id, therapistIds);
    await writeAudit(tx, ctx.meta, {
      action: 'patient.create',
      ...actor(ctx, scope),
      patientId: patient.id,
      details: { therapists: therapistIds, ...(confirmed ? { confirmed_duplicate: true } : {}) },
    });
    return patient;
  });
  return shown(ctx, await toPatientDto(ctx.db, row));
}

/**
 * A patient who signed up by QR joins the record staff registered with their phone and no login
 * yet, rather than being duplicated; otherwise a new record is made. Run inside the sign-up's
 * transaction, which also creates the login `userId`.
 */
export async function createOrJoinSelfRegisteredPatient(
  tx: Db,
  scope: ClinicScope,
  userId: number,
  input: {
    first_name: string;
    last_name: string;
    phone: string;
    email: string;
    gender?: PatientRow['gender'] | undefined;
    birthday?: string | undefined;
    now: Date;
  },
): Promise<{ patient: PatientRow; joined: boolean }> {
  const existing = await findUnclaimedPatientByPhone(tx, scope, input.phone);
  if (existing) {
    const patient = await updatePatient(tx, scope, existing.id, {
      userId,
      email: existing.email ?? input.email,
      gender: existing.gender ?? input.gender ?? null,
      birthday: existing.birthday ?? input.birthday ?? null,
    });
    return { patient, joined: true };
  }
  const patient = await insertPatient(tx, {
    clinicId: scope.clinicId,
    userId,
    firstName: input.first_name,
    lastName: input.last_name,
    phone: input.phone,
    email: input.email,
    gender: input.gender ?? null,
    birthday: input.birthday ?? null,
    createdAt: input.now,
  });
  return { patient, joined: false };
}

/** PUT /clinic/patient/{id}/update: names required; optional fields left out are kept. */
export async function updatePatientDetails(
  ctx: AuthedCtx,
  patientId: number,
  input: PatientFields,
): Promise<Patient> {
  const scope = clinicScope(ctx);
  refuseClinicalWrite(ctx.caller.user, input);
  const patient = await requireClinicPatient(ctx.db, scope, patientId);
  refuseCoverageOutsideEpisode(patient.status, input.is_rtm_covered);
  const columns = await fieldColumns(ctx, input);
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await updatePatient(tx, scope, patientId, columns);
    await writeAudit(tx, ctx.meta, {
      action: 'patient.update',
      ...actor(ctx, scope),
      patientId,
      details: { fields: Object.keys(input) },
    });
    return updated;
  });
  return shown(ctx, await toPatientDto(ctx.db, row));
}

/**
 * Ends the episode of care of each patient: all of them or none (one id not of this clinic is a
 * 404). RTM coverage ends with it (domain/rtm.md: billing runs from onboarding to discharge), so
 * the record, the roster and billing all say "not billable"; re-onboarding chooses it again.
 * Already discharged patients stay as they were.
 */
export async function dischargePatients(
  ctx: AuthedCtx,
  patientIds: number[],
): Promise<{ results: Patient[]; count: number }> {
  const scope = clinicScope(ctx);
  const ids = [...new Set(patientIds)];
  const found = await findClinicPatients(ctx.db, scope, ids);
  if (found.length !== ids.length) {
    throw notFound('Patient');
  }
  const now = ctx.clock.now();
  const rows = await ctx.db.transaction(async (tx) => {
    await markDischarged(tx, scope, ids, now);
    for (const row of found.filter((patient) => patient.status === 'active')) {
      await writeAudit(tx, ctx.meta, {
        action: 'patient.discharge',
        ...actor(ctx, scope),
        patientId: row.id,
        details: { rtm_covered_before: row.isRtmCovered },
      });
    }
    return findClinicPatients(tx, scope, ids);
  });
  const results = await toPatientDtos(ctx.db, rows);
  return { results: results.map((patient) => shown(ctx, patient)), count: rows.length };
}

/**
 * Starts the episode of care (domain/rtm.md: "onboarding to discharge"): diagnosis, ICD-10 code
 * and treating therapists. A patient already onboarded is a 409 (use re_onboard).
 */
export async function onboardPatient(
  ctx: AuthedCtx,
  patientId: number,
  input: z.output<typeof OnboardPatientBodySchema>,
): Promise<Patient> {
  const scope = clinicScope(ctx);
  const patient = await requireClinicPatient(ctx.db, scope, patientId);
  if (patient.onboardedAt) {
    throw new AppError(
      'conflict',
      'This patient is already onboarded; use re-onboarding to change it',
    );
  }
  return writeOnboarding(ctx, scope, patient, input, 'patient.onboard', true);
}

/**
 * A discharged patient starts a new episode of care today; an active one keeps the episode and
 * gets the corrected diagnosis and therapists. Never onboarded is a 409 (onboard first).
 */
export async function reOnboardPatient(
  ctx: AuthedCtx,
  patientId: number,
  input: z.output<typeof OnboardPatientBodySchema>,
): Promise<Patient> {
  const scope = clinicScope(ctx);
  const patient = await requireClinicPatient(ctx.db, scope, patientId);
  if (!patient.onboardedAt) {
    throw new AppError('conflict', 'This patient has not been onboarded yet; onboard them first');
  }
  return writeOnboarding(
    ctx,
    scope,
    patient,
    input,
    'patient.re_onboard',
    patient.status === 'discharged',
  );
}

async function writeOnboarding(
  ctx: AuthedCtx,
  scope: ClinicScope,
  patient: PatientRow,
  input: z.output<typeof OnboardPatientBodySchema>,
  action: string,
  newEpisode: boolean,
): Promise<Patient> {
  await checkSelectedCode(ctx.db, input.selected_code);
  await checkTherapists(ctx.db, scope, input.therapists, 'therapists');
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    // The episode that ended stays on record: billing reads it for the months it covered.
    if (newEpisode && patient.onboardedAt && patient.dischargedAt) {
      await insertEndedEpisode(tx, scope, {
        patientId: patient.id,
        onboardedAt: patient.onboardedAt,
        dischargedAt: patient.dischargedAt,
      });
    }
    const updated = await updatePatient(tx, scope, patient.id, {
      diagnosis: input.diagnosis,
      selectedCode: input.selected_code ?? null,
      ...(newEpisode ? { onboardedAt: now, status: 'active' as const, dischargedAt: null } : {}),
      ...(input.is_rtm_covered !== undefined ? { isRtmCovered: input.is_rtm_covered } : {}),
    });
    await replaceTherapists(tx, scope, patient.id, input.therapists);
    await writeAudit(tx, ctx.meta, {
      action,
      ...actor(ctx, scope),
      patientId: patient.id,
      details: {
        new_episode: newEpisode,
        selected_code: input.selected_code ?? null,
        ...(input.is_rtm_covered !== undefined ? { is_rtm_covered: input.is_rtm_covered } : {}),
        therapists: input.therapists,
      },
    });
    return updated;
  });
  return shown(ctx, await toPatientDto(ctx.db, row));
}

/** Replaces the treating therapists (same clinic only). */
export async function changeTherapists(
  ctx: AuthedCtx,
  patientId: number,
  input: z.output<typeof ChangeTherapistBodySchema>,
): Promise<Patient> {
  const scope = clinicScope(ctx);
  const patient = await requireClinicPatient(ctx.db, scope, patientId);
  await checkTherapists(ctx.db, scope, input.therapist_ids, 'therapist_ids');
  await ctx.db.transaction(async (tx) => {
    await replaceTherapists(tx, scope, patientId, input.therapist_ids);
    await writeAudit(tx, ctx.meta, {
      action: 'patient.therapists_changed',
      ...actor(ctx, scope),
      patientId,
      details: { therapists: input.therapist_ids },
    });
  });
  return shown(ctx, await toPatientDto(ctx.db, patient));
}

/** domain/rtm.md: only patients whose RTM coverage flag is on are billable. */
export async function updateRtmCoverage(
  ctx: AuthedCtx,
  patientId: number,
  isRtmCovered: boolean,
): Promise<Patient> {
  const scope = clinicScope(ctx);
  const patient = await requireClinicPatient(ctx.db, scope, patientId);
  refuseCoverageOutsideEpisode(patient.status, isRtmCovered);
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await updatePatient(tx, scope, patientId, { isRtmCovered });
    await writeAudit(tx, ctx.meta, {
      action: 'patient.rtm_coverage',
      ...actor(ctx, scope),
      patientId,
      details: { from: patient.isRtmCovered, to: isRtmCovered },
    });
    return updated;
  });
  return shown(ctx, await toPatientDto(ctx.db, row));
}

/**
 * Takes the patient off the roster. Their data stays (audit trail, billing); their app login is
 * closed and its sessions end.
 */
export async function removePatient(ctx: AuthedCtx, patientId: number): Promise<void> {
  const scope = clinicScope(ctx);
  const patient = await requireClinicPatient(ctx.db, scope, patientId);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await updatePatient(tx, scope, patientId, { status: 'removed' });
    if (patient.userId !== null) {
      await deactivatePatientLogin(tx, patient.userId, now);
      await deleteUserSessions(tx, patient.userId);
    }
    await writeAudit(tx, ctx.meta, { action: 'patient.remove', ...actor(ctx, scope), patientId });
  });
  if (patient.userId !== null) {
    ctx.realtime.endUserSessions(patient.userId);
  }
}
