import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { REALTIME_PATH } from '@homestretch/contract/realtime/events';
import {
  auditLog,
  billingFiles,
  chatMessages,
  clinics,
  chatSessions,
  functionalDataTypes,
  hepItems,
  hepPatientRequests,
  interactionLogs,
  libraryFolders,
  monitoringSessions,
  programTemplateItems,
  programTemplates,
  tasks,
  videos,
  voiceCalls,
} from '../db/schema';
import {
  TEST_PASSWORD,
  call,
  clinicWithStaff,
  createPatient,
  createUser,
  sessionCookie,
  testAppForFile,
  unique,
} from '../test/harness';
import { createSession } from './sessions';
import {
  ACCESS_MATRIX,
  CALLERS,
  type Caller,
  OUTSIDE_MATRIX,
  expectedStatus,
} from '../test/access-matrix';

/**
 * Issue 16, standing proof: every operation × every caller × own clinic / other clinic, against
 * the hand-written table of access-matrix.ts; and every successful call on patient data leaves
 * its audit row. Clinic B's names, notes and messages carry a canary no answer to a clinic-A
 * caller may contain.
 */
const t = testAppForFile();

const CANARY = `zqcanary${unique('b').slice(2)}`;
/**
 * Both clinics' patients have a diagnosis holding this: no answer to an office manager may
 * (permissions.ts CLINICAL_PATIENT_FIELDS; security issue 28, minimum necessary).
 */
const DIAGNOSIS_MARK = `zqdiagnosis${unique('d').slice(2)}`;

type StaffRole = 'admin' | 'therapist' | 'remote_therapist' | 'manager' | 'supervisor';

interface CallerCred {
  userId: number | null;
  headers: Record<string, string>;
}

async function bearerOf(cookie: string): Promise<string> {
  const response = await call(t, {
    method: 'GET',
    url: '/authentication/extension-token',
    cookie,
  });
  return `Bearer ${(response.json() as { token: string }).token}`;
}

/** A patient's message in their conversation, as its last message. */
async function patientWrote(
  clinicId: number,
  sessionId: number,
  patientUserId: number,
  text: string,
) {
  const [message] = await t.db
    .insert(chatMessages)
    .values({ clinicId, sessionId, senderUserId: patientUserId, message: text })
    .returning();
  await t.db
    .update(chatSessions)
    .set({ lastMessageId: message!.id })
    .where(eq(chatSessions.id, sessionId));
  return message!;
}

/** A clinic template of one exercise, by its author. */
async function insertTemplate(
  clinicId: number,
  authorUserId: number,
  videoId: number,
  name: string,
) {
  const [template] = await t.db
    .insert(programTemplates)
    .values({ clinicId, authorUserId, name, condition: 'knee-replacement', phase: 'early' })
    .returning();
  await t.db
    .insert(programTemplateItems)
    .values({ templateId: template!.id, position: 1, videoId, sets: 3, reps: 10 });
  return template!;
}

/** One clinic with every role, a patient in the app and one of everything the routes name. */
async function clinicFixture(canary: string, copyCatalogue: boolean) {
  const tag = canary || 'A';
  const { clinic, staff } = await clinicWithStaff(t);
  // Billing months start at the clinic's first; the support conversation needs its contact.
  await t.db
    .update(clinics)
    .set({ createdAt: new Date('2026-01-05T12:00:00Z'), supportUserId: staff.admin.user.id })
    .where(eq(clinics.id, clinic.id));
  const treating = [staff.therapist.user.id, staff.remote_therapist.user.id];
  const patientUser = await createUser(t.db, {
    clinicId: clinic.id,
    role: 'patient',
    lastName: `Pat${canary}`,
    email: `${unique('patient')}${canary}@test.homestretch.test`,
  });
  const patient = await createPatient(
    t.db,
    {
      clinicId: clinic.id,
      userId: patientUser.id,
      lastName: `Record${canary}`,
      email: `${unique('rec')}${canary}@test.homestretch.test`,
      phone: '+12125550123',
      diagnosis: `Knee ${DIAGNOSIS_MARK} ${canary}`,
    },
    treating,
  );
  const patientCookie = await sessionCookie(t, patientUser.id);
  const owner = staff.therapist.user.id;
  const [video] = await t.db
    .insert(videos)
    .values({ clinicId: clinic.id, ownerUserId: owner, title: `Film ${tag}`, storageKey: 'f.mp4' })
    .returning();
  // What "copy a video" names: for the caller's clinic a catalogue exercise (the one kind that
  // is copied), for the other clinic that clinic's own film.
  const [catalogue] = await t.db.insert(videos).values({ title: 'Bridge' }).returning();
  const [folder] = await t.db
    .insert(libraryFolders)
    .values({ clinicId: clinic.id, ownerUserId: owner, name: `Folder ${tag}`, isShared: true })
    .returning();
  const [hep] = await t.db
    .insert(hepItems)
    .values({
      clinicId: clinic.id,
      patientId: patient.id,
      videoId: video!.id,
      sets: 3,
      reps: 10,
      description: `Slowly ${canary}`,
    })
    .returning();
  const template = await insertTemplate(clinic.id, owner, video!.id, `Template ${tag}`);
  const session = await call(t, {
    method: 'POST',
    url: '/chat/session',
    cookie: staff.therapist.cookie,
    payload: { patient: patient.id },
  });
  const sessionId = (session.json() as { id: number }).id;
  const message = await patientWrote(clinic.id, sessionId, patientUser.id, `My knee ${canary}`);
  const [datatype] = await t.db
    .insert(functionalDataTypes)
    .values({ clinicId: clinic.id, patientId: patient.id, name: `Reach ${tag}` })
    .returning();
  await t.db.insert(interactionLogs).values({
    clinicId: clinic.id,
    patientId: patient.id,
    userId: owner,
    date: new Date('2026-11-01T15:00:00Z'),
    notes: `Called ${canary}`,
  });
  await t.db.insert(billingFiles).values({
    clinicId: clinic.id,
    period: '2026-10',
    name: `october${canary}.csv`,
    contentType: 'text/csv',
    content: Buffer.from(`patient,${canary}\n`),
    size: Buffer.byteLength(`patient,${canary}\n`),
    uploadedBy: staff.admin.user.id,
  });
  const extension = await bearerOf(staff.therapist.cookie);
  const staffCred = (role: StaffRole): CallerCred => ({
    userId: staff[role].user.id,
    headers: { cookie: staff[role].cookie },
  });
  const callers: Record<Exclude<Caller, 'anon'>, CallerCred> = {
    P: { userId: patientUser.id, headers: { cookie: patientCookie } },
    T: staffCred('therapist'),
    R: staffCred('remote_therapist'),
    M: staffCred('manager'),
    A: staffCred('admin'),
    S: staffCred('supervisor'),
    X: { userId: staff.therapist.user.id, headers: { authorization: extension } },
  };
  return {
    clinic,
    staff,
    patient,
    patientUser,
    video: video!,
    copyable: copyCatalogue ? catalogue!.id : video!.id,
    folder: folder!,
    template,
    hep: hep!,
    sessionId,
    messageId: message.id,
    datatypeId: datatype!.id,
    callers,
    /** Who treats the fixture's patients, those made per call too. */
    treating,
    /** Who sends the approval requests a supervisor decides: one who treats the patient. */
    requesterCookie: staff.remote_therapist.cookie,
  };
}
type Fixture = Awaited<ReturnType<typeof clinicFixture>>;

