/**
 * The authorization matrix (issue 16): for every operation the server answers, what each caller
 * gets, written out by hand beside permissions.ts and never derived from its RULES, so the test
 * that walks it (access-matrix.int.test.ts) compares the product against an independent
 * statement of intent. A route missing from this table fails that test.
 *
 * Callers, each signed in to clinic A: P patient (app), T therapist, R remote therapist, M office
 * manager, A administrator, S supervisor, X a therapist's browser-extension token; and the
 * caller who is not signed in. A caller not named in `to` gets 401 when signed out and 403
 * otherwise (authorization runs before the request is read).
 *
 * Three places for the resource: clinic A's patient, whom T and R treat (`own`); clinic B's
 * (`other`); and a patient of clinic A whom a colleague treats and T, R (and so X) do not
 * (`untreated`, security finding 10, docs/decisions/031-treating-relationship.md).
 */

export const CALLERS = ['anon', 'P', 'T', 'R', 'M', 'A', 'S', 'X'] as const;
export type Caller = (typeof CALLERS)[number];

/**
 * Where a caller let through stands with clinic B's data:
 * - `missing`: the request names a resource; clinic B's is not there for them (404).
 * - `scoped`: a list, search or the caller's own account; the answer is the same status as for
 *   clinic A and names nothing of clinic B (checked by canaries seeded in clinic B's data).
 */
export type OtherClinic = 'missing' | 'scoped';

export interface MatrixRow {
  /** The callers let through: their letters, or `public` for everyone, signed in or not. */
  to: string;
  /** What a caller let through gets for a valid request on their own clinic's resource. */
  ok: number;
  /** Callers let through whose valid request still meets another answer (service rules). */
  okBy?: Partial<Record<Caller, number>>;
  other: OtherClinic;
  /** Callers not let through whose refusal is not the usual 401 / 403. */
  refusedBy?: Partial<Record<Caller, number>>;
  /** Where the other-clinic answer of a caller differs from the rule of `other`. */
  otherBy?: Partial<Record<Caller, number>>;
  /**
   * Callers let through whose answer on a patient of their clinic they do not treat differs
   * from their answer on one they treat: giving care is for those who treat (permissions.ts
   * mayTreatPatient), reading the record is not care.
   */
  untreated?: Partial<Record<Caller, number>>;
  /**
   * The audit action every successful call writes for its actor: the operations that read or
   * change patient data (records, health, programs, chat, billing, tasks, monitoring, calls).
   * Null: not patient data (the reason is in a comment where it is not obvious).
   */
  audit: string | null;
}

/** Every staff role; the extension token (X) reads only the account, the clinic and the roster. */
const STAFF = 'TRMAS';

/** A colleague's patient: the therapists read the record but may not give care (403, saying why). */
const NOT_TREATING = { T: 403, R: 403 };
/**
 * A colleague's patient's task or conversation is not in the therapist's list at all (tasks.repo
 * and chat.repo visibleTo), so it is not found, like another person's call.
 */
const NOT_THEIRS = { T: 404, R: 404 };

