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
import {
  APPROVAL_STATUSES,
  type ApprovalStatus,
  HEALTH_METRICS,
  type HealthMetric,
  PATIENT_STATUSES,
  ROLES,
  type Role,
} from '@homestretch/contract/common/enums';
import { GENDERS } from '@homestretch/contract/patients/patient';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const tstz = (name: string) => timestamp(name, { withTimezone: true });

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
    role: text('role').$type<Role>().notNull(),
    companyName: text('company_name').notNull().default(''),
    npi: text('npi'),
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
    deactivatedAt: tstz('deactivated_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('users_role_check', oneOf(t.role, ROLES)),
    check('users_approval_status_check', oneOf(t.approvalStatus, APPROVAL_STATUSES)),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    uniqueIndex('users_email_key').on(t.email),
    index('users_clinic_role_idx').on(t.clinicId, t.role),
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
     * Lower-cased, accent-free "first last" for search, and "last first" for sorting; both kept
     * on every write with `personNameColumns()` (platform/search-text.ts).
     */
    searchName: text('search_name').notNull().default(''),
    sortName: text('sort_name').notNull().default(''),
    gender: text('gender'),
    phone: text('phone'),
    email: text('email'),
    birthday: date('birthday'),
    diagnosis: text('diagnosis'),
    /** ICD-10-CM code chosen for the diagnosis (spec §3 selected_code). */
    selectedCode: text('selected_code'),
    isRtmCovered: boolean('is_rtm_covered').notNull().default(false),
    status: text('status').$type<'active' | 'discharged' | 'removed'>().notNull().default('active'),
    onboardedAt: tstz('onboarded_at'),
    dischargedAt: tstz('discharged_at'),
    lastActivityAt: tstz('last_activity_at'),
    appReminderSentAt: tstz('app_reminder_sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('patients_status_check', oneOf(t.status, PATIENT_STATUSES)),
    check('patients_gender_check', sql`${t.gender} is null or ${oneOf(t.gender, GENDERS)}`),
    // The roster's default order (patients.repo.ts listPatients), read straight off the index.
    index('patients_clinic_status_sort_idx').on(
      t.clinicId,
      t.status,
      sql`${t.sortName} collate "C"`,
      t.id,
    ),
    index('patients_user_idx').on(t.userId),
    index('patients_clinic_phone_idx').on(t.clinicId, t.phone),
    // Phone digits are matched anywhere in the number ("last four digits"), which a trigram
    // index serves; every other search field goes through patient_search_terms.
    index('patients_phone_trgm_idx').using('gin', t.phone.op('gin_trgm_ops')),
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
    status: text('status').$type<'active' | 'discharged' | 'removed'>().notNull(),
    isRtmCovered: boolean('is_rtm_covered').notNull(),
    patients: integer('patients').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.clinicId, t.status, t.isRtmCovered] })],
);

/** What a roster search can match a word against (patient_search_terms.kind). */
export type PatientSearchTermKind = 'full' | 'name' | 'email' | 'diagnosis' | 'code';

/**
 * The searchable words of each patient, one row per (patient, kind, word), kept by the trigger
 * `patients_search_terms_sync` (migration 0005) on every write to the columns they come from, so
 * no write path can forget them. Every search is a prefix match on `term`, answered by one
 * btree range that also carries status and sort name: a roster search and its count are read
 * off the index without visiting the patients table (bench/: 100,000 patients).
 * Removed patients have no terms.
 */
export const patientSearchTerms = pgTable(
  'patient_search_terms',
  {
    clinicId: clinicRef(),
    patientId: patientRef(),
    kind: text('kind').$type<PatientSearchTermKind>().notNull(),
    term: text('term').notNull(),
    status: text('status').$type<'active' | 'discharged'>().notNull(),
    sortName: text('sort_name').notNull(),
  },
  (t) => [
    index('patient_search_terms_lookup_idx').on(
      t.clinicId,
      t.kind,
      t.status,
      t.term.op('text_pattern_ops'),
      t.sortName,
      t.patientId,
    ),
    index('patient_search_terms_patient_idx').on(t.patientId),
  ],
);

