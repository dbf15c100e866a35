/**
 * The role rules of spec §6, in one place. Every route declares the action it performs and the
 * route helper asks `can()` before the service runs; an action missing from the table denies.
 */
import type { Role } from '@homestretch/contract/common/enums';
import { RESTRICTED_USER_CODE } from '@homestretch/contract/common/constants';
import type { CallerUser } from './sessions';

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
  /** The patient app: a patient reaches only their own data. */
  'patient_app.self': ['patient'],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof RULES;

/**
 * What a browser-extension token may do: read who is signed in and the roster it links records
 * to. Everything else needs the person's own session (ARCHITECTURE.md: scoped extension token).
 */
const EXTENSION_ACTIONS: ReadonlySet<Action> = new Set<Action>([
  'self.read',
  'clinic.read',
  'patients.list',
]);

export function can(
  user: Pick<CallerUser, 'role'>,
  action: Action,
  sessionKind: 'web' | 'supervisor' | 'extension' = 'web',
): boolean {
  if (sessionKind === 'extension' && !EXTENSION_ACTIONS.has(action)) {
    return false;
  }
  const allowed: readonly Role[] | undefined = RULES[action];
  return allowed?.includes(user.role) ?? false;
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
