/**
 * The whole entity model of spec §3 in one Drizzle pg-core schema, shared by PGlite and PostgreSQL.
 * Every clinic-owned row carries `clinic_id` (tenancy, ARCHITECTURE.md); repos always filter on it.
 * Enumerations are text columns typed from the contract rather than pg enums, so that adding a
 * value later is a code change, not an `ALTER TYPE` migration.
 */
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  foreignKey,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { type SQL, sql } from 'drizzle-orm';
import { CHAT_MESSAGE_MAX_LENGTH } from '@homestretch/contract/chat/chat-rules';
import { CHAT_SESSION_KINDS, type ChatSession } from '@homestretch/contract/chat/chat-session';
import {
  APPROVAL_STATUSES,
  type ApprovalStatus,
  HEALTH_METRICS,
  type HealthMetric,
  PATIENT_STATUSES,
  type PatientStatus,
  ROLES,
  type Role,
} from '@homestretch/contract/common/enums';
import { GENDERS } from '@homestretch/contract/patients/patient';
import {
  BODY_PARTS,
  type BodyPart,
  COLLECTIONS,
  type Collection,
  EQUIPMENT,
  type Equipment,
  type Level,
  POSITIONS,
  PURPOSES,
  type Position,
  type Purpose,
  VIDEO_STATUSES,
  type VideoStatus,
} from '@homestretch/contract/library/video';
import type { StoredExercise } from '@homestretch/contract/library/catalogue-exercise';
import type { MovementModel } from '@homestretch/contract/library/movement';
import {
  CONDITIONS,
  type Condition,
  PHASES,
  type Phase,
} from '@homestretch/contract/library/catalogue-entry';
import {
  APPROVAL_REQUEST_STATUSES,
  type ApprovalRequestStatus,
} from '@homestretch/contract/hep/approval-request';
import {
  MONITORING_CONTEXTS,
  type MonitoringContext,
} from '@homestretch/contract/monitoring/monitoring-context';
import {
  TASK_KINDS,
  TASK_STATUSES,
  type TaskKind,
  type TaskStatus,
} from '@homestretch/contract/tasks/task-kinds';
import {
  VOICE_CALL_OUTCOMES,
  VOICE_CALL_STATUSES,
  type VoiceCallOutcome,
  type VoiceCallStatus,
} from '@homestretch/contract/voice/voice-call-states';
import {
  HEP_EVENT_KINDS,
  type HepEventKind,
  type HepItemState,
} from '@homestretch/contract/hep/history';
import {
  ASSISTANT_KINDS,
  type AssistantKind,
  type RtmNotBillable,
} from '@homestretch/contract/billing/rtm-case';
import type { BillingCodeTotal, BillingLine } from '@homestretch/contract/billing/billing-units';

export interface BillingStaff {
  rendering: { id: number; name: string; npi: string | null } | null;
  assistants: string[];
}

/** What a billing run stores beside its per-patient rows: the dashboard's header and the file's. */
export interface BillingRunTotals {
  codes: BillingCodeTotal[];
  units: number;
  amount: number;
  patients: number;
  billablePatients: number;
  attentionPatients: number;
  rows: number;
}

/** An entry of a proposed program as stored: the contract's entry with its fields filled. */
export interface ProposedProgramEntry {
  video_id: number;
  sets: number;
  reps: number;
  /** Absent in an entry that leaves the hold as the program has it (and in older requests). */
  hold_seconds?: number | null;
  order: number;
  folder_id: number | null;
  folder_name: string | null;
  description: string;
}

/** Written as a `tsvector` literal (patientSearchColumns); only SQL reads what it holds. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const tstz = (name: string) => timestamp(name, { withTimezone: true });
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * The database holds a text enumeration to the contract's values (issue 8: the database enforces
 * what the code assumes). The values are constants of our own, never input.
 */
const oneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;
const clinicRef = () =>
  integer('clinic_id')
    .notNull()
    .references(() => clinics.id, { onDelete: 'cascade' });
const patientRef = () =>
  integer('patient_id')
    .notNull()
    .references(() => patients.id, { onDelete: 'cascade' });

// ── Clinics and people ─────────────────────────────────────────────────────────