/**
 * Clinic A again, with a patient a colleague treats and T, R (and X, T's token) do not
 * (security finding 10): the same staff, and the patient's own program, conversation and
 * measure. Its patient is P, so the patient app reaches its own data as in `own`.
 */
async function untreatedFixture(own: Fixture): Promise<Fixture> {
  const colleague = await createUser(t.db, { clinicId: own.clinic.id, role: 'therapist' });
  const treating = [colleague.id];
  const patientUser = await createUser(t.db, { clinicId: own.clinic.id, role: 'patient' });
  const patient = await createPatient(
    t.db,
    { clinicId: own.clinic.id, userId: patientUser.id, phone: '+12125550125', diagnosis: 'Hip' },
    treating,
  );
  const [hep] = await t.db
    .insert(hepItems)
    .values({
      clinicId: own.clinic.id,
      patientId: patient.id,
      videoId: own.video.id,
      sets: 3,
      reps: 10,
    })
    .returning();
  const colleagueCookie = await sessionCookie(t, colleague.id);
  const session = await call(t, {
    method: 'POST',
    url: '/chat/session',
    cookie: colleagueCookie,
    payload: { patient: patient.id },
  });
  const sessionId = (session.json() as { id: number }).id;
  const message = await patientWrote(own.clinic.id, sessionId, patientUser.id, 'My hip');
  const [datatype] = await t.db
    .insert(functionalDataTypes)
    .values({ clinicId: own.clinic.id, patientId: patient.id, name: 'Reach U' })
    .returning();
  return {
    ...own,
    patient,
    patientUser,
    hep: hep!,
    sessionId,
    messageId: message.id,
    datatypeId: datatype!.id,
    callers: {
      ...own.callers,
      P: { userId: patientUser.id, headers: { cookie: await sessionCookie(t, patientUser.id) } },
    },
    treating,
    requesterCookie: colleagueCookie,
  };
}

/**
 * Resources a destructive or one-shot operation uses up, made fresh for each call, owned by the
 * caller where ownership matters (videos, folders, calls, monitoring). In clinic B that makes a
 * clinic-A caller the owner of a clinic-B row: only the clinic filter stands between them.
 */
