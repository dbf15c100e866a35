import { z } from 'zod';

/** spec §3 User roles; manager means office manager. */
export const ROLES = [
  'admin',
  'therapist',
  'remote_therapist',
  'patient',
  'supervisor',
  'manager',
] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/**
 * Whether a staff account may reach the clinic's data. The clinic code on the patient QR poster
 * is also the key for staff sign-up, so a self-signed-up account waits (`pending`) until the
 * clinic's administrator approves or declines it (docs/decisions/007-staff-approval.md).
 */
export const APPROVAL_STATUSES = ['pending', 'approved', 'declined'] as const;
export const ApprovalStatusSchema = z.enum(APPROVAL_STATUSES);
export type ApprovalStatus = z.infer<typeof ApprovalStatusSchema>;

/** What an approver may set: an account never goes back to waiting. */
export const ApprovalDecisionSchema = z.enum(['approved', 'declined'], {
  error: 'Status is approved or declined',
});
export type ApprovalDecision = z.infer<typeof ApprovalDecisionSchema>;

/** The four staff role choices offered at sign-up, with their labels (spec §3). */
export const STAFF_ROLE_CHOICES = [
  { value: 'therapist', label: 'Staff Therapist' },
  { value: 'manager', label: 'Office Manager' },
  { value: 'remote_therapist', label: 'Remote PT' },
  { value: 'supervisor', label: 'Remote Supervisor' },
] as const;
export type StaffRoleChoice = (typeof STAFF_ROLE_CHOICES)[number]['value'];
export const StaffRoleChoiceSchema = z.enum(
  ['therapist', 'manager', 'remote_therapist', 'supervisor'],
  {
    error: 'Choose one of Staff Therapist, Office Manager, Remote PT or Remote Supervisor',
  },
);

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrator',
  therapist: 'Staff Therapist',
  manager: 'Office Manager',
  remote_therapist: 'Remote PT',
  supervisor: 'Remote Supervisor',
  patient: 'Patient',
};

/** spec §3 Health metric types. */
export const HEALTH_METRICS = [
  'engagement',
  'pain',
  'steps',
  'distance',
  'heart_rate',
  'blood_oxygen',
  'sleep',
  'blood_pressure',
  'blood_glucose',
  'respiratory_rate',
  'active_energy_burned',
  'exercise',
  'walking',
  'running',
  'cycling',
  'hiking',
  'stair_climbing',
] as const;
export const HealthMetricSchema = z.enum(HEALTH_METRICS);
export type HealthMetric = z.infer<typeof HealthMetricSchema>;

export const VIEW_MODES = ['average', 'level', 'details', 'engagement'] as const;
export const SCORING_MODES = ['linear', 'normalDistribution', 'level'] as const;
export const FORM_ACTIONS = ['Send', 'Save'] as const;
export const FEEDBACK_KINDS = ['dislike', 'remind_later'] as const;
export const PRIORITY_MODAL_CHOICES = [
  'stay_here',
  'start_monitoring',
  'next_patient',
  'close_end',
  'exit_mode',
  'cancel_exit',
] as const;
export const CALL_OUTCOMES = ['CALL_OK', 'CALL_NOK', 'CALL_REMINDER_PERIOD'] as const;
export const CHAT_RECENCY = ['CHAT_RECENT', 'CHAT_OUTDATED'] as const;

/** A patient's place in the roster: active (in an episode of care), discharged, or removed. */
export const PATIENT_STATUSES = ['active', 'discharged', 'removed'] as const;
export const PatientStatusSchema = z.enum(PATIENT_STATUSES);
export type PatientStatus = z.infer<typeof PatientStatusSchema>;

/**
 * Staff who can be a patient's treating therapist (onboarding, change-therapist, "My patients",
 * and the caller's own name proposed when they register a patient). The one list: the server's
 * SQL and the web read it from here.
 */
export const TREATING_ROLES = ['therapist', 'remote_therapist', 'admin'] as const;

export function isTreatingRole(role: string): boolean {
  return (TREATING_ROLES as readonly string[]).includes(role);
}

/**
 * Banners on the patient record, each computed from the patient's data (features/health):
 * pain_rising: the last week's pain is clearly above the week before;
 * no_activity: the app has sent nothing for several days;
 * low_adherence: under half of the program was done in the last week;
 * call_due: an RTM patient has had no logged call this month and the month is ending
 * (domain/rtm.md: a missing live call is the top denial cause).
 */
export const BANNERS = ['pain_rising', 'no_activity', 'low_adherence', 'call_due'] as const;
export const BannerSchema = z.enum(BANNERS, {
  error: `Banner is one of ${BANNERS.join(', ')}`,
});
export type Banner = z.infer<typeof BannerSchema>;