export const clinics = pgTable('clinics', {
  id: id(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** Calendar months (monitoring minutes, billing) are counted in this zone (domain/rtm.md). */
  timeZone: text('time_zone').notNull().default('America/New_York'),
  isFullService: boolean('is_full_service').notNull().default(false),
  providerInfo: jsonb('provider_info').$type<Record<string, unknown>>().notNull().default({}),
  practiceInfo: jsonb('practice_info').$type<Record<string, unknown>>().notNull().default({}),
  /** When billing info was last saved; null while the clinic has never filled it in. */
  billingInfoUpdatedAt: tstz('billing_info_updated_at'),
  /** Clinic-level switches, e.g. whether secure messaging counts as an interactive communication. */
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  supportUserId: integer('support_user_id'),
  initialNote: text('initial_note').notNull().default(''),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Null only for platform accounts that belong to no clinic. */
    clinicId: integer('clinic_id').references(() => clinics.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /**
     * The words of "first last" and of "last first", lower-cased and accent-free, for the staff
     * list's search and order: written on every write of the names (`accountSearchColumns`,
     * features/users/users.repo.ts); `search_name` is null until computed on start
     * (`refreshAccountSearch`), after the migration that added it or a change to the rule.
     */
    searchName: text('search_name'),
    sortName: text('sort_name').notNull().default(''),
    role: text('role').$type<Role>().notNull(),
    companyName: text('company_name').notNull().default(''),
    npi: text('npi'),
    /**
     * A physical- or occupational-therapist assistant: their monitoring minutes carry the CQ or CO
     * modifier (domain/rtm.md); null for everyone else.
     */
    assistantKind: text('assistant_kind').$type<AssistantKind>(),
    lastLogin: tstz('last_login'),
    isFullService: boolean('is_full_service').notNull().default(false),
    isFeatureNotificationOn: boolean('is_feature_notification_on').notNull().default(true),
    isNewBillingUploaded: boolean('is_new_billing_uploaded').notNull().default(false),
    /** Admin assigns a supervisor to therapists (spec §6). */
    supervisorId: integer('supervisor_id'),
    /**
     * Whether the account may reach clinic data (docs/decisions/007-staff-approval.md). Staff who
     * sign up with the clinic code start `pending`; the administrator (and, spec §6, a supervisor)
     * approves or declines. Every other way in (admin CLI, demo seed, patients) is trusted, so the
     * default is `approved` and sign-up sets `pending` itself.
     */
    approvalStatus: text('approval_status').$type<ApprovalStatus>().notNull().default('approved'),
    /**
     * Whether this therapist's program changes wait for a supervisor (PATCH
     * /clinic/supervisor/approval); null follows the clinic's setting for the role.
     */
    hepApproval: text('hep_approval').$type<'required' | 'not_required'>(),
    deactivatedAt: tstz('deactivated_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('users_role_check', oneOf(t.role, ROLES)),
    check('users_approval_status_check', oneOf(t.approvalStatus, APPROVAL_STATUSES)),
    check(
      'users_hep_approval_check',
      sql`${t.hepApproval} is null or ${oneOf(t.hepApproval, ['required', 'not_required'])}`,
    ),
    check(
      'users_assistant_kind_check',
      sql`${t.assistantKind} is null or ${oneOf(t.assistantKind, ASSISTANT_KINDS)}`,
    ),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    uniqueIndex('users_email_key').on(t.email),
    index('users_clinic_role_idx').on(t.clinicId, t.role),
    // The target of composite foreign keys that keep a staff member's links within their clinic.
    uniqueIndex('users_clinic_id_key').on(t.clinicId, t.id),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the opaque id in the cookie: a leaked table cannot be replayed. */
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** web (cookie), supervisor (token of spec §7), extension (short-lived, scoped). */
    kind: text('kind').$type<'web' | 'supervisor' | 'extension'>().notNull(),
    createdAt: createdAt(),
    lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    check('sessions_kind_check', oneOf(t.kind, ['web', 'supervisor', 'extension'])),
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * Browsers that signed in to an account before (the hs_device cookie, stored hashed): a sign-in
 * from one is throttled on its own failures only, so strangers' failures never lock its owner
 * out. One browser may have signed in to several accounts (a shared clinic computer).
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSignInAt: tstz('last_sign_in_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tokenHash, t.userId] }),
    index('known_devices_user_idx').on(t.userId),
  ],
);

/**
 * A staff sign-up waiting for its address to be confirmed: the account is made only from the
 * link mailed to it, so sign-up answers alike whether or not the address has an account.
 */
export const staffSignUps = pgTable(
  'staff_sign_ups',
  {
    id: id(),
    clinicId: clinicRef(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    companyName: text('company_name').notNull().default(''),
    role: text('role').$type<Role>().notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('staff_sign_ups_email_idx').on(t.email)],
);

/** Fixed-window counters shared by every app node (sign-in, reset, OTP limits). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: tstz('window_start').notNull(),
  count: integer('count').notNull(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    clinicId: integer('clinic_id'),
    actorUserId: integer('actor_user_id'),
    /** e.g. auth.sign_in, auth.sign_in_failed, patient.read, patient.update */
    action: text('action').notNull(),
    patientId: integer('patient_id'),
    targetType: text('target_type'),
    targetId: text('target_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_clinic_created_idx').on(t.clinicId, t.createdAt),
    index('audit_log_patient_idx').on(t.patientId, t.createdAt),
    // "What did this person see or change?" is an index lookup, like "who saw this patient?".
    index('audit_log_actor_idx').on(t.actorUserId, t.createdAt),
  ],
);

/** Mail and SMS that were not handed to a real provider (or a copy of what was), see /dev/outbox. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: id(),
    /** The clinic a message is about; null for one that names none (an unknown address). */
    clinicId: integer('clinic_id').references(() => clinics.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_recipient_idx').on(t.recipient, t.createdAt),
    index('outbox_clinic_idx').on(t.clinicId, t.id),
  ],
);

// ── Patients and their data ───────────────────────────────────────────────────

export const patients = pgTable(
  'patients',
  {
    id: id(),
    clinicId: clinicRef(),
    /** The patient's own login (QR registration or invitation), when they have one. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /**
     * The words of "first last" and of "last first", lower-cased and accent-free, for the exact
     * name and the roster's order; with `search_vector`, written on every write of what they come
     * from by `patientSearchColumns()` (features/patients/patient-search.ts).
     */
    searchName: text('search_name').notNull().default(''),
    sortName: text('sort_name').notNull().default(''),
    /** Every word the patient is found by, weighted by tier; null until (re)computed on start. */
    searchVector: tsvector('search_vector'),
    gender: text('gender'),
    phone: text('phone'),
    email: text('email'),
    birthday: date('birthday'),
    diagnosis: text('diagnosis'),
    /** ICD-10-CM code chosen for the diagnosis (spec §3 selected_code). */
    selectedCode: text('selected_code'),
    isRtmCovered: boolean('is_rtm_covered').notNull().default(false),
    status: text('status').$type<PatientStatus>().notNull().default('active'),
    onboardedAt: tstz('onboarded_at'),
    dischargedAt: tstz('discharged_at'),
    lastActivityAt: tstz('last_activity_at'),
    appReminderSentAt: tstz('app_reminder_sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('patients_status_check', oneOf(t.status, PATIENT_STATUSES)),
    check('patients_gender_check', sql`${t.gender} is null or ${oneOf(t.gender, GENDERS)}`),
    // The roster's default order (patients.repo.ts selectRosterPage), read straight off the index.
    index('patients_clinic_status_sort_idx').on(
      t.clinicId,
      t.status,
      sql`${t.sortName} collate "C"`,
      t.id,
    ),
    // The target of composite foreign keys that keep a patient's links within its clinic.
    uniqueIndex('patients_clinic_id_key').on(t.clinicId, t.id),
    index('patients_user_idx').on(t.userId),
    index('patients_clinic_phone_idx').on(t.clinicId, t.phone),
    // Recommendations: the clinic's latest patients with a diagnosis code, and what they were
    // prescribed (features/hep/recommendations.repo.ts), without reading the whole clinic.
    index('patients_clinic_code_idx').on(t.clinicId, t.selectedCode, t.id),
    // Roster search: every lexeme names its clinic (patient-search.ts), so this index alone finds
    // one clinic's matches.
    index('patients_search_idx').using('gin', t.searchVector),
  ],
);

/**
 * How many patients a clinic has by status and RTM coverage, kept by the trigger
 * `patients_counts_sync` (migration 0007): the roster's count without counting 100,000 rows on
 * every page (bench/). Searches and "treated by" filters still count their matches.
 */
export const patientCounts = pgTable(
  'patient_counts',
  {
    clinicId: clinicRef(),
    status: text('status').$type<PatientStatus>().notNull(),
    isRtmCovered: boolean('is_rtm_covered').notNull(),
    patients: integer('patients').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.clinicId, t.status, t.isRtmCovered] })],
);