function fresh(fx: Fixture, userId: number | null) {
  const actor = userId ?? fx.staff.therapist.user.id;
  const ownerId = actor === fx.patientUser.id ? fx.staff.therapist.user.id : actor;
  return {
    patient: (values: { diagnosis?: string; onboardedAt?: Date } = {}) =>
      createPatient(
        t.db,
        { clinicId: fx.clinic.id, phone: '+12125550124', ...values },
        fx.treating,
      ),
    video: async () => {
      const [row] = await t.db
        .insert(videos)
        .values({ clinicId: fx.clinic.id, ownerUserId: ownerId, title: 'Spare', storageKey: 's' })
        .returning();
      return row!;
    },
    folder: async () => {
      const [row] = await t.db
        .insert(libraryFolders)
        .values({ clinicId: fx.clinic.id, ownerUserId: ownerId, name: unique('folder') })
        .returning();
      return row!;
    },
    template: () => insertTemplate(fx.clinic.id, ownerId, fx.video.id, unique('template')),
    hep: async (deleted = false, patientId = fx.patient.id) => {
      const video = await fresh(fx, userId).video();
      const [row] = await t.db
        .insert(hepItems)
        .values({
          clinicId: fx.clinic.id,
          patientId,
          videoId: video.id,
          sets: 2,
          reps: 5,
          ...(deleted ? { deletedAt: t.clock.now() } : {}),
        })
        .returning();
      return row!;
    },
    log: async () => {
      const [row] = await t.db
        .insert(interactionLogs)
        .values({
          clinicId: fx.clinic.id,
          patientId: fx.patient.id,
          userId: ownerId,
          date: new Date('2026-11-01T16:00:00Z'),
        })
        .returning();
      return row!;
    },
    task: async () => {
      const [row] = await t.db
        .insert(tasks)
        .values({
          clinicId: fx.clinic.id,
          patientId: fx.patient.id,
          kind: 'call_due',
          periodKey: unique('p'),
          reason: 'Call due',
        })
        .returning();
      return row!;
    },
    /** One call at a time: the caller's call placed by an earlier cell is over. */
    hangUp: () =>
      t.db
        .update(voiceCalls)
        .set({ status: 'completed', endedAt: t.clock.now() })
        .where(and(eq(voiceCalls.userId, actor), isNull(voiceCalls.endedAt))),
    /** A call placed by the caller: a call is read and ended only by the one who placed it. */
    call: async () => {
      const [row] = await t.db
        .insert(voiceCalls)
        .values({ clinicId: fx.clinic.id, patientId: fx.patient.id, userId: ownerId })
        .returning();
      return row!;
    },
    monitoring: async () => {
      await t.db
        .update(monitoringSessions)
        .set({ endedAt: t.clock.now() })
        .where(eq(monitoringSessions.userId, ownerId));
      const [row] = await t.db
        .insert(monitoringSessions)
        .values({
          clinicId: fx.clinic.id,
          userId: ownerId,
          patientId: fx.patient.id,
          startedAt: t.clock.now(),
        })
        .returning();
      return row!;
    },
    approvalRequest: async () => {
      const patient = await fresh(fx, userId).patient();
      const response = await call(t, {
        method: 'POST',
        url: `/video/hep-approval-requests/${patient.id}`,
        cookie: fx.requesterCookie,
        payload: approvalPayload(patient.id, fx.video.id),
      });
      return response.json() as { id: number };
    },
    hepRequest: async () => {
      const [row] = await t.db
        .insert(hepPatientRequests)
        .values({ clinicId: fx.clinic.id, patientId: fx.patient.id, content: 'More?' })
        .returning();
      return row!;
    },
    staff: (approvalStatus: 'pending' | 'approved' = 'approved') =>
      createUser(t.db, { clinicId: fx.clinic.id, role: 'therapist', approvalStatus }),
    /** A session of the caller's own kind, for an operation that ends the one it is sent with. */
    session: async (caller: Caller): Promise<Record<string, string>> => {
      if (userId === null) {
        return {};
      }
      const kind = caller === 'X' ? 'extension' : 'web';
      const { token } = await createSession(t.db, {
        userId,
        kind,
        now: t.clock.now(),
        lifetimeMs: 3_600_000,
      });
      return kind === 'web'
        ? { cookie: `hs_session=${token}` }
        : { authorization: `Bearer ${token}` };
    },
  };
}

function approvalPayload(patientId: number, videoId: number) {
  return {
    dashboard: patientId,
    hep_data: [{ video_id: videoId, _sets: 3, _reps: 10, order: 1 }],
  };
}