/** 'METHOD /path' as Fastify registered it → the expected answers. */
export const ACCESS_MATRIX: Record<string, MatrixRow> = {
  // Doors: public, the same for everyone.
  'POST /clinic/therapist/signin': { to: 'public', ok: 200, other: 'scoped', audit: null },
  'POST /clinic/therapist/signup': { to: 'public', ok: 202, other: 'scoped', audit: null },
  'POST /clinic/therapist/signup/confirm': { to: 'public', ok: 400, other: 'scoped', audit: null },
  'POST /clinic/therapist/reset-password': { to: 'public', ok: 200, other: 'scoped', audit: null },
  'GET /clinic/therapist/reset-password-check': {
    to: 'public',
    ok: 200,
    other: 'scoped',
    audit: null,
  },
  'POST /clinic/therapist/reset-password-confirm': {
    to: 'public',
    ok: 400,
    other: 'scoped',
    audit: null,
  },
  'POST /authentication/logout': { to: 'public', ok: 200, other: 'scoped', audit: null },
  'GET /clinic/check_code': { to: 'public', ok: 200, other: 'scoped', audit: null },
  'POST /clinic/supervisor/signin': { to: 'public', ok: 200, other: 'scoped', audit: null },
  'POST /clinic/patient/send-otp': { to: 'public', ok: 200, other: 'scoped', audit: null },
  'POST /clinic/patient/verify-otp': { to: 'public', ok: 400, other: 'scoped', audit: null },
  // Without a phone verified by text first, a valid request meets 422 (patient-signup tests
  // go through both steps).
  'POST /clinic/patient/qr-registration': { to: 'public', ok: 422, other: 'scoped', audit: null },

  // The account itself.
  'GET /authentication/extension-token': { to: 'TRMAS', ok: 200, other: 'scoped', audit: null },
  'GET /api/v1/users/': { to: 'PTRMASX', ok: 200, other: 'scoped', audit: null },
  'GET /user/settings-info': { to: 'PTRMASX', ok: 200, other: 'scoped', audit: null },
  'PATCH /user/therapist/cancel-feature-notification': {
    to: 'PTRMAS',
    ok: 200,
    other: 'scoped',
    audit: null,
  },
  'PATCH /user/therapist/cancel-billing-notification': {
    to: 'PTRMAS',
    ok: 200,
    other: 'scoped',
    audit: null,
  },
  'PATCH /clinic/supervisor': { to: 'S', ok: 200, other: 'scoped', audit: null },

  // The clinic and its staff.
  'GET /api/v1/clinics/:code/': { to: 'TRMASX', ok: 200, other: 'missing', audit: null },
  'GET /clinic/therapist': { to: 'TRMAS', ok: 200, other: 'scoped', audit: null },
  'PATCH /admin/clinic/update/supervisor': { to: 'A', ok: 200, other: 'missing', audit: null },
  'PATCH /clinic/therapist/approval': { to: 'A', ok: 200, other: 'missing', audit: null },
  'PATCH /clinic/staff/:userId/role': { to: 'AS', ok: 200, other: 'missing', audit: null },
  'PATCH /clinic/staff/:userId/assistant-kind': {
    to: 'A',
    ok: 200,
    other: 'missing',
    audit: null,
  },
  'DELETE /clinic/staff/:userId/supervisor': { to: 'A', ok: 200, other: 'missing', audit: null },
  'POST /clinic/referral/send-email': { to: 'TRMAS', ok: 202, other: 'scoped', audit: null },
  'GET /api/v1/icd10_codes/': { to: 'TRMAS', ok: 200, other: 'scoped', audit: null },

  // Patients: the roster and the front desk.
  'GET /api/v1/patients/': { to: 'TRMASX', ok: 200, other: 'scoped', audit: 'patient.list' },
  'POST /clinic/patient/register': {
    to: 'TRMA',
    ok: 201,
    other: 'scoped',
    audit: 'patient.create',
  },
  'PUT /clinic/patient/:id/update': {
    to: 'TRMA',
    ok: 200,
    other: 'missing',
    audit: 'patient.update',
  },
  'PATCH /clinic/therapist/patient/discharged': {
    to: 'TRMA',
    ok: 200,
    other: 'missing',
    audit: 'patient.discharge',
  },
  'PATCH /clinic/patient/:id/update-rtm-coverage': {
    to: 'TRMA',
    ok: 200,
    other: 'missing',
    audit: 'patient.rtm_coverage',
  },
  'PATCH /api/v1/patients/:id/change-therapist/': {
    to: 'TRMA',
    ok: 200,
    other: 'missing',
    audit: 'patient.therapists_changed',
  },
  'POST /api/v1/patients/:id/send_app_reminder/': {
    to: 'TRMA',
    ok: 200,
    other: 'missing',
    audit: 'patient.app_reminder',
  },
  'POST /api/v1/patients/:id/remove/': {
    to: 'TRMA',
    ok: 200,
    other: 'missing',
    audit: 'patient.remove',
  },

  // The record.
  'GET /api/v1/patients/:id/': { to: 'TRAS', ok: 200, other: 'missing', audit: 'patient.read' },
  'POST /api/v1/patients/:id/onboard/': {
    to: 'TRA',
    ok: 200,
    other: 'missing',
    audit: 'patient.onboard',
  },
  'PATCH /api/v1/patients/:id/re_onboard/': {
    to: 'TRA',
    ok: 200,
    other: 'missing',
    audit: 'patient.re_onboard',
  },
  'GET /api/v1/patients/:id/log_interaction/': {
    to: 'TRAS',
    ok: 200,
    other: 'missing',
    audit: 'patient.interactions_read',
  },
  'POST /api/v1/patients/:id/log_interaction/': {
    to: 'TRA',
    ok: 201,
    other: 'missing',
    audit: 'patient.interaction_logged',
    untreated: NOT_TREATING,
  },
  'POST /api/v1/patients/:id/log_interaction/delete/': {
    to: 'TRA',
    ok: 200,
    other: 'missing',
    audit: 'patient.interaction_deleted',
    untreated: NOT_TREATING,
  },
  'GET /user/therapist/dashboard/health/:patientId': {
    to: 'TRAS',
    ok: 200,
    other: 'missing',
    audit: 'health.chart_read',
  },
  'GET /user/therapist/dashboard/progress/:patientId': {
    to: 'TRAS',
    ok: 200,
    other: 'missing',
    audit: 'health.progress_read',
  },
  'GET /api/v1/patients/:id/report/': {
    to: 'TRAS',
    ok: 200,
    other: 'missing',
    audit: 'patient.report_read',
  },
  'GET /user/therapist/dashboard/functional-data/:patientId': {
    to: 'TRAS',
    ok: 200,
    other: 'missing',
    audit: 'health.functional_data_read',
  },
  'POST /user/therapist/dashboard/functional-data/:patientId': {
    to: 'TRA',
    ok: 201,
    other: 'missing',
    audit: 'health.functional_data_created',
    untreated: NOT_TREATING,
  },
  'PATCH /user/therapist/dashboard/functional-data/:patientId': {
    to: 'TRA',
    ok: 200,
    other: 'missing',
    audit: 'health.functional_data_updated',
    untreated: NOT_TREATING,
  },
  'GET /user/therapist/banners/:patientId': {
    to: 'TRAS',
    ok: 200,
    other: 'missing',
    audit: 'health.banners_read',
  },
  'GET /user/therapist/banners/:patientId/snoozes': {
    to: 'TRAS',
    ok: 200,
    other: 'missing',
    audit: 'health.banner_snoozes_read',
  },
  'POST /user/therapist/banners/:patientId/:banner/snooze': {
    to: 'TRAS',
    ok: 200,
    other: 'missing',
    audit: 'health.banner_snoozed',
  },
  'DELETE /user/therapist/banners/:patientId/:banner/snooze': {
    to: 'TRAS',
    ok: 200,
    other: 'missing',
    audit: 'health.banner_unsnoozed',
  },
  'GET /api/v1/patients/:id/monitoring/': {
    to: 'TRAS',
    ok: 200,
    other: 'missing',
    audit: 'monitoring.patient_read',
  },

  // The patient app: the patient's own data only.
  'POST /app-api/health/samples': { to: 'P', ok: 200, other: 'scoped', audit: 'health.ingest' },
  'GET /app-api/health/daily': { to: 'P', ok: 200, other: 'scoped', audit: 'health.chart_read' },
  'GET /app-api/me': { to: 'P', ok: 200, other: 'scoped', audit: 'patient_app.read' },
  'GET /app-api/program': { to: 'P', ok: 200, other: 'scoped', audit: 'patient_app.program_read' },
  'PUT /app-api/program/:hepId/progress': {
    to: 'P',
    ok: 200,
    other: 'missing',
    audit: 'patient_app.progress',
  },
  'POST /video/hep_request/create': {
    to: 'P',
    ok: 201,
    other: 'scoped',
    audit: 'patient_app.hep_request',
  },
  'GET /app-api/chat': { to: 'P', ok: 200, other: 'scoped', audit: 'chat.session_read' },

  // The exercise library: the clinic's, not patient data.
  'GET /video/list': { to: STAFF, ok: 200, other: 'scoped', audit: null },
  'GET /video/:id': { to: STAFF, ok: 200, other: 'missing', audit: null },
  'PATCH /video/:id': { to: 'TRA', ok: 200, other: 'missing', audit: null },
  'POST /video/:id/copy': { to: 'TRA', ok: 201, other: 'missing', audit: null },
  'DELETE /video/delete': { to: 'TRA', ok: 200, other: 'missing', audit: null },
  'GET /video/library': { to: STAFF, ok: 200, other: 'scoped', audit: null },
  'POST /video/library': { to: 'TRA', ok: 201, other: 'scoped', audit: null },
  'GET /video/library/:folderId': { to: STAFF, ok: 200, other: 'missing', audit: null },
  'PATCH /video/library/:folderId': { to: 'TRA', ok: 200, other: 'missing', audit: null },
  'DELETE /video/library/:folderId': { to: 'TRA', ok: 200, other: 'missing', audit: null },
  'POST /video/library/bulk': { to: 'TRA', ok: 200, other: 'missing', audit: null },
  'DELETE /video/library/delete': { to: 'TRA', ok: 200, other: 'missing', audit: null },
  'POST /video/library/share': { to: 'TRA', ok: 200, other: 'missing', audit: null },
  'POST /video/create_by_therapist': { to: 'TRA', ok: 201, other: 'scoped', audit: null },

  // Program templates: read by clinicians, written by those who build programs; a template is
  // changed by its author (each cell makes its own) or the admin. No patient data.
  'GET /api/v1/program-templates': { to: 'TRAS', ok: 200, other: 'scoped', audit: null },
  // The request names the clinic's film, so clinic B's is not there for a clinic-A caller.
  'POST /api/v1/program-templates': { to: 'TRA', ok: 201, other: 'missing', audit: null },
  'GET /api/v1/program-templates/:templateId': {
    to: 'TRAS',
    ok: 200,
    other: 'missing',
    audit: null,
  },
  'PUT /api/v1/program-templates/:templateId': {
    to: 'TRA',
    ok: 200,
    other: 'missing',
    audit: null,
  },
  'DELETE /api/v1/program-templates/:templateId': {
    to: 'TRA',
    ok: 200,
    other: 'missing',
    audit: null,
  },
  'POST /api/v1/program-templates/:templateId/copy': {
    to: 'TRA',
    ok: 201,
    other: 'missing',
    audit: null,
  },

  // Programs.
  'GET /video/hep/therapist/:dashboardId': {
    to: 'TRAS',
    ok: 200,
    other: 'missing',
    audit: 'hep.read',
  },
  'POST /video/hep/therapist/:dashboardId': {
    to: 'TRA',
    ok: 201,
    okBy: { R: 403 },
    other: 'missing',
    audit: 'hep.add',
    untreated: NOT_TREATING,
  },
  'PATCH /video/hep/therapist/:dashboardId/:hepId': {
    to: 'TRA',
    ok: 200,
    okBy: { R: 403 },
    other: 'missing',
    audit: 'hep.update',
    untreated: NOT_TREATING,
  },
  'DELETE /video/hep/therapist/:dashboardId': {
    to: 'TRA',
    ok: 200,
    okBy: { R: 403 },
    other: 'missing',
    audit: 'hep.remove',
    untreated: NOT_TREATING,
  },
  'POST /api/v1/heps/:id/restore/': {
    to: 'TRA',
    ok: 200,
    okBy: { R: 403 },
    other: 'missing',
    audit: 'hep.restore',
    untreated: NOT_TREATING,
  },
  'POST /api/v1/heps/set_order/': {
    to: 'TRA',
    ok: 200,
    okBy: { R: 403 },
    other: 'missing',
    audit: 'hep.reorder',
    untreated: NOT_TREATING,
  },
  'GET /video/hep/:hepId/history': {
    to: 'TRAS',
    ok: 200,
    other: 'missing',
    audit: 'hep.history',
  },
  'GET /video/hep/therapist/:dashboardId/history': {
    to: 'TRAS',
    ok: 200,
    other: 'missing',
    audit: 'hep.history',
  },
  'POST /video/hep_request/:id/resolve': {
    to: 'TRA',
    ok: 200,
    other: 'missing',
    audit: 'hep.question_resolved',
    untreated: NOT_TREATING,
  },
  'POST /video/hep-approval-requests/:dashboardId': {
    to: 'TRA',
    ok: 201,
    other: 'missing',
    audit: 'hep.approval_requested',
    untreated: NOT_TREATING,
  },
  'GET /video/hep-approval-requests/:id/details': {
    to: 'TRAS',
    ok: 200,
    other: 'missing',
    audit: 'hep.approval_read',
  },
  'POST /video/hep-approval-requests/:id/approve-with-changes': {
    to: 'AS',
    ok: 200,
    other: 'missing',
    audit: 'hep.approval_accepted',
  },
  'GET /video/hep/patient/:patientId/pending': {
    to: 'TRAS',
    ok: 200,
    other: 'missing',
    audit: 'hep.approval_read',
  },
  'GET /clinic/supervisor/approval': {
    to: 'AS',
    ok: 200,
    other: 'scoped',
    audit: 'hep.approvals_listed',
  },
  'PATCH /clinic/supervisor/approval': {
    to: 'AS',
    ok: 200,
    other: 'missing',
    audit: 'hep.approval_status_set',
  },
  // Library videos for the diagnosis the client sends; it answers nothing of the patient.
  'GET /video/recommendations': { to: 'TRAS', ok: 200, other: 'missing', audit: null },

  // Monitoring, tasks, calls.
  'POST /user/therapist/monitoring': {
    to: 'TRA',
    ok: 201,
    other: 'missing',
    audit: 'monitoring.start',
    untreated: NOT_TREATING,
  },
  // The heartbeat of a session whose start (monitoring.start) names the patient and the person.
  'PUT /user/therapist/dashboard/monitoring/:monitoringId': {
    to: 'TRA',
    ok: 200,
    other: 'missing',
    audit: null,
  },
  'GET /clinic/therapist/monitoring-priority-list': {
    to: 'TRA',
    ok: 200,
    other: 'scoped',
    audit: 'monitoring.priority_list_read',
  },
  'GET /user/therapist/dashboard/monitoring': {
    to: 'TRA',
    ok: 200,
    other: 'scoped',
    audit: 'monitoring.month_read',
  },
  'GET /api/v1/tasks/': { to: 'TRA', ok: 200, other: 'scoped', audit: 'task.list' },
  'POST /api/v1/tasks/:taskId/done/': {
    to: 'TRA',
    ok: 200,
    other: 'missing',
    audit: 'task.completed',
    untreated: NOT_THEIRS,
  },
  'POST /user/voice/call': {
    to: 'TRA',
    ok: 201,
    other: 'missing',
    untreated: NOT_TREATING,
    audit: 'voice.call_started',
  },
  // Polled while the caller's own call rings; its start and end are audited.
  'GET /user/voice/call/:callId/status': { to: 'TRA', ok: 200, other: 'missing', audit: null },
  'POST /user/voice/call/:callId/end': {
    to: 'TRA',
    ok: 200,
    other: 'missing',
    audit: 'voice.call_ended',
  },
  'GET /user/voice/calls': { to: 'TRA', ok: 200, other: 'scoped', audit: 'voice.calls_listed' },

  // Chat.
  'GET /chat/therapist': { to: 'PTRMAS', ok: 200, other: 'scoped', audit: 'chat.list' },
  'GET /chat/unread': { to: 'PTRMAS', ok: 200, other: 'scoped', audit: null },
  // The administrator is the fixture clinic's support contact: their support chats are in the list.
  'GET /chat/support': { to: 'TRMAS', ok: 200, okBy: { A: 422 }, other: 'scoped', audit: null },
  'POST /chat/session': {
    to: 'TRA',
    ok: 200,
    other: 'missing',
    untreated: NOT_TREATING,
    audit: 'chat.session_read',
  },
  // Office managers and supervisors take part in no patient's conversation (chat.repo visibleTo).
  'GET /chat/message': {
    to: 'PTRMAS',
    ok: 200,
    okBy: { M: 404, S: 404 },
    other: 'missing',
    audit: 'chat.read',
    untreated: NOT_THEIRS,
  },
  'POST /chat/message': {
    to: 'PTRMAS',
    ok: 201,
    okBy: { M: 404, S: 404 },
    other: 'missing',
    // Written by the message's own statement (chat.repo.ts insertMessage).
    audit: 'chat.send',
    untreated: NOT_THEIRS,
  },
  // Where the reader got to: no patient data read or changed.
  'POST /chat/session/:sessionId/read': {
    to: 'PTRMAS',
    ok: 200,
    okBy: { M: 404, S: 404 },
    other: 'missing',
    audit: null,
    untreated: NOT_THEIRS,
  },

  /**
   * POST /chat/message over the socket (decision 023: same contract, action and handler). A
   * socket is signed in by the session cookie alone: without one, or with an extension token, it
   * does not connect (401 here).
   */
  'SOCKET send_message': {
    to: 'PTRMAS',
    ok: 201,
    okBy: { M: 404, S: 404 },
    refusedBy: { X: 401 },
    other: 'missing',
    audit: 'chat.send',
    untreated: NOT_THEIRS,
  },

  // Billing.
  'GET /clinic/billing-units': { to: 'TRMA', ok: 200, other: 'scoped', audit: 'billing.read' },
  'GET /clinic/billing-units/patient/:patientId': {
    to: 'TRMA',
    ok: 200,
    other: 'missing',
    audit: 'billing.read_patient',
  },
  // The clinic's totals by month; it names no patient.
  'GET /clinic/billing-chart': { to: 'TRMA', ok: 200, other: 'scoped', audit: null },
  'GET /clinic/:code/billing-info': { to: 'TRMA', ok: 200, other: 'missing', audit: null },
  'PUT /clinic/:code/billing-info': {
    to: 'MA',
    ok: 200,
    other: 'missing',
    audit: 'billing.info_update',
  },
  'GET /clinic/billing/:month/:year/check-file': {
    to: 'TRMA',
    ok: 200,
    other: 'scoped',
    audit: null,
  },
  'GET /clinic/billing/:month/:year/download-file': {
    to: 'TRMA',
    ok: 200,
    other: 'scoped',
    audit: 'billing.file_download',
  },
  'POST /clinic/billing/:month/:year/upload-file': {
    to: 'A',
    ok: 201,
    other: 'scoped',
    audit: 'billing.file_upload',
  },
  'GET /clinic/billing/files': { to: 'TRMA', ok: 200, other: 'scoped', audit: null },

  // Analytics events: who pressed what, stored with the caller.
  'POST /analytics/button-click': { to: STAFF, ok: 201, other: 'missing', audit: null },
  'POST /analytics/priority-monitoring-button-click': {
    to: STAFF,
    ok: 201,
    other: 'scoped',
    audit: null,
  },
  'POST /analytics/video-recommendation-interaction': {
    to: STAFF,
    ok: 201,
    other: 'missing',
    audit: null,
  },
  'POST /analytics/hep-send-event': { to: STAFF, ok: 201, other: 'missing', audit: null },
};