/**
 * Who treats whom. Both links carry the clinic: a patient and a therapist of two clinics cannot
 * be linked, whatever path writes the row.
 */
export const patientTherapists = pgTable(
  'patient_therapists',
  {
    clinicId: clinicRef(),
    patientId: integer('patient_id').notNull(),
    userId: integer('user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.patientId, t.userId] }),
    index('patient_therapists_user_idx').on(t.userId),
    foreignKey({
      name: 'patient_therapists_patient_fk',
      columns: [t.clinicId, t.patientId],
      foreignColumns: [patients.clinicId, patients.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'patient_therapists_user_fk',
      columns: [t.clinicId, t.userId],
      foreignColumns: [users.clinicId, users.id],
    }).onDelete('cascade'),
  ],
);

export const icd10Codes = pgTable(
  'icd10_codes',
  {
    code: text('code').primaryKey(),
    description: text('description').notNull(),
    billable: boolean('billable').notNull(),
  },
  // Trigram index: word search (ILIKE '%word%') over 98k descriptions without a full scan.
  (t) => [
    index('icd10_codes_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')),
    // A diagnosis shown by its words found again (recommendations): the trigram index reads a
    // long description's every trigram, and PostgreSQL then prefers reading all 98k rows.
    index('icd10_codes_description_lower_idx').on(sql`lower(${t.description})`),
  ],
);

/** Phone verification for QR self sign-up; the code is stored hashed. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: id(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: tstz('expires_at').notNull(),
    verifiedAt: tstz('verified_at'),
    consumedAt: tstz('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('otp_codes_phone_idx').on(t.phone, t.createdAt)],
);

/**
 * A patient's earlier episodes of care (domain/rtm.md: RTM is billed from onboarding to
 * discharge). The patient row holds the episode now; re-onboarding a discharged patient keeps the
 * one that ended here (issue 30, item 11), so a month that saw both is billed for both.
 */
export const patientEpisodes = pgTable(
  'patient_episodes',
  {
    id: id(),
    clinicId: clinicRef(),
    patientId: patientRef(),
    onboardedAt: tstz('onboarded_at').notNull(),
    dischargedAt: tstz('discharged_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('patient_episodes_patient_idx').on(t.patientId, t.onboardedAt)],
);

export const interactionLogs = pgTable(
  'interaction_logs',
  {
    id: id(),
    clinicId: clinicRef(),
    patientId: patientRef(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    date: tstz('date').notNull(),
    notes: text('notes').notNull().default(''),
    callDurationSeconds: integer('call_duration_seconds').notNull().default(0),
    voiceCallId: integer('voice_call_id'),
    createdAt: createdAt(),
    deletedAt: tstz('deleted_at'),
  },
  (t) => [index('interaction_logs_patient_idx').on(t.patientId, t.date)],
);

/** Raw samples, keyed by the client's sample id so a retried upload never doubles a day. */
export const healthSamples = pgTable(
  'health_samples',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    clinicId: clinicRef(),
    patientId: patientRef(),
    sampleId: text('sample_id').notNull(),
    metric: text('metric').$type<HealthMetric>().notNull(),
    recordedAt: tstz('recorded_at').notNull(),
    /** steps, pain level, engagement minutes, or value (spec §3); BP keeps systolic/diastolic. */
    value: doublePrecision('value').notNull(),
    secondaryValue: doublePrecision('secondary_value'),
    unit: text('unit'),
    source: text('source'),
    createdAt: createdAt(),
  },
  (t) => [
    check('health_samples_metric_check', oneOf(t.metric, HEALTH_METRICS)),
    uniqueIndex('health_samples_patient_sample_key').on(t.patientId, t.sampleId),
    index('health_samples_patient_metric_time_idx').on(t.patientId, t.metric, t.recordedAt),
  ],
);

/** Daily roll-ups maintained on write; dashboards read these, not raw samples. */
export const healthDaily = pgTable(
  'health_daily',
  {
    clinicId: clinicRef(),
    patientId: patientRef(),
    metric: text('metric').$type<HealthMetric>().notNull(),
    day: date('day').notNull(),
    count: integer('count').notNull(),
    sum: doublePrecision('sum').notNull(),
    min: doublePrecision('min').notNull(),
    max: doublePrecision('max').notNull(),
    secondarySum: doublePrecision('secondary_sum'),
    lastValue: doublePrecision('last_value').notNull(),
    lastRecordedAt: tstz('last_recorded_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.patientId, t.metric, t.day] }),
    // Days with data whatever the metric, in order: the first days of an episode and a month's
    // 30-day intervals for billing (features/billing/billing.repo.ts dataDays).
    index('health_daily_patient_day_idx').on(t.patientId, t.day),
  ],
);

export const functionalDataTypes = pgTable(
  'functional_data_types',
  {
    id: id(),
    clinicId: clinicRef(),
    patientId: patientRef(),
    name: text('name').notNull(),
    unit: text('unit').notNull().default(''),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('functional_data_types_patient_idx').on(t.patientId),
    // A patient's measure names are unique in any case, as the service checks first.
    uniqueIndex('functional_data_types_patient_name_key').on(t.patientId, sql`lower(${t.name})`),
  ],
);

export const functionalDataEntries = pgTable(
  'functional_data_entries',
  {
    id: id(),
    clinicId: clinicRef(),
    patientId: patientRef(),
    datatypeId: integer('datatype_id')
      .notNull()
      .references(() => functionalDataTypes.id, { onDelete: 'cascade' }),
    value: doublePrecision('value').notNull(),
    recordedOn: date('recorded_on').notNull(),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  // One entry per measure per date.
  (t) => [uniqueIndex('functional_data_entries_type_date_key').on(t.datatypeId, t.recordedOn)],
);

export const bannerSnoozes = pgTable(
  'banner_snoozes',
  {
    id: id(),
    clinicId: clinicRef(),
    patientId: patientRef(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    banner: text('banner').notNull(),
    snoozedUntil: tstz('snoozed_until').notNull(),
    createdAt: createdAt(),
  },
  // One snooze per person, patient and banner: snoozing again moves its end.
  (t) => [
    uniqueIndex('banner_snoozes_patient_user_banner_key').on(t.patientId, t.userId, t.banner),
  ],
);

// ── Read by landed features before their own domains land ─────────────────────
// The progress report (health) reads programs, completions and monitoring minutes; the
// interaction log names voice calls; the seed fills the shared exercise catalogue. The rest of
// each domain's tables come with its issue.

/**
 * The shipped physical-therapy catalogue (issue 32), one row per exercise as its data file has it
 * (pt-catalogue/, checked by CatalogueEntrySchema), loaded on every start. The library shows each
 * as a catalogue video (videos.movement_id); a clinic film that takes its movement model points
 * here too.
 */
export const catalogueExercises = pgTable('catalogue_exercises', {
  id: text('id').primaryKey(),
  entry: jsonb('entry').$type<StoredExercise>().notNull(),
  /**
   * The entry's movement model again, on its own: every listed video carries it, and reading it
   * from `entry` decompressed the whole entry (about 2.7 KB) for each row of a page.
   */
  movement: jsonb('movement').$type<MovementModel>().notNull(),
});

/**
 * Every word of the shipped catalogue's names and synonyms, loaded with it: a search word that
 * starts none of them is looked up here for the words it was probably meant to be ("strech").
 */
export const catalogueWords = pgTable('catalogue_words', {
  word: text('word').primaryKey(),
});

/**
 * A fingerprint of each kind of data the server loads from its own files on every start (the
 * exercise catalogue): a start whose files and loader make the same rows leaves them alone
 * instead of comparing every row again, most of a second on each start of the embedded database.
 */
export const shippedData = pgTable('shipped_data', {
  name: text('name').primaryKey(),
  fingerprint: text('fingerprint').notNull(),
});

export const videos = pgTable(
  'videos',
  {
    id: id(),
    /** Null for the shared catalogue every clinic sees (read-only). */
    clinicId: integer('clinic_id').references(() => clinics.id, { onDelete: 'cascade' }),
    /** Who uploaded or copied it; null for the catalogue, or once that account is deleted. */
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull().default('Untitled Video'),
    description: text('description').notNull().default('-'),
    bodyParts: text('body_parts').$type<BodyPart>().notNull().default('Other'),
    purpose: text('purpose').$type<Purpose>().notNull().default('Other'),
    position: text('position').$type<Position>().notNull().default('Other'),
    equipment: text('equipment').$type<Equipment>().notNull().default('-'),
    reps: integer('reps').notNull().default(1),
    sets: integer('sets').notNull().default(1),
    /** The exercise's default hold per rep in seconds (a catalogue dose); null when none. */
    holdSeconds: integer('hold_seconds'),
    unhealthyBodyPart: text('unhealthy_body_part').notNull().default('-'),
    purposeOfTreatment: text('purpose_of_treatment').notNull().default('-'),
    /** The catalogue's difficulty tag; null for clinic videos. */
    level: text('level').$type<Level>(),
    /** The catalogue collection (contract COLLECTIONS); null for a clinic's own videos. */
    collection: text('collection').$type<Collection>(),
    /** The catalogue exercise whose movement model, figure and clinical tags apply; see above. */
    movementId: text('movement_id').references(() => catalogueExercises.id),
    status: text('status').$type<VideoStatus>().notNull().default('ready'),
    /** The film's key in file storage (platform/file-storage.ts); null for catalogue items. */
    storageKey: text('storage_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    mimeType: text('mime_type'),
    thumbnailKey: text('thumbnail_key'),
    /** A catalogue item's start and end photos: its "video" is these shown as a loop. */
    frameKeys: text('frame_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    durationSeconds: integer('duration_seconds'),
    libraryId: text('library_id'),
    collectionId: text('collection_id'),
    /**
     * The expiry (Unix seconds) of the upload ticket issued for this video; a tus request must
     * present exactly it (features/library/upload-rules.ts ticketIsForVideo, security issue finding
     * 1). Null for catalogue items and uploads from before tickets were bound to their video.
     */
    ticketExpiration: bigint('ticket_expiration', { mode: 'number' }),
    /** The catalogue entry's id (assets/exercises) or the video host's id. */
    externalId: text('external_id'),
    /**
     * The words of title, body part, purpose, equipment and description as a `tsvector` literal,
     * written by the app (videoSearchVector, features/library/video-search.ts) on every write.
     */
    searchVector: tsvector('search_vector'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    /** Deleted from the library while a patient's program holds it (DELETE /video/delete). */
    archivedAt: tstz('archived_at'),
  },
  (t) => [
    // The library's two ordered halves (library.repo.ts listVideos): the clinic's own, newest
    // first, and the catalogue by title; each page reads about 25 index entries, not the table.
    // The filter columns ride along (after the unique id, so the order is unchanged): a count of
    // the clinic's videos of a body part, purpose, position, equipment or owner reads the index
    // alone. Status and ticket expiry too: an upload whose ticket ran out is not listed.
    index('videos_library_idx')
      .on(
        t.clinicId,
        t.createdAt,
        t.id,
        t.ownerUserId,
        t.bodyParts,
        t.purpose,
        t.position,
        t.equipment,
        t.status,
        t.ticketExpiration,
      )
      .where(sql`${t.archivedAt} is null`),
    index('videos_owner_idx').on(t.ownerUserId, t.createdAt),
    index('videos_search_idx').using('gin', t.searchVector),
    // The catalogue's upsert target: one row per shipped entry.
    uniqueIndex('videos_catalogue_entry_key')
      .on(t.externalId)
      .where(sql`${t.clinicId} is null`),
    // The catalogue's order: the physical-therapy collection first, each by title.
    index('videos_catalogue_title_idx')
      .on(sql`(${t.collection} <> 'physical-therapy')`, sql`lower(${t.title})`, t.id)
      .where(sql`${t.clinicId} is null`),
    index('videos_movement_idx').on(t.movementId),
    check('videos_status_check', oneOf(t.status, VIDEO_STATUSES)),
    check('videos_body_parts_check', oneOf(t.bodyParts, BODY_PARTS)),
    check('videos_purpose_check', oneOf(t.purpose, PURPOSES)),
    check('videos_position_check', oneOf(t.position, POSITIONS)),
    check('videos_equipment_check', oneOf(t.equipment, EQUIPMENT)),
    check('videos_sets_reps_check', sql`${t.sets} >= 1 and ${t.reps} >= 1`),
    check('videos_hold_seconds_check', sql`${t.holdSeconds} between 1 and 600`),
    check('videos_collection_check', oneOf(t.collection, COLLECTIONS)),
    // The catalogue is read-only and owned by no one, and never archived.
    check(
      'videos_catalogue_check',
      sql`${t.clinicId} is not null or (${t.ownerUserId} is null and ${t.archivedAt} is null)`,
    ),
  ],
);

/** spec §3 Library folder: private to its owner, or shared with the clinic. */
export const libraryFolders = pgTable(
  'library_folders',
  {
    id: id(),
    clinicId: clinicRef(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isShared: boolean('is_shared').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('library_folders_owner_name_key').on(t.ownerUserId, sql`lower(${t.name})`),
    index('library_folders_clinic_shared_idx').on(t.clinicId, t.isShared),
  ],
);

/** Which videos a folder holds, in the order they were added. */
export const libraryFolderVideos = pgTable(
  'library_folder_videos',
  {
    folderId: integer('folder_id')
      .notNull()
      .references(() => libraryFolders.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    clinicId: clinicRef(),
    addedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.folderId, t.videoId] }),
    index('library_folder_videos_video_idx').on(t.videoId),
  ],
);

/**
 * Program templates (issue 32 item 6): a named list of exercises with doses for one condition and
 * phase. The shipped ones have no clinic, like the catalogue, and are written on every start from
 * features/templates/shipped-templates.ts (their `shipped_key`); a clinic's own have its id.
 */
export const programTemplates = pgTable(
  'program_templates',
  {
    id: id(),
    /** Null for a shipped template every clinic sees (read-only). */
    clinicId: integer('clinic_id').references(() => clinics.id, { onDelete: 'cascade' }),
    /** The shipped template's key in its data file; null for a clinic's own. */
    shippedKey: text('shipped_key'),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    condition: text('condition').$type<Condition>().notNull(),
    phase: text('phase').$type<Phase>().notNull(),
    notes: text('notes').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('program_templates_clinic_idx').on(t.clinicId, t.condition, t.phase),
    uniqueIndex('program_templates_shipped_key')
      .on(t.shippedKey)
      .where(sql`${t.clinicId} is null`),
    check('program_templates_condition_check', oneOf(t.condition, CONDITIONS)),
    check('program_templates_phase_check', oneOf(t.phase, PHASES)),
    // A shipped template is exactly one with a key and no clinic, and has no author.
    check(
      'program_templates_shipped_check',
      sql`(${t.clinicId} is null) = (${t.shippedKey} is not null) and (${t.clinicId} is not null or ${t.authorUserId} is null)`,
    ),
  ],
);

/**
 * A template's exercises in order. A clinic video deleted from the library leaves its templates
 * (cascade); one archived because a program holds it stays, shown as archived.
 */
export const programTemplateItems = pgTable(
  'program_template_items',
  {
    templateId: integer('template_id')
      .notNull()
      .references(() => programTemplates.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    sets: integer('sets').notNull(),
    reps: integer('reps').notNull(),
    holdSeconds: integer('hold_seconds'),
  },
  (t) => [
    primaryKey({ columns: [t.templateId, t.position] }),
    index('program_template_items_video_idx').on(t.videoId),
    check(
      'program_template_items_dose_check',
      sql`${t.sets} between 1 and 100 and ${t.reps} between 1 and 100 and ${t.holdSeconds} between 1 and 600`,
    ),
  ],
);

/** Analytics calls of spec §7, stored rather than dropped. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: id(),
    clinicId: clinicRef(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The call: `button-click`, `priority-monitoring-button-click`, … */
    kind: text('kind').notNull(),
    buttonType: text('button_type'),
    patientId: integer('patient_id').references(() => patients.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('analytics_events_clinic_kind_idx').on(t.clinicId, t.kind, t.createdAt)],
);

/**
 * One persistent program per patient (spec's dashboardId is the patient id): items are changed in
 * place and removed by `deleted_at`, never rebuilt, so a removed item can be restored and each
 * change is kept in `hep_item_events`.
 */
export const hepItems = pgTable(
  'hep_items',
  {
    id: id(),
    clinicId: clinicRef(),
    patientId: patientRef(),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id),
    sets: integer('sets').notNull().default(1),
    reps: integer('reps').notNull().default(1),
    /** How long each rep is held, when the therapist says; the patient app's hold timer uses it. */
    holdSeconds: integer('hold_seconds'),
    order: integer('order').notNull().default(0),
    folderId: integer('folder_id'),
    folderName: text('folder_name'),
    description: text('description').notNull().default(''),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The approval request its last change came from (null when made directly): the program
     * names who proposed it beside the supervisor who approved it (issue 30).
     */
    approvalRequestId: integer('approval_request_id').references(
      (): AnyPgColumn => hepApprovalRequests.id,
      { onDelete: 'set null' },
    ),
    deletedAt: tstz('deleted_at'),
  },
  (t) => [
    index('hep_items_patient_idx').on(t.patientId, t.order),
    // A video is in a patient's program once; a removed item does not count.
    uniqueIndex('hep_items_patient_video_key')
      .on(t.patientId, t.videoId)
      .where(sql`${t.deletedAt} is null`),
    check(
      'hep_items_sets_reps_check',
      sql`${t.sets} between 1 and 100 and ${t.reps} between 1 and 100`,
    ),
    check('hep_items_hold_seconds_check', sql`${t.holdSeconds} between 1 and 600`),
    foreignKey({
      name: 'hep_items_patient_fk',
      columns: [t.clinicId, t.patientId],
      foreignColumns: [patients.clinicId, patients.id],
    }).onDelete('cascade'),
  ],
);

/**
 * Every change of a program item: who, when, and the item's state before and after (null before
 * an add, null after a removal). The program as of any past moment is, per item, the `after` of
 * its last event up to then.
 */
export const hepItemEvents = pgTable(
  'hep_item_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    clinicId: clinicRef(),
    patientId: patientRef(),
    hepItemId: integer('hep_item_id')
      .notNull()
      .references(() => hepItems.id, { onDelete: 'cascade' }),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<HepEventKind>().notNull(),
    before: jsonb('before').$type<HepItemState>(),
    after: jsonb('after').$type<HepItemState>(),
    approvalRequestId: integer('approval_request_id').references(() => hepApprovalRequests.id, {
      onDelete: 'set null',
    }),
    /**
     * The event that stands for the change this one is part of: a reorder moves one exercise on
     * purpose and shifts others, each recorded (the program of a past day needs every place),
     * but the program's history shows it once (issue 30: three moves were 16 lines).
     */
    partOf: bigint('part_of', { mode: 'number' }).references((): AnyPgColumn => hepItemEvents.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    check('hep_item_events_kind_check', oneOf(t.kind, HEP_EVENT_KINDS)),
    index('hep_item_events_item_idx').on(t.hepItemId, t.id),
    index('hep_item_events_patient_idx').on(t.patientId, t.id),
    index('hep_item_events_part_of_idx')
      .on(t.partOf)
      .where(sql`${t.partOf} is not null`),
  ],
);

/** A remote PT's proposed program, waiting for a supervisor (spec §3 HEP approval request). */
export const hepApprovalRequests = pgTable(
  'hep_approval_requests',
  {
    id: id(),
    clinicId: clinicRef(),
    patientId: patientRef(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<ApprovalRequestStatus>().notNull().default('pending'),
    /** The whole proposed program, in order (contract hep/approval-request.ts). */
    hepData: jsonb('hep_data').$type<ProposedProgramEntry[]>().notNull(),
    note: text('note').notNull().default(''),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: tstz('decided_at'),
    /** What the supervisor approved when it differs from the proposal. */
    decidedData: jsonb('decided_data').$type<ProposedProgramEntry[]>(),
    decisionNote: text('decision_note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    check('hep_approval_requests_status_check', oneOf(t.status, APPROVAL_REQUEST_STATUSES)),
    // One request waits per patient: a newer one supersedes it.
    uniqueIndex('hep_approval_requests_pending_key')
      .on(t.patientId)
      .where(sql`${t.status} = 'pending'`),
    index('hep_approval_requests_clinic_status_idx').on(t.clinicId, t.status, t.createdAt),
    // A program view reads its patient's waiting request and last decision.
    index('hep_approval_requests_patient_idx').on(t.patientId, t.decidedAt),
  ],
);

/** What a patient asked about their program from the app (POST /video/hep_request/create). */
export const hepPatientRequests = pgTable(
  'hep_patient_requests',
  {
    id: id(),
    clinicId: clinicRef(),
    patientId: patientRef(),
    content: text('content').notNull(),
    resolvedAt: tstz('resolved_at'),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('hep_patient_requests_patient_idx').on(t.patientId, t.createdAt)],
);

/** Patient's ticks of their program (adherence): sets done of an item on a clinic date. */
export const hepCompletions = pgTable(
  'hep_completions',
  {
    id: id(),
    clinicId: clinicRef(),
    patientId: patientRef(),
    hepItemId: integer('hep_item_id')
      .notNull()
      .references(() => hepItems.id, { onDelete: 'cascade' }),
    completedOn: date('completed_on').notNull(),
    setsDone: integer('sets_done').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('hep_completions_item_day_key').on(t.hepItemId, t.completedOn),
    index('hep_completions_patient_day_idx').on(t.patientId, t.completedOn),
    check('hep_completions_sets_done_check', sql`${t.setsDone} between 0 and 100`),
  ],
);

/**
 * Monitoring time; seconds are counted on the server's clock (domain/rtm.md,
 * features/monitoring). A therapist has one open session at most (the partial unique index):
 * a newer start closes the older one. `seconds` is what the server credits the session in all;
 * `monitoring_days` holds the same seconds split at the clinic's midnights.
 */
export const monitoringSessions = pgTable(
  'monitoring_sessions',
  {
    id: id(),
    clinicId: clinicRef(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: patientRef(),
    startedAt: tstz('started_at').notNull().defaultNow(),
    lastSavedAt: tstz('last_saved_at'),
    endedAt: tstz('ended_at'),
    seconds: integer('seconds').notNull().default(0),
    context: text('context').$type<MonitoringContext>(),
  },
  (t) => [
    index('monitoring_sessions_patient_idx').on(t.patientId, t.startedAt),
    index('monitoring_sessions_user_idx').on(t.userId, t.startedAt),
    uniqueIndex('monitoring_sessions_open_key')
      .on(t.userId)
      .where(sql`${t.endedAt} is null`),
    // The sweeper's scan: open sessions by their last sign of life.
    index('monitoring_sessions_open_idx')
      .on(sql`coalesce(${t.lastSavedAt}, ${t.startedAt})`)
      .where(sql`${t.endedAt} is null`),
    check('monitoring_sessions_seconds_check', sql`${t.seconds} >= 0`),
    check(
      'monitoring_sessions_context_check',
      sql`${t.context} is null or ${oneOf(t.context, MONITORING_CONTEXTS)}`,
    ),
  ],
);

/**
 * A session's seconds per calendar day of the clinic: a session across midnight on the last day
 * of a month gives each month its own minutes (domain/rtm.md: minutes per calendar month).
 */
export const monitoringDays = pgTable(
  'monitoring_days',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => monitoringSessions.id, { onDelete: 'cascade' }),
    clinicId: clinicRef(),
    patientId: patientRef(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    seconds: integer('seconds').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.day] }),
    index('monitoring_days_patient_day_idx').on(t.patientId, t.day),
    index('monitoring_days_user_day_idx').on(t.userId, t.day),
    check('monitoring_days_seconds_check', sql`${t.seconds} between 0 and 86400`),
  ],
);

/**
 * What needs someone's attention, made from a patient's data by the task job
 * (features/tasks). `period_key` makes each kind once per patient and period.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    clinicId: clinicRef(),
    patientId: patientRef(),
    kind: text('kind').$type<TaskKind>().notNull(),
    status: text('status').$type<TaskStatus>().notNull().default('new'),
    periodKey: text('period_key').notNull(),
    reason: text('reason').notNull(),
    dueOn: date('due_on'),
    createdAt: createdAt(),
    doneAt: tstz('done_at'),
    doneBy: integer('done_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('tasks_patient_kind_period_key').on(t.patientId, t.kind, t.periodKey),
    index('tasks_clinic_status_idx').on(t.clinicId, t.status, t.createdAt),
    check('tasks_kind_check', oneOf(t.kind, TASK_KINDS)),
    check('tasks_status_check', oneOf(t.status, TASK_STATUSES)),
  ],
);

export const voiceCalls = pgTable(
  'voice_calls',
  {
    id: id(),
    clinicId: clinicRef(),
    patientId: patientRef(),
    userId: integer('user_id').notNull(),
    status: text('status').$type<VoiceCallStatus>().notNull().default('queued'),
    /** CALL_OK when the patient was reached, CALL_NOK otherwise; null while the call lasts. */
    outcome: text('outcome').$type<VoiceCallOutcome>(),
    provider: text('provider').notNull().default('simulator'),
    providerCallId: text('provider_call_id'),
    startedAt: tstz('started_at'),
    endedAt: tstz('ended_at'),
    durationSeconds: integer('duration_seconds'),
    createdAt: createdAt(),
  },
  (t) => [
    index('voice_calls_patient_idx').on(t.patientId, t.createdAt),
    index('voice_calls_user_idx').on(t.userId, t.createdAt),
    check('voice_calls_status_check', oneOf(t.status, VOICE_CALL_STATUSES)),
    check(
      'voice_calls_outcome_check',
      sql`${t.outcome} is null or ${oneOf(t.outcome, VOICE_CALL_OUTCOMES)}`,
    ),
    check(
      'voice_calls_duration_check',
      sql`${t.durationSeconds} is null or ${t.durationSeconds} >= 0`,
    ),
  ],
);

// ── Chat ───────────────────────────────────────────────────────────────────────

/**
 * A conversation: with a patient (one per patient; their treating staff, the clinic's admin and
 * its support contact see it), or a staff member's with the clinic's support contact, whoever
 * that is at the time (clinics.support_user_id). decision 023.
 */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: id(),
    clinicId: clinicRef(),
    kind: text('kind').$type<ChatSession['kind']>().notNull(),
    patientId: integer('patient_id'),
    staffUserId: integer('staff_user_id'),
    lastMessageId: integer('last_message_id'),
    /**
     * The last message's time, or the start: the lists' order. Neither it nor last_message_id is
     * indexed, so the update every message makes stays a heap-only (HOT) update; the lists sort the
     * few conversations a person takes part in, or a clinic's, in memory.
     */
    lastActivityAt: tstz('last_activity_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chat_sessions_patient_key')
      .on(t.clinicId, t.patientId)
      .where(sql`${t.kind} = 'patient'`),
    uniqueIndex('chat_sessions_support_key')
      .on(t.clinicId, t.staffUserId)
      .where(sql`${t.kind} = 'support'`),
    foreignKey({
      name: 'chat_sessions_patient_fk',
      columns: [t.clinicId, t.patientId],
      foreignColumns: [patients.clinicId, patients.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'chat_sessions_staff_fk',
      columns: [t.clinicId, t.staffUserId],
      foreignColumns: [users.clinicId, users.id],
    }).onDelete('cascade'),
    check('chat_sessions_kind_check', oneOf(t.kind, CHAT_SESSION_KINDS)),
    check(
      'chat_sessions_party_check',
      sql`(${t.kind} = 'patient' and ${t.patientId} is not null and ${t.staffUserId} is null) or (${t.kind} = 'support' and ${t.staffUserId} is not null and ${t.patientId} is null)`,
    ),
  ],
);

/** Plain text, as written; `client_id` makes a retried send store once. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: id(),
    clinicId: clinicRef(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    // Accounts are deactivated, never deleted: a message keeps its author.
    senderUserId: integer('sender_user_id')
      .notNull()
      .references(() => users.id),
    message: text('message').notNull(),
    clientId: text('client_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_session_idx').on(t.sessionId, t.id),
    // The flood guard counts a sender's last minute.
    index('chat_messages_sender_idx').on(t.senderUserId, t.createdAt),
    uniqueIndex('chat_messages_client_key')
      .on(t.sessionId, t.senderUserId, t.clientId)
      .where(sql`${t.clientId} is not null`),
    check(
      'chat_messages_length_check',
      sql`char_length(${t.message}) between 1 and ${sql.raw(String(CHAT_MESSAGE_MAX_LENGTH))}`,
    ),
  ],
);

/** How far each person has read each conversation: unread counts are the messages after it. */
export const chatReads = pgTable(
  'chat_reads',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadMessageId: integer('last_read_message_id').notNull(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.userId] }),
    // "The conversations I have joined": the unread badge starts here.
    index('chat_reads_user_idx').on(t.userId),
  ],
);

