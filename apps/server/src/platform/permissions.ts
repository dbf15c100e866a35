/**
 * The role rules of spec §6, in one place. Every route declares the action it performs and the
 * route helper asks `refusal()` before the service runs; an action missing from the table denies,
 * and so does any action an account waiting for approval is not explicitly allowed.
 */
import { PERMISSIONS } from '@homestretch/contract/auth/permissions';
import { ROLE_LABELS, type Role, TREATING_ROLES } from '@homestretch/contract/common/enums';
import { RESTRICTED_USER_CODE } from '@homestretch/contract/common/constants';
import type { CallerUser, SessionKind } from './sessions';

/** Who may do what: the contract's table, which the web app asks too. */
export const RULES = PERMISSIONS;

export type Action = keyof typeof RULES;

/**
 * Each action in words, for the 403 that refuses it ("Your role (Office Manager) may not open a
 * patient's record."), so a client can tell the person what they tried and may not do.
 */
const ACTION_WORDS: Record<Action, string> = {
  'self.read': 'read this account',
  'self.update': "change this account's settings",
  'extension.token': 'get a browser-extension token',
  'clinic.read': "read the clinic's details",
  'staff.list': "list the clinic's staff",
  'patients.list': "list the clinic's patients",
  'patients.manage':
    'register, update, discharge or remove patients, change their RTM coverage or therapists, or send them app reminders',
  'patients.record': "open a patient's record",
  'patients.treat': 'onboard patients, log interactions or record functional data',
  'icd10.search': 'search diagnosis codes',
  'library.read': 'browse the exercise library',
  'library.manage': 'upload, edit or delete exercise videos, or keep library folders',
  'library.play': 'play exercise videos',
  'hep.read': "read a patient's home exercise program",
  'hep.write': "change a patient's home exercise program",
  'hep.approve': 'decide program approval requests',
  'templates.read': 'read program templates',
  'templates.manage': 'write, copy or delete program templates',
  'tasks.manage': 'see or complete tasks about patients',
  'voice.call': 'phone patients',
  'monitoring.record': 'record monitoring time or see the monitoring lists',
  'chat.use': 'read or send chat messages',
  'chat.open': 'open a conversation with a patient',
  'chat.support': "message the clinic's support contact",
  'analytics.record': 'record analytics events',
  'referral.send': 'send referral e-mails',
  'billing.read': "see the clinic's billing",
  'billing.manage': "change the clinic's billing",
  'billing.upload': "upload the clinic's billing files",
  'supervisor.profile': "change a supervisor's profile",
  'supervisor.approvals': 'review program approvals',
  'users.update_role': "change a user's role",
  'admin.assign_supervisor': 'assign supervisors to therapists',
  'staff.approve': 'approve or decline staff accounts',
  'staff.set_assistant_kind': 'say whether a therapist is an assistant',
  'dev.outbox': 'read the development outbox',
  'patient_app.self': 'use the patient app',
};

/**
 * The actions that read or change patient data: a refusal of one (403, or 404 for a patient not
 * of the caller's clinic) is audited like a read (route.ts). Each domain adds its own here.
 */
export const PATIENT_DATA_ACTIONS: ReadonlySet<Action> = new Set<Action>([
  'patients.list',
  'patients.manage',
  'patients.record',
  'patients.treat',
  'hep.read',
  'hep.write',
  'hep.approve',
  'tasks.manage',
  'voice.call',
  'monitoring.record',
  'chat.use',
  'chat.open',
]);

/**
 * What a browser-extension token may do: read who is signed in and the roster it links records
 * to. Everything else needs the person's own session (ARCHITECTURE.md: scoped extension token).
 */
const EXTENSION_ACTIONS: ReadonlySet<Action> = new Set<Action>([
  'self.read',
  'clinic.read',
  'patients.list',
]);

/**
 * What an account waiting for approval, or declined, may still do: learn who it is (so the web
 * app can say why it waits), read the clinic's name and the settings the app shell loads, dismiss
 * its own notification flags, fetch the extension token (whose actions pass here again) and sign
 * out (a public route). Nothing here reads or changes clinic data. Any other action, including
 * every action added later, is refused: the list allows, it never denies.
 */
export const UNAPPROVED_ACTIONS: ReadonlySet<Action> = new Set<Action>([
  'self.read',
  'self.update',
  'clinic.read',
  'extension.token',
]);

/** Why an action is refused; each is a 403 error code of the contract. */
export type Refusal = 'forbidden' | 'approval_pending' | 'approval_declined';

/**
 * Why the caller may not take the action, or null when they may. The role decides first, so an
 * account waiting for approval hears about its approval only for actions its role would allow.
 * Anything but `approved` is refused (fails closed).
 */
export function refusal(
  user: Pick<CallerUser, 'role' | 'approvalStatus'>,
  action: Action,
  sessionKind: SessionKind = 'web',
): Refusal | null {
  if (sessionKind === 'extension' && !EXTENSION_ACTIONS.has(action)) {
    return 'forbidden';
  }
  const allowed: readonly Role[] | undefined = RULES[action];
  if (!(allowed?.includes(user.role) ?? false)) {
    return 'forbidden';
  }
  if (user.approvalStatus === 'approved' || UNAPPROVED_ACTIONS.has(action)) {
    return null;
  }
  return user.approvalStatus === 'declined' ? 'approval_declined' : 'approval_pending';
}

