import type { z } from 'zod';
import { appReminderText } from './app-reminder-text';
import {
  APP_REMINDER_INTERVAL_HOURS,
  HEALTH_SAMPLE_CLOCK_SKEW_MINUTES,
  PAGE_SIZE,
} from '@homestretch/contract/common/constants';
import { isTreatingRole } from '@homestretch/contract/common/enums';
import { pageOffset } from '@homestretch/contract/common/pagination';
import type { ChangeTherapistBodySchema } from '@homestretch/contract/patients/change-therapist';
import type {
  DeleteInteractionBodySchema,
  InteractionLog,
  LogInteractionBodySchema,
} from '@homestretch/contract/patients/interaction-log';
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
import type {
  SendAppReminderBodySchema,
  SendAppReminderResponse,
} from '@homestretch/contract/patients/send-app-reminder';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { isIsoDate, localDate, startOfLocalDay } from '../../platform/calendar';
import { findClinicById } from '../clinics/clinics.api';
import {
  type AuthedCtx,
  type ClinicScope,
  clinicScope,
  clinicTimeZone,
} from '../../platform/context';
import { AppError, invalidInput, notFound } from '../../platform/errors';
import { listInteractionLogs, toInteractionDto } from './interaction-log.repo';
import { escapeHtml } from '../../platform/mail';
import {
  type PatientRow,
  readScopeOf,
  requireClinicPatient,
  requireReadablePatient,
  requireTreatedPatient,
  toPatientDto,
  toPatientDtos,
} from './patient-directory';
import {
  clinicalFieldsRefused,
  patientAsSeenBy,
  seesClinicalData,
} from '../../platform/permissions';
import { deleteUserSessions } from '../../platform/sessions';
import { type PatientListFilter, planPatientSearch } from './patient-search';
import {
  claimAppReminder,
  deactivatePatientLogin,
  markDischarged,
  findClinicPatients,
  findEarlierEpisodes,
  findIcd10Code,
  findLikelyDuplicates,
  findTreatingStaff,
  findUnclaimedPatientByPhone,
  insertEndedEpisode,
  insertInteractionLog,
  insertPatient,
  selectRosterPage,
  markInteractionDeleted,
  releaseAppReminder,
  replaceTherapists,
  updatePatient,
  voiceCallOfPatient,
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

/** Born by today in the clinic: the browser proposes no later day (web lib/clinic-time.ts). */
function checkBirthday(ctx: AuthedCtx, birthday: string | null | undefined): void {
  if (birthday && birthday > localDate(ctx.clock.now(), clinicTimeZone(ctx))) {
    throw invalidInput({ birthday: 'Birthday cannot be in the future' });
  }
}

/** The columns a set of patient fields writes; fields left out are not touched. */
async function fieldColumns(ctx: AuthedCtx, fields: Partial<PatientFields>) {
  checkBirthday(ctx, fields.birthday);
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

/**
 * domain/rtm.md bills RTM within an episode of care (onboarding to discharge): coverage is on only
 * while the patient is active, so a discharged patient is re-onboarded before they are billable.
 */
function refuseCoverageOutsideEpisode(patient: PatientRow, isRtmCovered: boolean | undefined) {
  if (isRtmCovered === true && patient.status !== 'active') {
    throw new AppError(
      'conflict',
      'A discharged patient is not billable for RTM; re-onboard them to start a new episode of care',
    );
  }
}

/** 403 for a write of clinical fields by a caller who may not see them. */
function refuseClinicalWrite(ctx: AuthedCtx, fields: Partial<PatientFields>): void {
  const refused = clinicalFieldsRefused(ctx.caller.user, fields);
  if (refused.length > 0) {
    throw new AppError(
      'forbidden',
      'Only clinicians enter or change a diagnosis',
      Object.fromEntries(refused.map((field) => [field, 'Only clinicians enter or change this'])),
    );
  }
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
  refuseClinicalWrite(ctx, fields);
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
  refuseClinicalWrite(ctx, input);
  const patient = await requireClinicPatient(ctx.db, scope, patientId);
  refuseCoverageOutsideEpisode(patient, input.is_rtm_covered);
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
  refuseCoverageOutsideEpisode(patient, isRtmCovered);
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

const REMINDER_INTERVAL_MS = APP_REMINDER_INTERVAL_HOURS * 3_600_000;

/**
 * Texts (or e-mails) the patient the link to the app: the sign-up page with the clinic code
 * when they have no login yet. One per patient per 24 hours (429 with Retry-After sooner). A
 * send that fails gives the day's slot back.
 */
export async function sendAppReminder(
  ctx: AuthedCtx,
  patientId: number,
  input: z.output<typeof SendAppReminderBodySchema>,
): Promise<SendAppReminderResponse> {
  const scope = clinicScope(ctx);
  const patient = await requireClinicPatient(ctx.db, scope, patientId);
  const channel = input?.channel ?? (patient.phone ? 'sms' : 'email');
  if (!patient.phone && !patient.email) {
    throw new AppError(
      'rule_violation',
      'This patient has no phone number or e-mail address. Add one first.',
    );
  }
  if (channel === 'sms' && !patient.phone) {
    throw invalidInput({ channel: 'This patient has no phone number' });
  }
  if (channel === 'email' && !patient.email) {
    throw invalidInput({ channel: 'This patient has no e-mail address' });
  }
  const now = ctx.clock.now();
  if (!(await claimAppReminder(ctx.db, scope, patientId, now, REMINDER_INTERVAL_MS))) {
    const last = patient.appReminderSentAt?.getTime() ?? now.getTime();
    const retryAfter = Math.max(1, Math.ceil((last + REMINDER_INTERVAL_MS - now.getTime()) / 1000));
    throw new AppError(
      'rate_limited',
      'A reminder already went to this patient in the last 24 hours.',
      undefined,
      { 'retry-after': String(retryAfter) },
    );
  }
  const clinic = await findClinicById(ctx.db, scope.clinicId);
  const clinicName = clinic?.name ?? 'Your clinic';
  const text = appReminderText(ctx.config, patient, clinic?.code ?? '', clinicName);
  try {
    if (channel === 'sms') {
      await ctx.sms.send({ to: patient.phone ?? '', text: text.body, clinicId: scope.clinicId });
    } else {
      await ctx.mailer.send({
        clinicId: scope.clinicId,
        to: patient.email ?? '',
        subject: `${clinicName}: your exercise program is in the Homestretch app`,
        text: `${text.body}\n\nHomestretch`,
        html: `<p>${escapeHtml(text.body)}</p><p><a href="${escapeHtml(text.link)}">${patient.userId === null ? 'Create your account' : 'Open the app'}</a></p>`,
      });
    }
  } catch (error) {
    await releaseAppReminder(ctx.db, patientId, now, patient.appReminderSentAt);
    throw error;
  }
  await writeAudit(ctx.db, ctx.meta, {
    action: 'patient.app_reminder',
    ...actor(ctx, scope),
    patientId,
    details: { channel },
  });
  return { ok: true, channel, sent_at: now.toISOString() };
}

// ── Interaction log ──────────────────────────────────────────────────────────

const SKEW_MS = HEALTH_SAMPLE_CLOCK_SKEW_MINUTES * 60_000;

/**
 * Logs a call, message or visit; a call's duration makes the month's RTM codes billable, so only
 * those who treat the patient log one (permissions.ts mayTreatPatient).
 */
export async function logInteraction(
  ctx: AuthedCtx,
  patientId: number,
  input: z.output<typeof LogInteractionBodySchema>,
): Promise<InteractionLog> {
  const scope = clinicScope(ctx);
  await requireTreatedPatient(ctx.db, scope, ctx.caller.user, patientId);
  const { log } = input;
  const timeZone = clinicTimeZone(ctx);
  const now = ctx.clock.now();
  const date = isIsoDate(log.date) ? startOfLocalDay(log.date, timeZone) : new Date(log.date);
  const future = isIsoDate(log.date)
    ? log.date > localDate(now, timeZone)
    : date.getTime() > now.getTime() + SKEW_MS;
  if (future) {
    throw invalidInput({ 'log.date': 'An interaction cannot be in the future' });
  }
  if (
    log.voice_call_id !== undefined &&
    log.voice_call_id !== null &&
    !(await voiceCallOfPatient(ctx.db, scope, patientId, log.voice_call_id))
  ) {
    throw invalidInput({ 'log.voice_call_id': 'No call with this patient has this id' });
  }
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await insertInteractionLog(tx, {
      clinicId: scope.clinicId,
      patientId,
      userId: ctx.caller.user.id,
      date,
      notes: log.notes,
      callDurationSeconds: log.call_duration_seconds,
      voiceCallId: log.voice_call_id ?? null,
      createdAt: ctx.clock.now(),
    });
    await writeAudit(tx, ctx.meta, {
      action: 'patient.interaction_logged',
      ...actor(ctx, scope),
      patientId,
      targetType: 'interaction_log',
      targetId: inserted.id,
    });
    return inserted;
  });
  return toInteractionDto(
    { log: row, firstName: ctx.caller.user.firstName, lastName: ctx.caller.user.lastName },
    timeZone,
  );
}

/** Marks a log deleted (kept for the audit trail; it no longer counts). */
export async function deleteInteraction(
  ctx: AuthedCtx,
  patientId: number,
  input: z.output<typeof DeleteInteractionBodySchema>,
): Promise<{ ok: true; log_id: number }> {
  const scope = clinicScope(ctx);
  await requireTreatedPatient(ctx.db, scope, ctx.caller.user, patientId);
  const logId = input.log.log_id;
  const deleted = await ctx.db.transaction(async (tx) => {
    if (!(await markInteractionDeleted(tx, scope, patientId, logId, ctx.clock.now()))) {
      return false;
    }
    await writeAudit(tx, ctx.meta, {
      action: 'patient.interaction_deleted',
      ...actor(ctx, scope),
      patientId,
      targetType: 'interaction_log',
      targetId: logId,
    });
    return true;
  });
  if (!deleted) {
    throw notFound('Interaction log');
  }
  return { ok: true, log_id: logId };
}

/** The patient's interaction log, newest first, 25 a page. Audited as a read. */
export async function listInteractions(
  ctx: AuthedCtx,
  patientId: number,
  page: number,
): Promise<{ results: InteractionLog[]; count: number }> {
  const scope = clinicScope(ctx);
  await requireReadablePatient(ctx.db, scope, ctx.caller.user, patientId);
  const { logs, count } = await listInteractionLogs(ctx.db, scope, patientId, {
    timeZone: clinicTimeZone(ctx),
    limit: PAGE_SIZE,
    offset: pageOffset(page),
  });
  await ctx.audit.recordRead(ctx.meta, {
    action: 'patient.interactions_read',
    ...actor(ctx, scope),
    patientId,
  });
  return { results: logs, count };
}