/**
 * Routes the matrix does not walk, by rule: they check their own credential rather than a role
 * (each has its own tests), or they are documentation and the web app's files.
 */
export const OUTSIDE_MATRIX: readonly { rule: RegExp; why: string }[] = [
  { rule: /^(HEAD|OPTIONS) /, why: "Fastify's automatic HEAD and CORS answers of a GET route" },
  { rule: /^GET \/api\/docs/, why: 'the OpenAPI document and its viewer' },
  { rule: /^\w+ \/tusupload/, why: 'tus uploads: upload.int.test.ts, a token per upload' },
  {
    rule: /^GET \/video\/:id\/(file|poster|frames\/:index|figure\/:frame)$/,
    why: "playback and a modelled exercise's drawn figure: who may play the video (playback.int.test.ts)",
  },
];

/** The expected answer of one cell. */
export function expectedStatus(
  row: MatrixRow,
  caller: Caller,
  clinic: 'own' | 'other' | 'untreated',
): number {
  const letThrough = row.to === 'public' || (caller !== 'anon' && row.to.includes(caller));
  if (!letThrough) {
    return row.refusedBy?.[caller] ?? (caller === 'anon' ? 401 : 403);
  }
  if (clinic === 'other') {
    const override = row.otherBy?.[caller];
    if (override !== undefined) {
      return override;
    }
    if (row.other === 'missing') {
      return 404;
    }
  }
  if (clinic === 'untreated') {
    const override = row.untreated?.[caller];
    if (override !== undefined) {
      return override;
    }
  }
  return row.okBy?.[caller] ?? row.ok;
}