/** A US number no other cell used: the patient doors refuse a number twice. */
function freshPhone(): string {
  return `+1212${200 + Math.floor(Math.random() * 800)}${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;
}

interface Request {
  url: string;
  payload?: unknown;
  /** Replaces the caller's credentials (an operation that ends the session it is sent with). */
  headers?: Record<string, string>;
}
type Builder = (
  fx: Fixture,
  f: ReturnType<typeof fresh>,
  caller: Caller,
) => Request | Promise<Request>;

const FEE_INFO = {
  provider_info: { first_name: 'Ann', last_name: 'Lee', npi: '1234567893' },
  practice_info: {
    name: 'Stretch PT',
    npi: '1234567893',
    tax_id: '12-3456789',
    address: { line1: '1 Main St', city: 'Boston', state: 'MA', zip: '02110' },
    phone: '+1 617 555 0100',
  },
};

/** A valid request for each operation, naming the given clinic's resources. */
const REQUESTS: Record<string, Builder> = {
  'POST /clinic/therapist/signin': async (fx) => ({
    url: '/clinic/therapist/signin',
    payload: {
      email: (await createUser(t.db, { clinicId: fx.clinic.id, role: 'therapist' })).email,
      password: TEST_PASSWORD,
    },
  }),
  'POST /clinic/therapist/signup': (fx) => ({
    url: '/clinic/therapist/signup',
    payload: {
      email: `${unique('new')}@test.homestretch.test`,
      password: TEST_PASSWORD,
      first_name: 'New',
      last_name: 'Colleague',
      role: 'therapist',
      code: fx.clinic.code,
    },
  }),
  'POST /clinic/therapist/signup/confirm': () => ({
    url: '/clinic/therapist/signup/confirm',
    payload: { signup: '999999', token: 'not-a-token' },
  }),
  'POST /clinic/therapist/reset-password': async (_fx, f) => ({
    url: '/clinic/therapist/reset-password',
    payload: { email: (await f.staff()).email },
  }),
  'GET /clinic/therapist/reset-password-check': () => ({
    url: '/clinic/therapist/reset-password-check?uid=999999&token=not-a-token',
  }),
  'POST /clinic/therapist/reset-password-confirm': () => ({
    url: '/clinic/therapist/reset-password-confirm',
    payload: { uid: '999999', token: 'not-a-token', password: TEST_PASSWORD },
  }),
  'POST /authentication/logout': async (_fx, f, caller) => ({
    url: '/authentication/logout',
    headers: await f.session(caller),
  }),
  'GET /clinic/check_code': (fx) => ({ url: `/clinic/check_code?code=${fx.clinic.code}` }),
  'POST /clinic/supervisor/signin': (fx) => ({
    url: '/clinic/supervisor/signin',
    payload: { code: fx.clinic.code, password: TEST_PASSWORD },
  }),
  'POST /clinic/patient/send-otp': () => ({
    url: '/clinic/patient/send-otp',
    payload: { phone: freshPhone() },
  }),
  'POST /clinic/patient/verify-otp': () => ({
    url: '/clinic/patient/verify-otp',
    payload: { phone: freshPhone(), otp: '000000' },
  }),
  'POST /clinic/patient/qr-registration': (fx) => ({
    url: '/clinic/patient/qr-registration',
    payload: {
      clinic_code: fx.clinic.code,
      email: `${unique('qr')}@test.homestretch.test`,
      password: TEST_PASSWORD,
      first_name: 'Qr',
      last_name: 'Patient',
      phone: freshPhone(),
    },
  }),
  'GET /authentication/extension-token': () => ({ url: '/authentication/extension-token' }),
  'GET /api/v1/users/': () => ({ url: '/api/v1/users/' }),
  'GET /user/settings-info': () => ({ url: '/user/settings-info' }),
  'PATCH /user/therapist/cancel-feature-notification': () => ({
    url: '/user/therapist/cancel-feature-notification',
  }),
  'PATCH /user/therapist/cancel-billing-notification': () => ({
    url: '/user/therapist/cancel-billing-notification',
  }),
  'PATCH /clinic/supervisor': () => ({
    url: '/clinic/supervisor',
    payload: { first_name: 'Sue' },
  }),
  'GET /api/v1/clinics/:code/': (fx) => ({ url: `/api/v1/clinics/${fx.clinic.code}/` }),
  'GET /clinic/therapist': () => ({ url: '/clinic/therapist' }),
  'PATCH /admin/clinic/update/supervisor': (fx) => ({
    url: '/admin/clinic/update/supervisor',
    payload: { user_id: fx.staff.supervisor.user.id, therapist_ids: [fx.staff.therapist.user.id] },
  }),
  'PATCH /clinic/therapist/approval': async (_fx, f) => ({
    url: '/clinic/therapist/approval',
    payload: { user_id: (await f.staff('pending')).id, status: 'approved' },
  }),
  'PATCH /clinic/staff/:userId/role': async (_fx, f) => ({
    url: `/clinic/staff/${(await f.staff()).id}/role`,
    payload: { role: 'remote_therapist' },
  }),
  'PATCH /clinic/staff/:userId/assistant-kind': (fx) => ({
    url: `/clinic/staff/${fx.staff.therapist.user.id}/assistant-kind`,
    payload: { assistant_kind: null },
  }),
  'DELETE /clinic/staff/:userId/supervisor': (fx) => ({
    url: `/clinic/staff/${fx.staff.remote_therapist.user.id}/supervisor`,
  }),
  'POST /clinic/referral/send-email': () => ({
    url: '/clinic/referral/send-email',
    payload: {
      email: `${unique('friend')}@test.homestretch.test`,
      action_url: `${t.config.publicUrl}/therapist-signup`,
      first_name: 'Fri',
      last_name: 'End',
    },
  }),
  'GET /api/v1/icd10_codes/': () => ({ url: '/api/v1/icd10_codes/?search=knee' }),
  'GET /api/v1/patients/': () => ({ url: '/api/v1/patients/' }),
  'POST /clinic/patient/register': () => ({
    url: '/clinic/patient/register',
    payload: { first_name: 'New', last_name: unique('Patient') },
  }),
  'PUT /clinic/patient/:id/update': (fx) => ({
    url: `/clinic/patient/${fx.patient.id}/update`,
    payload: { first_name: fx.patient.firstName, last_name: fx.patient.lastName },
  }),
  'PATCH /clinic/therapist/patient/discharged': async (_fx, f) => ({
    url: '/clinic/therapist/patient/discharged',
    payload: { patient_ids: [(await f.patient()).id] },
  }),
  'PATCH /clinic/patient/:id/update-rtm-coverage': (fx) => ({
    url: `/clinic/patient/${fx.patient.id}/update-rtm-coverage`,
    payload: { is_rtm_covered: true },
  }),
  'PATCH /api/v1/patients/:id/change-therapist/': (fx) => ({
    url: `/api/v1/patients/${fx.patient.id}/change-therapist/`,
    payload: { therapist_ids: fx.treating },
  }),
  'POST /api/v1/patients/:id/send_app_reminder/': async (_fx, f) => ({
    url: `/api/v1/patients/${(await f.patient()).id}/send_app_reminder/`,
    payload: { channel: 'sms' },
  }),
  'POST /api/v1/patients/:id/remove/': async (_fx, f) => ({
    url: `/api/v1/patients/${(await f.patient()).id}/remove/`,
  }),
  'GET /api/v1/patients/:id/': (fx) => ({ url: `/api/v1/patients/${fx.patient.id}/` }),
  'POST /api/v1/patients/:id/onboard/': async (fx, f) => ({
    url: `/api/v1/patients/${(await f.patient()).id}/onboard/`,
    payload: { diagnosis: 'Knee pain', therapists: [fx.staff.therapist.user.id] },
  }),
  'PATCH /api/v1/patients/:id/re_onboard/': async (fx, f) => ({
    url: `/api/v1/patients/${(await f.patient({ diagnosis: 'Hip', onboardedAt: t.clock.now() })).id}/re_onboard/`,
    payload: { diagnosis: 'Knee pain', therapists: [fx.staff.therapist.user.id] },
  }),
  'GET /api/v1/patients/:id/log_interaction/': (fx) => ({
    url: `/api/v1/patients/${fx.patient.id}/log_interaction/`,
  }),
  'POST /api/v1/patients/:id/log_interaction/': (fx) => ({
    url: `/api/v1/patients/${fx.patient.id}/log_interaction/`,
    payload: { log: { date: '2026-11-02T14:00:00Z', notes: 'Checked in' } },
  }),
  'POST /api/v1/patients/:id/log_interaction/delete/': async (fx, f) => ({
    url: `/api/v1/patients/${fx.patient.id}/log_interaction/delete/`,
    payload: { log: { log_id: (await f.log()).id } },
  }),
  'GET /user/therapist/dashboard/health/:patientId': (fx) => ({
    url: `/user/therapist/dashboard/health/${fx.patient.id}?metric=steps`,
  }),
  'GET /user/therapist/dashboard/progress/:patientId': (fx) => ({
    url: `/user/therapist/dashboard/progress/${fx.patient.id}`,
  }),
  'GET /api/v1/patients/:id/report/': (fx) => ({
    url: `/api/v1/patients/${fx.patient.id}/report/`,
  }),
  'GET /user/therapist/dashboard/functional-data/:patientId': (fx) => ({
    url: `/user/therapist/dashboard/functional-data/${fx.patient.id}`,
  }),
  'POST /user/therapist/dashboard/functional-data/:patientId': (fx) => ({
    url: `/user/therapist/dashboard/functional-data/${fx.patient.id}`,
    payload: { name: unique('Measure') },
  }),
  'PATCH /user/therapist/dashboard/functional-data/:patientId': (fx) => ({
    url: `/user/therapist/dashboard/functional-data/${fx.patient.id}`,
    payload: { datatype_id: fx.datatypeId, unit: 'cm' },
  }),
  'GET /user/therapist/banners/:patientId': (fx) => ({
    url: `/user/therapist/banners/${fx.patient.id}`,
  }),
  'GET /user/therapist/banners/:patientId/snoozes': (fx) => ({
    url: `/user/therapist/banners/${fx.patient.id}/snoozes`,
  }),
  'POST /user/therapist/banners/:patientId/:banner/snooze': (fx) => ({
    url: `/user/therapist/banners/${fx.patient.id}/no_activity/snooze`,
    payload: { days: 3 },
  }),
  'DELETE /user/therapist/banners/:patientId/:banner/snooze': (fx) => ({
    url: `/user/therapist/banners/${fx.patient.id}/no_activity/snooze`,
  }),
  'GET /api/v1/patients/:id/monitoring/': (fx) => ({
    url: `/api/v1/patients/${fx.patient.id}/monitoring/`,
  }),
  'POST /app-api/health/samples': () => ({
    url: '/app-api/health/samples',
    payload: {
      samples: [
        { id: unique('s'), recorded_at: '2026-11-02T12:00:00Z', type: 'steps', steps: 1200 },
      ],
    },
  }),
  'GET /app-api/health/daily': () => ({ url: '/app-api/health/daily?metric=steps' }),
  'GET /app-api/me': () => ({ url: '/app-api/me' }),
  'GET /app-api/program': () => ({ url: '/app-api/program' }),
  'PUT /app-api/program/:hepId/progress': (fx) => ({
    url: `/app-api/program/${fx.hep.id}/progress`,
    payload: { sets_done: 1 },
  }),
  'POST /video/hep_request/create': () => ({
    url: '/video/hep_request/create',
    payload: { request_content: 'Can I do more?' },
  }),
  'GET /app-api/chat': () => ({ url: '/app-api/chat' }),
  'GET /video/list': () => ({ url: '/video/list' }),
  'GET /video/:id': (fx) => ({ url: `/video/${fx.video.id}` }),
  'PATCH /video/:id': async (_fx, f) => ({
    url: `/video/${(await f.video()).id}`,
    payload: { title: 'Renamed' },
  }),
  'POST /video/:id/copy': (fx) => ({ url: `/video/${fx.copyable}/copy` }),
  'DELETE /video/delete': async (_fx, f) => ({
    url: '/video/delete',
    payload: { videos: [(await f.video()).id] },
  }),
  'GET /video/library': () => ({ url: '/video/library' }),
  'POST /video/library': () => ({ url: '/video/library', payload: { name: unique('Folder') } }),
  'GET /video/library/:folderId': (fx) => ({ url: `/video/library/${fx.folder.id}` }),
  'PATCH /video/library/:folderId': async (_fx, f) => ({
    url: `/video/library/${(await f.folder()).id}`,
    payload: { name: unique('Renamed') },
  }),
  'DELETE /video/library/:folderId': async (_fx, f) => ({
    url: `/video/library/${(await f.folder()).id}`,
  }),
  'POST /video/library/bulk': async (fx, f) => ({
    url: '/video/library/bulk',
    payload: { video_ids: [fx.video.id], libraryfolder_ids: [(await f.folder()).id] },
  }),
  'DELETE /video/library/delete': async (_fx, f) => ({
    url: '/video/library/delete',
    payload: { video_ids: [(await f.video()).id], libraryfolder_ids: [(await f.folder()).id] },
  }),
  'GET /api/v1/program-templates': () => ({
    url: '/api/v1/program-templates?condition=knee-replacement',
  }),
  'POST /api/v1/program-templates': (fx) => ({
    url: '/api/v1/program-templates',
    payload: {
      name: unique('Template'),
      condition: 'knee-replacement',
      phase: 'early',
      items: [{ video_id: fx.video.id, sets: 3, reps: 10 }],
    },
  }),
  'GET /api/v1/program-templates/:templateId': (fx) => ({
    url: `/api/v1/program-templates/${fx.template.id}`,
  }),
  'PUT /api/v1/program-templates/:templateId': async (fx, f) => ({
    url: `/api/v1/program-templates/${(await f.template()).id}`,
    payload: {
      name: unique('Template'),
      condition: 'knee-replacement',
      phase: 'middle',
      items: [{ video_id: fx.video.id, sets: 2, reps: 8, hold_seconds: 5 }],
    },
  }),
  'DELETE /api/v1/program-templates/:templateId': async (_fx, f) => ({
    url: `/api/v1/program-templates/${(await f.template()).id}`,
  }),
  'POST /api/v1/program-templates/:templateId/copy': (fx) => ({
    url: `/api/v1/program-templates/${fx.template.id}/copy`,
  }),
  'POST /video/library/share': async (_fx, f) => ({
    url: '/video/library/share',
    payload: { libraryfolder_ids: [(await f.folder()).id], is_shared: true },
  }),
  'POST /video/create_by_therapist': () => ({
    url: '/video/create_by_therapist',
    payload: { title: 'New film' },
  }),
  'GET /video/hep/therapist/:dashboardId': (fx) => ({
    url: `/video/hep/therapist/${fx.patient.id}`,
  }),
  'POST /video/hep/therapist/:dashboardId': async (fx, f) => ({
    url: `/video/hep/therapist/${fx.patient.id}`,
    payload: [{ video_id: (await f.video()).id, sets: 2, reps: 8 }],
  }),
  'PATCH /video/hep/therapist/:dashboardId/:hepId': async (fx, f) => ({
    url: `/video/hep/therapist/${fx.patient.id}/${(await f.hep()).id}`,
    payload: { sets: 4 },
  }),
  'DELETE /video/hep/therapist/:dashboardId': async (fx, f) => ({
    url: `/video/hep/therapist/${fx.patient.id}`,
    payload: { hep_ids: [(await f.hep()).id] },
  }),
  'POST /api/v1/heps/:id/restore/': async (_fx, f) => ({
    url: `/api/v1/heps/${(await f.hep(true)).id}/restore/`,
  }),
  'POST /api/v1/heps/set_order/': async (_fx, f) => {
    const patient = await f.patient();
    const [first, second] = [await f.hep(false, patient.id), await f.hep(false, patient.id)];
    return { url: '/api/v1/heps/set_order/', payload: { hep_ids: [second.id, first.id] } };
  },
  'GET /video/hep/:hepId/history': (fx) => ({ url: `/video/hep/${fx.hep.id}/history` }),
  'GET /video/hep/therapist/:dashboardId/history': (fx) => ({
    url: `/video/hep/therapist/${fx.patient.id}/history`,
  }),
  'POST /video/hep_request/:id/resolve': async (_fx, f) => ({
    url: `/video/hep_request/${(await f.hepRequest()).id}/resolve`,
  }),
  'POST /video/hep-approval-requests/:dashboardId': async (fx, f) => {
    const patient = await f.patient();
    return {
      url: `/video/hep-approval-requests/${patient.id}`,
      payload: approvalPayload(patient.id, fx.video.id),
    };
  },
  'GET /video/hep-approval-requests/:id/details': async (_fx, f) => ({
    url: `/video/hep-approval-requests/${(await f.approvalRequest()).id}/details`,
  }),
  'POST /video/hep-approval-requests/:id/approve-with-changes': async (_fx, f) => ({
    url: `/video/hep-approval-requests/${(await f.approvalRequest()).id}/approve-with-changes`,
    payload: { action: 'accept' },
  }),
  'GET /video/hep/patient/:patientId/pending': (fx) => ({
    url: `/video/hep/patient/${fx.patient.id}/pending`,
  }),
  'GET /clinic/supervisor/approval': () => ({ url: '/clinic/supervisor/approval' }),
  'PATCH /clinic/supervisor/approval': (fx) => ({
    url: '/clinic/supervisor/approval',
    payload: { user_id: fx.staff.therapist.user.id, status: 'role_default' },
  }),
  'GET /video/recommendations': (fx) => ({
    url: `/video/recommendations?diagnosis_name=Knee&onboarded_at=2026-10-01&therapist_id=${fx.staff.therapist.user.id}&patient_id=${fx.patient.id}`,
  }),
  'POST /user/therapist/monitoring': (fx) => ({
    url: '/user/therapist/monitoring',
    payload: { user_id: fx.patient.id },
  }),
  'PUT /user/therapist/dashboard/monitoring/:monitoringId': async (_fx, f) => ({
    url: `/user/therapist/dashboard/monitoring/${(await f.monitoring()).id}`,
    payload: { seconds: 30 },
  }),
  'GET /clinic/therapist/monitoring-priority-list': () => ({
    url: '/clinic/therapist/monitoring-priority-list',
  }),
  'GET /user/therapist/dashboard/monitoring': () => ({
    url: '/user/therapist/dashboard/monitoring',
  }),
  'GET /api/v1/tasks/': () => ({ url: '/api/v1/tasks/' }),
  'POST /api/v1/tasks/:taskId/done/': async (_fx, f) => ({
    url: `/api/v1/tasks/${(await f.task()).id}/done/`,
  }),
  'POST /user/voice/call': async (fx, f) => {
    await f.hangUp();
    return { url: '/user/voice/call', payload: { patient_id: fx.patient.id } };
  },
  'GET /user/voice/call/:callId/status': async (_fx, f) => ({
    url: `/user/voice/call/${(await f.call()).id}/status`,
  }),
  'POST /user/voice/call/:callId/end': async (_fx, f) => ({
    url: `/user/voice/call/${(await f.call()).id}/end`,
  }),
  'GET /user/voice/calls': () => ({ url: '/user/voice/calls' }),
  'GET /chat/therapist': () => ({ url: '/chat/therapist' }),
  'GET /chat/unread': () => ({ url: '/chat/unread' }),
  'GET /chat/support': () => ({ url: '/chat/support' }),
  'POST /chat/session': (fx) => ({ url: '/chat/session', payload: { patient: fx.patient.id } }),
  'GET /chat/message': (fx) => ({ url: `/chat/message?session=${fx.sessionId}` }),
  'POST /chat/message': (fx) => ({
    url: '/chat/message',
    payload: { session: fx.sessionId, message: 'How is the knee?' },
  }),
  'POST /chat/session/:sessionId/read': (fx) => ({
    url: `/chat/session/${fx.sessionId}/read`,
    payload: { message: fx.messageId },
  }),
  'GET /clinic/billing-units': () => ({ url: '/clinic/billing-units?month=10&year=2026' }),
  'GET /clinic/billing-units/patient/:patientId': (fx) => ({
    url: `/clinic/billing-units/patient/${fx.patient.id}?month=10&year=2026`,
  }),
  'GET /clinic/billing-chart': () => ({ url: '/clinic/billing-chart?year=2026&current_month=10' }),
  'GET /clinic/:code/billing-info': (fx) => ({ url: `/clinic/${fx.clinic.code}/billing-info` }),
  'PUT /clinic/:code/billing-info': (fx) => ({
    url: `/clinic/${fx.clinic.code}/billing-info`,
    payload: FEE_INFO,
  }),
  'GET /clinic/billing/:month/:year/check-file': () => ({
    url: '/clinic/billing/10/2026/check-file',
  }),
  'GET /clinic/billing/:month/:year/download-file': () => ({
    url: '/clinic/billing/10/2026/download-file',
  }),
  'POST /clinic/billing/:month/:year/upload-file': () => ({
    url: '/clinic/billing/9/2026/upload-file',
    payload: { name: 'september.csv', content: Buffer.from('a,b\n').toString('base64') },
  }),
  'GET /clinic/billing/files': () => ({ url: '/clinic/billing/files' }),
  'POST /analytics/button-click': (fx) => ({
    url: '/analytics/button-click',
    payload: { button_type: 'open_record', patient: fx.patient.id },
  }),
  'POST /analytics/priority-monitoring-button-click': () => ({
    url: '/analytics/priority-monitoring-button-click',
    payload: { button_type: 'open_list' },
  }),
  'POST /analytics/video-recommendation-interaction': (fx) => ({
    url: '/analytics/video-recommendation-interaction',
    payload: {
      patient: fx.patient.id,
      video: fx.video.id,
      phase: 'early',
      interaction_type: 'view',
    },
  }),
  'POST /analytics/hep-send-event': (fx) => ({
    url: '/analytics/hep-send-event',
    payload: {
      patient: fx.patient.id,
      recommended_videos: [fx.video.id],
      sent_videos: [fx.video.id],
      phase: 'early',
    },
  }),
};

interface Difference {
  operation: string;
  caller: Caller;
  clinic: Place;
  expected: string;
  got: string;
  body: string;
}

type Place = 'own' | 'other' | 'untreated';

/**
 * Whether an operation is sent again on clinic A's untreated patient: those that name a resource
 * or read patient data. The rest (doors, the account, lists of the clinic's library) name no
 * patient.
 */
const namesPatient = (row: (typeof ACCESS_MATRIX)[string]) =>
  row.other === 'missing' || row.audit !== null;

const SIGN_OUT = 'POST /authentication/logout';

const operationOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

describe('the authorization matrix', () => {
  it('names every registered route, and nothing that is not one', () => {
    const walked = t.app.routeTable
      .map(operationOf)
      .filter((operation) => !OUTSIDE_MATRIX.some(({ rule }) => rule.test(operation)));
    const missing = walked.filter((operation) => !(operation in ACCESS_MATRIX));
    const stale = Object.keys(ACCESS_MATRIX).filter(
      (operation) => !operation.startsWith('SOCKET ') && !walked.includes(operation),
    );
    const unbuilt = walked.filter((operation) => !(operation in REQUESTS));
    expect({ missing, stale, unbuilt }).toEqual({ missing: [], stale: [], unbuilt: [] });
  });

  it('names every socket event the server answers, and nothing it does not', () => {
    const handled = t.app.socketEventTable.map(({ event }) => `SOCKET ${event}`);
    // A table that lost its events would check nothing and pass.
    expect(handled.length).toBeGreaterThan(0);
    const rows = Object.keys(ACCESS_MATRIX).filter((operation) => operation.startsWith('SOCKET '));
    expect({
      missing: handled.filter((operation) => !rows.includes(operation)),
      stale: rows.filter((operation) => !handled.includes(operation)),
      unbuilt: handled.filter((operation) => !(operation in SOCKET_REQUESTS)),
    }).toEqual({ missing: [], stale: [], unbuilt: [] });
  });

  it('answers every cell as the table says, leaks nothing of another clinic and audits patient data', async () => {
    const own = await clinicFixture('', true);
    const other = await clinicFixture(CANARY, false);
    const untreated = await untreatedFixture(own);
    const fixtures = { own, other, untreated };
    const differences: Difference[] = [];
    // Signing out ends the person's extension tokens too: last, so X keeps its token until then.
    const operations = Object.keys(ACCESS_MATRIX)
      .filter((operation) => operation in REQUESTS)
      .sort((a, b) => Number(a === SIGN_OUT) - Number(b === SIGN_OUT));
    for (const operation of operations) {
      const row = ACCESS_MATRIX[operation]!;
      const method = operation.split(' ')[0]!;
      for (const clinic of ['own', 'other', 'untreated'] as const) {
        if (clinic === 'untreated' && !namesPatient(row)) {
          continue;
        }
        const fx = fixtures[clinic];
        // Clinic A's callers everywhere; on the untreated patient, P is that patient.
        const callers = clinic === 'untreated' ? untreated.callers : own.callers;
        for (const caller of CALLERS) {
          const cred = caller === 'anon' ? { userId: null, headers: {} } : callers[caller];
          const request = await REQUESTS[operation]!(fx, fresh(fx, cred.userId), caller);
          const expected = expectedStatus(row, caller, clinic);
          const audited = row.audit !== null && expected < 300 && cred.userId !== null;
          const before = audited ? await lastAuditId() : 0;
          const response = await t.app.inject({
            method: method as 'GET',
            url: request.url,
            headers: request.headers ?? cred.headers,
            ...(request.payload === undefined ? {} : { payload: request.payload as object }),
          });
          const note = (got: string, want = String(expected)) =>
            differences.push({
              operation,
              caller,
              clinic,
              expected: want,
              got,
              body: response.body.slice(0, 160),
            });
          if (response.statusCode !== expected) {
            note(String(response.statusCode));
          }
          if (response.body.includes(CANARY)) {
            note('clinic B data in the answer', 'none of clinic B');
          }
          if (caller === 'M' && response.body.includes(DIAGNOSIS_MARK)) {
            note('a diagnosis in the answer', 'no diagnosis for an office manager');
          }
          if (audited && response.statusCode < 300) {
            const actions = await auditActionsSince(before, cred.userId!);
            if (!actions.includes(row.audit!)) {
              note(`audit [${actions.join(', ')}]`, `audit ${row.audit}`);
            }
          }
        }
      }
    }
    const report = differences.map(
      (d) =>
        `${d.operation} | ${d.caller} | ${d.clinic} | expected ${d.expected} | got ${d.got} | ${d.body}`,
    );
    expect(report, `${report.length} cells differ:\n${report.join('\n')}`).toEqual([]);
  }, 300_000);
});

async function lastAuditId(): Promise<number> {
  await t.app.deps.audit.flush();
  const [row] = await t.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row?.id ?? 0;
}

async function auditActionsSince(id: number, actorUserId: number): Promise<string[]> {
  await t.app.deps.audit.flush();
  const rows = await t.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(gt(auditLog.id, id), eq(auditLog.actorUserId, actorUserId)));
  return rows.map((row) => row.action);
}

/** A valid payload of each socket event, on the clinic's resources. */
const SOCKET_REQUESTS: Record<string, (fx: Fixture) => Record<string, unknown>> = {
  'SOCKET send_message': (fx) => ({ session: fx.sessionId, message: 'Over the socket' }),
};

/** The answer of one socket event, or 401 when the socket does not connect. */
async function overSocket(
  base: string,
  headers: Record<string, string>,
  event: string,
  body: Record<string, unknown>,
): Promise<{ status: number; body: string }> {
  const socket = io(base, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { ...headers, origin: base },
  });
  try {
    const connected = await new Promise<boolean>((resolve) => {
      socket.once('connect', () => resolve(true));
      socket.once('connect_error', () => resolve(false));
    });
    if (!connected) {
      return { status: 401, body: '' };
    }
    const answer = (await socket.timeout(5_000).emitWithAck(event, body)) as {
      status: number;
    };
    return { status: answer.status, body: JSON.stringify(answer) };
  } finally {
    socket.close();
  }
}

describe('the socket events', () => {
  it('answer every caller and clinic as the table says, and audit patient data', async () => {
    const own = await clinicFixture('', true);
    const other = await clinicFixture(CANARY, false);
    const fixtures = { own, other, untreated: await untreatedFixture(own) };
    // Any free port: several test files may listen at once.
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const differences: string[] = [];
    for (const operation of Object.keys(SOCKET_REQUESTS)) {
      const row = ACCESS_MATRIX[operation]!;
      const event = operation.slice('SOCKET '.length);
      for (const clinic of ['own', 'other', 'untreated'] as const) {
        const fx = fixtures[clinic];
        // Clinic A's callers everywhere; on the untreated patient, P is that patient.
        const callers = clinic === 'untreated' ? fx.callers : own.callers;
        for (const caller of CALLERS) {
          const cred = caller === 'anon' ? { userId: null, headers: {} } : callers[caller];
          const expected = expectedStatus(row, caller, clinic);
          const audited = row.audit !== null && expected < 300 && cred.userId !== null;
          const before = audited ? await lastAuditId() : 0;
          const answer = await overSocket(
            base,
            cred.headers,
            event,
            SOCKET_REQUESTS[operation]!(fx),
          );
          const note = (got: string, want = String(expected)) =>
            differences.push(
              `${event} | ${caller} | ${clinic} | expected ${want} | got ${got} | ${answer.body.slice(0, 160)}`,
            );
          if (answer.status !== expected) {
            note(String(answer.status));
          }
          if (answer.body.includes(CANARY)) {
            note('clinic B data in the answer', 'none of clinic B');
          }
          if (audited && answer.status < 300) {
            const actions = await auditActionsSince(before, cred.userId!);
            if (!actions.includes(row.audit!)) {
              note(`audit [${actions.join(', ')}]`, `audit ${row.audit}`);
            }
          }
        }
      }
    }
    expect(differences, `${differences.length} cells differ:\n${differences.join('\n')}`).toEqual(
      [],
    );
  });
});
