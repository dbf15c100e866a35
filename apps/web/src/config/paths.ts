import type { Role } from '@homestretch/contract/common/enums';
import { routePatterns } from '@homestretch/contract/web/pages';

/**
 * Every route of spec §2 in one place (the patterns live in the contract, where the server reads
 * them too): the router reads the patterns, screens read the href builders, so a path is spelled
 * once.
 */
export { routePatterns };

type Id = string | number;

const segment = (value: Id): string => encodeURIComponent(String(value));

/** Href builders: `paths.patientDashboard(12)` → `/patient/12/dashboard`. */
export const paths = {
  home: () => routePatterns.root,
  patientList: () => routePatterns.patientList,
  patientDashboard: (id: Id) => `/patient/${segment(id)}/dashboard`,
  therapistList: () => routePatterns.therapistList,
  therapistDashboard: () => routePatterns.therapistDashboard,
  balances: () => routePatterns.balances,
  exerciseLibrary: () => routePatterns.exerciseLibrary,
  exerciseUpload: () => routePatterns.exerciseUpload,
  exerciseEdit: (id: Id) => `/exercise-edit/${segment(id)}`,
  programTemplates: () => routePatterns.programTemplates,
  referral: () => routePatterns.referral,
  chatSessions: () => routePatterns.chatSessions,
  chatMessages: (id: Id) => `/chat/${segment(id)}/messages`,
  approvals: () => routePatterns.approvals,
  approvalRequest: (id: Id) => `/approvals/${segment(id)}`,
  programPrint: (patientId: Id) => `/patient/${segment(patientId)}/program/print`,
  supervisorProfile: () => routePatterns.supervisorProfile,
  clinicAdmin: () => routePatterns.clinicAdmin,
  supervisorLogin: () => routePatterns.supervisorLogin,
  patientSignup: (code?: string) =>
    code
      ? `${routePatterns.patientSignup}?code=${encodeURIComponent(code)}`
      : routePatterns.patientSignup,
  therapistSignup: () => routePatterns.therapistSignup,
  login: () => routePatterns.login,
  findPassword: () => routePatterns.findPassword,
  resetPassword: () => routePatterns.resetPassword,
} as const;

/**
 * Screen names. The protected ones are spec §2's, except the supervisor's two (spec §6: view
 * approvals, update their own profile; spec §2 gives them no route) and the administrator's
 * clinic_admin (spec §6: staff roles and supervisors, and the clinic's billing); the public ones are ours
 * (spec §2 names none), kept in the same snake_case so page views read alike.
 */
export const SCREEN_TITLES = {
  patient_list: 'Patients',
  patient_dashboard: 'Patient dashboard',
  therapist_list: 'Therapists',
  therapist_dashboard: 'Dashboard',
  balances_dashboard: 'Balances',
  exercise_library: 'Exercise library',
  exercise_upload: 'Upload exercise',
  exercise_edit: 'Edit exercise',
  program_templates: 'Program templates',
  referral_program: 'Referral program',
  chat_sessions: 'Chat',
  chat_messages: 'Messages',
  supervisor_approvals: 'Approvals',
  supervisor_approval_request: 'Approval request',
  hep_print: 'Printable program',
  supervisor_profile: 'Your profile',
  clinic_admin: 'Clinic administration',
  supervisor_login: 'Supervisor sign in',
  patient_signup: 'Patient sign-up',
  therapist_signup: 'Create a staff account',
  login: 'Sign in',
  find_password: 'Forgot password',
  reset_password: 'Choose a new password',
  not_found: 'Page not found',
} as const;

export type ScreenName = keyof typeof SCREEN_TITLES;

export const APP_NAME = 'Homestretch';

/** `Patients · Homestretch` */
export function documentTitle(screen: ScreenName): string {
  return `${SCREEN_TITLES[screen]} · ${APP_NAME}`;
}

/** Data every route carries in its `handle` (read with useMatches). */
export interface RouteHandle {
  screen: ScreenName;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return (
    typeof value === 'object' &&
    value !== null &&
    'screen' in value &&
    typeof value.screen === 'string' &&
    value.screen in SCREEN_TITLES
  );
}

/**
 * Spec §2: the mobile bottom menu is hidden on the exercise library, upload and edit screens.
 */
export const SCREENS_WITHOUT_BOTTOM_MENU: ReadonlySet<ScreenName> = new Set([
  'exercise_library',
  'exercise_upload',
  'exercise_edit',
]);

/**
 * Where a signed-in user lands: supervisors on their approvals (spec §6), other staff on the
 * patient list.
 * Patients never land: the web app has no screen for them and ends their sessions at sign-in
 * (features/auth/api/staff-only.ts).
 */
export function homePathFor(role: Role): string {
  return role === 'supervisor' ? paths.approvals() : paths.patientList();
}