export const patientTherapists = pgTable(
  'patient_therapists',
  {
    clinicId: clinicRef(),
    patientId: patientRef(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.patientId, t.userId] }),
    index('patient_therapists_user_idx').on(t.userId),
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
  (t) => [index('icd10_codes_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops'))],
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
  (t) => [primaryKey({ columns: [t.patientId, t.metric, t.day] })],
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
  (t) => [index('functional_data_types_patient_idx').on(t.patientId)],
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

// ── Video library and home exercise programs ─────────────────────────────────

export const videos = pgTable(
  'videos',
  {
    id: id(),
    /** Null for the shared catalogue every clinic sees. */
    clinicId: integer('clinic_id').references(() => clinics.id, { onDelete: 'cascade' }),
    ownerUserId: integer('owner_user_id'),
    title: text('title').notNull().default('Untitled Video'),
    description: text('description').notNull().default('-'),
    bodyParts: text('body_parts').notNull().default('Other'),
    purpose: text('purpose').notNull().default('Other'),
    position: text('position').notNull().default('Other'),
    equipment: text('equipment').notNull().default('-'),
    reps: integer('reps').notNull().default(1),
    sets: integer('sets').notNull().default(1),
    unhealthyBodyPart: text('unhealthy_body_part').notNull().default('-'),
    purposeOfTreatment: text('purpose_of_treatment').notNull().default('-'),
    status: text('status')
      .$type<'uploading' | 'processing' | 'ready' | 'failed'>()
      .notNull()
      .default('ready'),
    storageKey: text('storage_key'),
    thumbnailKey: text('thumbnail_key'),
    durationSeconds: integer('duration_seconds'),
    libraryId: text('library_id'),
    collectionId: text('collection_id'),
    externalId: text('external_id'),
    createdAt: createdAt(),
    deletedAt: tstz('deleted_at'),
  },
  (t) => [index('videos_clinic_idx').on(t.clinicId, t.createdAt)],
);

export const libraryFolders = pgTable(
  'library_folders',
  {
    id: id(),
    clinicId: clinicRef(),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    isShared: boolean('is_shared').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('library_folders_clinic_idx').on(t.clinicId)],
);

export const libraryFolderVideos = pgTable(
  'library_folder_videos',
  {
    folderId: integer('folder_id')
      .notNull()
      .references(() => libraryFolders.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.folderId, t.videoId] })],
);

/** One persistent program per patient (spec's dashboardId is the patient id). */
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
    order: integer('order').notNull().default(0),
    folderId: integer('folder_id'),
    folderName: text('folder_name'),
    description: text('description').notNull().default(''),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    deletedAt: tstz('deleted_at'),
  },
  (t) => [index('hep_items_patient_idx').on(t.patientId, t.order)],
);

export const hepItemHistory = pgTable(
  'hep_item_history',
  {
    id: id(),
    clinicId: clinicRef(),
    hepItemId: integer('hep_item_id')
      .notNull()
      .references(() => hepItems.id, { onDelete: 'cascade' }),
    changedBy: integer('changed_by'),
    action: text('action').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('hep_item_history_item_idx').on(t.hepItemId, t.createdAt)],
);

/** Patient's ticks of their program (adherence). */
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
  (t) => [uniqueIndex('hep_completions_item_day_key').on(t.hepItemId, t.completedOn)],
);

