/**
 * The role rules of spec §6, in one place. Every route declares the action it performs and the
 * route helper asks `refusal()` before the service runs; an action missing from the table denies,
 * and so does any action an account waiting for approval is not explicitly allowed.
 */
import type { Role } from '@homestretch/contract/common/enums';
import { RESTRICTED_USER_CODE } from '@homestretch/contract/common/constants';
import type { CallerUser, SessionKind } from './sessions';

const STAFF: readonly Role[] = ['admin', 'therapist', 'remote_therapist', 'manager', 'supervisor'];
const CLINICIANS: readonly Role[] = ['admin', 'therapist', 'remote_therapist', 'supervisor'];

/** Who may do what. Keys are the actions routes declare. */
export const RULES = {
  /** Own account: settings, notification flags, sign-out, extension token. */
  'self.read': [...STAFF, 'patient'],
  'self.update': [...STAFF, 'patient'],
  'extension.token': STAFF,
  'clinic.read': STAFF,
  'staff.list': STAFF,
  /** The roster: office managers run the front desk, so they see and register patients. */
  'patients.list': STAFF,
  /**
   * Front-desk changes that open no clinical data: register, update details, discharge, RTM
   * coverage, change of therapist, app reminder, remove.
   */
  'patients.manage': STAFF,
  /**
   * The record and clinical data: "Only therapists are allowed to enter the patient page."
   * Reading the record, its health data, progress, reports, functional data, banners and the
   * interaction log, and the clinical changes: onboarding (diagnosis, treating therapists) and
   * logging interactions. Office managers get 403 here even though they run the roster.
   */
  'patients.record': CLINICIANS,
  /**
   * The ICD-10-CM code set is public reference data, not patient data: every staff member who
   * may register a patient (with a diagnosis) may search it.
   */
  'icd10.search': STAFF,
  'billing.read': ['admin', 'manager', 'therapist', 'remote_therapist'],
  'billing.manage': ['admin', 'manager'],
  /** spec §6: supervisors update their own profile, view approvals, set approval status, update roles. */
  'supervisor.profile': ['supervisor'],
  'supervisor.approvals': ['supervisor'],
  'users.update_role': ['supervisor', 'admin'],
  /** spec §6: admin assigns a supervisor to therapists. */
  'admin.assign_supervisor': ['admin'],
  /** The administrator approves or declines staff who signed up with the clinic code. */
  'staff.approve': ['admin'],
  /**
   * The development outbox (DEV_OUTBOX=on), beyond this machine: an admin reads their own
   * clinic's messages, which hold its staff's reset links and its patients' codes.
   */
  'dev.outbox': ['admin'],
  /** The patient app: a patient reaches only their own data. */
  'patient_app.self': ['patient'],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof RULES;

/**
 * The actions that read or change patient data: a refusal of one (403, or 404 for a patient not
 * of the caller's clinic) is audited like a read (route.ts). Each domain adds its own here.
 */
export const PATIENT_DATA_ACTIONS: ReadonlySet<Action> = new Set<Action>([
  'patients.list',
  'patients.manage',
  'patients.record',
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

/**
 * The clinical fields of a patient (spec §3 Patient): only a caller allowed `patients.record`
 * reads them, finds patients by them or writes them. Office managers run the front desk from the
 * same roster and answers, without them.
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

/** spec §4: the restricted user flag. */
export function isRestrictedUser(user: { code: string | null }): boolean {
  return user.code === RESTRICTED_USER_CODE;
}