// ── Billing ────────────────────────────────────────────────────────────────────

/**
 * One computation of a clinic's month by the RTM rules (features/billing): when, and its totals,
 * so the balances dashboard reads one row and a page of `billing_patient_months`, not the records
 * of every patient. Recomputed when read stale; a month over is recomputed until late data stops.
 */
export const billingRuns = pgTable(
  'billing_runs',
  {
    clinicId: clinicRef(),
    /** YYYY-MM */
    period: text('period').notNull(),
    computedAt: tstz('computed_at').notNull(),
    /** Whether the month was over in the clinic's zone when computed. */
    closed: boolean('closed').notNull(),
    totals: jsonb('totals').$type<BillingRunTotals>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.period] }),
    check('billing_runs_period_check', sql`${t.period} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);

/**
 * A patient's month as the rules judged it: the lines to bill, those whose date of service is
 * still to come, and what is still missing.
 */
export const billingPatientMonths = pgTable(
  'billing_patient_months',
  {
    clinicId: clinicRef(),
    period: text('period').notNull(),
    patientId: patientRef(),
    billable: jsonb('billable').$type<BillingLine[]>().notNull(),
    /** Lines earned but dated after the day of the run: billed once their day comes. */
    upcoming: jsonb('upcoming')
      .$type<BillingLine[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    notBillable: jsonb('not_billable').$type<RtmNotBillable[]>().notNull(),
    units: integer('units').notNull(),
    amount: doublePrecision('amount').notNull(),
    /** Something can still be done, or was lost (billing-rules.ts needsAttention): the filter. */
    attention: boolean('attention').notNull(),
    /** Who rendered the management time, and assistants who did part of it (the file's columns). */
    staff: jsonb('staff').$type<BillingStaff>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.period, t.patientId] }),
    // The dashboard's page, most to bill first, read in index order (no sort of the month).
    index('billing_patient_months_amount_idx').on(
      t.clinicId,
      t.period,
      t.amount.desc(),
      t.patientId,
    ),
    foreignKey({
      columns: [t.clinicId, t.patientId],
      foreignColumns: [patients.clinicId, patients.id],
      name: 'billing_patient_months_patient_clinic_fk',
    }).onDelete('cascade'),
  ],
);

/** A month's billing file the clinic's administrator uploaded; a new upload replaces it. */
export const billingFiles = pgTable(
  'billing_files',
  {
    id: id(),
    clinicId: clinicRef(),
    period: text('period').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
    size: integer('size').notNull(),
    uploadedBy: integer('uploaded_by')
      .notNull()
      .references(() => users.id),
    uploadedAt: tstz('uploaded_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_files_clinic_period_key').on(t.clinicId, t.period),
    check('billing_files_period_check', sql`${t.period} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('billing_files_size_check', sql`${t.size} = octet_length(${t.content})`),
  ],
);

/**
 * @socket.io/postgres-adapter's table (decision 023): an event too large for one NOTIFY (8,000
 * bytes, e.g. a long message in four-byte characters) is stored here and its id notified. Only
 * used with DATABASE_URL; the adapter deletes rows older than 30 s.
 */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  createdAt: createdAt(),
  payload: bytea('payload'),
});