export const hepApprovalRequests = pgTable(
  'hep_approval_requests',
  {
    id: id(),
    clinicId: clinicRef(),
    patientId: patientRef(),
    requestedBy: integer('requested_by').notNull(),
    status: text('status').notNull().default('pending'),
    hepData: jsonb('hep_data').$type<unknown[]>().notNull(),
    reviewedBy: integer('reviewed_by'),
    reviewedAt: tstz('reviewed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('hep_approval_requests_clinic_idx').on(t.clinicId, t.status)],
);

export const hepRequests = pgTable('hep_requests', {
  id: id(),
  clinicId: clinicRef(),
  userId: integer('user_id').notNull(),
  requestContent: text('request_content').notNull(),
  createdAt: createdAt(),
});

// ── Monitoring, chat, tasks, calls ───────────────────────────────────────────

/** Monitoring time; seconds are counted on the server's clock (domain/rtm.md). */
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
    context: text('context'),
  },
  (t) => [
    index('monitoring_sessions_patient_idx').on(t.patientId, t.startedAt),
    index('monitoring_sessions_user_idx').on(t.userId, t.startedAt),
  ],
);

export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: id(),
    clinicId: clinicRef(),
    patientId: integer('patient_id').references(() => patients.id, { onDelete: 'cascade' }),
    /** patient: clinic ↔ patient; support: staff ↔ product support. */
    kind: text('kind').$type<'patient' | 'support'>().notNull().default('patient'),
    staffUserId: integer('staff_user_id'),
    lastMessageAt: tstz('last_message_at'),
    createdAt: createdAt(),
  },
  (t) => [index('chat_sessions_clinic_idx').on(t.clinicId, t.lastMessageAt)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: id(),
    clinicId: clinicRef(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    senderUserId: integer('sender_user_id'),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_session_idx').on(t.sessionId, t.id)],
);

export const chatReads = pgTable(
  'chat_reads',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadMessageId: integer('last_read_message_id').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.userId] })],
);

export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    clinicId: clinicRef(),
    patientId: integer('patient_id').references(() => patients.id, { onDelete: 'cascade' }),
    assigneeUserId: integer('assignee_user_id'),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    status: text('status').notNull().default('new'),
    dueAt: tstz('due_at'),
    completedAt: tstz('completed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('tasks_clinic_status_idx').on(t.clinicId, t.status, t.dueAt)],
);

export const voiceCalls = pgTable(
  'voice_calls',
  {
    id: id(),
    clinicId: clinicRef(),
    patientId: patientRef(),
    userId: integer('user_id').notNull(),
    status: text('status').notNull().default('queued'),
    provider: text('provider').notNull().default('simulator'),
    providerCallId: text('provider_call_id'),
    startedAt: tstz('started_at'),
    endedAt: tstz('ended_at'),
    durationSeconds: integer('duration_seconds'),
    createdAt: createdAt(),
  },
  (t) => [index('voice_calls_patient_idx').on(t.patientId, t.createdAt)],
);

// ── Billing, referral, analytics ─────────────────────────────────────────────

export const billingUnits = pgTable(
  'billing_units',
  {
    id: id(),
    clinicId: clinicRef(),
    patientId: patientRef(),
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    cptCode: text('cpt_code').notNull(),
    units: smallint('units').notNull(),
    minutes: integer('minutes'),
    daysWithData: smallint('days_with_data'),
    serviceDate: date('service_date'),
    renderingUserId: integer('rendering_user_id'),
    amountCents: integer('amount_cents'),
    createdAt: createdAt(),
  },
  (t) => [index('billing_units_clinic_period_idx').on(t.clinicId, t.year, t.month)],
);

export const billingFiles = pgTable(
  'billing_files',
  {
    id: id(),
    clinicId: clinicRef(),
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    name: text('name').notNull(),
    content: bytea('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('billing_files_period_key').on(t.clinicId, t.year, t.month, t.name)],
);

export const referrals = pgTable('referrals', {
  id: id(),
  clinicId: clinicRef(),
  userId: integer('user_id').notNull(),
  email: text('email').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  actionUrl: text('action_url').notNull(),
  createdAt: createdAt(),
});

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    clinicId: integer('clinic_id'),
    userId: integer('user_id'),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('analytics_events_kind_idx').on(t.kind, t.createdAt)],
);