/** The words of a `forbidden` refusal: what was refused, and whether the role or the token is why. */
export function forbiddenMessage(
  user: Pick<CallerUser, 'role'>,
  action: Action,
  sessionKind: SessionKind = 'web',
): string {
  const what = ACTION_WORDS[action];
  if (sessionKind === 'extension' && !EXTENSION_ACTIONS.has(action)) {
    return `A browser-extension token may not ${what}.`;
  }
  return `Your role (${ROLE_LABELS[user.role]}) may not ${what}.`;
}

/**
 * Whether the staff list shows accounts that wait for approval or were declined. Only the
 * administrator decides on them (docs/decisions/007); a supervisor's list is the team whose
 * programs they approve (spec §6), so such accounts, with a badge they cannot act on, are left
 * out of it (docs/decisions/016). Colleagues in the clinic still see who waits, to point them to
 * the administrator.
 */
export function seesWaitingStaff(user: Pick<CallerUser, 'role'>): boolean {
  return user.role !== 'supervisor';
}

/**
 * The clinical fields of a patient (spec §3 Patient): only a caller allowed `patients.record`
 * reads them, finds patients by them or writes them. Office managers run the front desk from the
 * same roster and answers, without them.
 *
 * One exception, the minimum a claim needs (45 CFR 164.502(b); domain/rtm.md, the billing file):
 * the month's billing file carries each claim line's ICD-10-CM code, never the diagnosis text,
 * to every role that may download it, office managers included, since they send the claims. No
 * JSON answer of billing carries either (billing.int.test.ts; the matrix's diagnosis mark).
 */
export const CLINICAL_PATIENT_FIELDS = ['diagnosis', 'selected_code'] as const;
type ClinicalPatientField = (typeof CLINICAL_PATIENT_FIELDS)[number];

export function seesClinicalData(user: Pick<CallerUser, 'role'>): boolean {
  const allowed: readonly Role[] = RULES['patients.record'];
  return allowed.includes(user.role);
}

/** A patient answer as this caller may see it: the clinical fields left out, not emptied. */
export function patientAsSeenBy<T extends Partial<Record<ClinicalPatientField, unknown>>>(
  user: Pick<CallerUser, 'role'>,
  patient: T,
): T {
  if (seesClinicalData(user)) {
    return patient;
  }
  const shown = { ...patient };
  for (const field of CLINICAL_PATIENT_FIELDS) {
    delete shown[field];
  }
  return shown;
}

/** The clinical fields a request would write, which the caller may not: empty when it may. */
export function clinicalFieldsRefused(
  user: Pick<CallerUser, 'role'>,
  fields: Partial<Record<ClinicalPatientField, unknown>>,
): ClinicalPatientField[] {
  return seesClinicalData(user)
    ? []
    : CLINICAL_PATIENT_FIELDS.filter((field) => fields[field] !== undefined);
}

export function can(
  user: Pick<CallerUser, 'role' | 'approvalStatus'>,
  action: Action,
  sessionKind: SessionKind = 'web',
): boolean {
  return refusal(user, action, sessionKind) === null;
}

/**
 * spec §6: monitoring is not shown to office managers; in a full-service clinic only remote
 * therapists monitor; otherwise it is allowed.
 */
export function canMonitor(user: Pick<CallerUser, 'role' | 'isFullService'>): boolean {
  if (user.role === 'manager' || user.role === 'patient') {
    return false;
  }
  if (user.isFullService) {
    return user.role === 'remote_therapist';
  }
  return true;
}

/**
 * The treating relationship (docs/decisions/031-treating-relationship.md). A clinician treats a
 * patient when the patient lists them among their treating therapists (`patient_therapists`,
 * set at registration, onboarding and change of therapist); the clinic's administrator covers
 * every patient of the clinic. A colleague who covers is made a treating therapist, at the front
 * desk and in the audit log, rather than given access by role: one practitioner bills a patient's
 * RTM month (domain/rtm.md), so who may give care must be as plain as who is billed for it.
 */
export function coversEveryPatient(user: Pick<CallerUser, 'role'>): boolean {
  return user.role === 'admin';
}

/**
 * Whether the caller may give this patient care: change their program (directly or by approval
 * request), record monitoring time, phone them or log an interaction, record functional data,
 * open their conversation, act on their tasks. Reading the record is not care (`patients.record`,
 * decision 016). `treatsPatient`: the caller is among the patient's treating therapists.
 */
export function mayTreatPatient(user: Pick<CallerUser, 'role'>, treatsPatient: boolean): boolean {
  const treating: readonly Role[] = TREATING_ROLES;
  return treating.includes(user.role) && (coversEveryPatient(user) || treatsPatient);
}

/** The 403 of `mayTreatPatient`: why, and what would let the caller give the care. */
export const NOT_TREATING_MESSAGE =
  'You do not treat this patient: ask the front desk to make you one of their treating therapists.';

/** spec §4: the restricted user flag. */
export function isRestrictedUser(user: { code: string | null }): boolean {
  return user.code === RESTRICTED_USER_CODE;
}
