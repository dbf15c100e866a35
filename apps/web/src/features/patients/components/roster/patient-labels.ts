import { can } from '@homestretch/contract/auth/permissions';
import type { Role } from '@homestretch/contract/common/enums';
import {
  GENDER_LABELS,
  GENDERS,
  type Patient,
  type TherapistRef,
} from '@homestretch/contract/patients/patient';
import { isApiError } from '../../../../lib/api-client';
import { errorMessage } from '../../../../lib/error-messages';

export function fullName(person: Pick<Patient, 'first_name' | 'last_name'>): string {
  return `${person.first_name} ${person.last_name}`;
}

export function therapistNames(therapists: readonly TherapistRef[]): string {
  return therapists.map(fullName).join(', ');
}

/**
 * domain/rtm.md: billable for RTM means covered and within an episode of care. Discharge clears
 * the flag on the server; records discharged before it did still carry it, so status decides too.
 */
export function isRtmBillable(patient: Pick<Patient, 'status' | 'is_rtm_covered'>): boolean {
  return patient.status === 'active' && patient.is_rtm_covered;
}

/** Spec §6: office managers run the front desk but never open a record. */
export function canOpenRecord(role: Role): boolean {
  return can(role, 'patients.record');
}

/**
 * Supervisors read the record to approve programs (spec §6); the front desk's changes (details,
 * RTM coverage, therapists, discharge, reminders, removal) are not theirs (server rule
 * patients.manage, docs/decisions/016-supervisor-patient-access.md).
 */
export function runsFrontDesk(role: Role): boolean {
  return can(role, 'patients.manage');
}

/**
 * The diagnosis and its code are clinical: the server leaves them out of an office manager's
 * answers (permissions.ts, seesClinicalData), so their column, field and search words go too.
 */
export const seesClinicalData = canOpenRecord;

/**
 * Roles that can be a patient's treating therapist, so "My patients" means something to them;
 * they alone onboard, log interactions and record functional data (server rule patients.treat).
 */
export function treatsPatients(role: Role): boolean {
  return can(role, 'patients.treat');
}

export const GENDER_OPTIONS = GENDERS.map((value) => ({ value, label: GENDER_LABELS[value] }));

function hoursLabel(seconds: number): string {
  if (seconds < 3600) {
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  }
  const hours = Math.ceil(seconds / 3600);
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/**
 * A refused app reminder in the server's own words ("A reminder already went to this patient in
 * the last 24 hours."), with when the next one may go. The generic 429 wording ("Too many
 * attempts") would suggest the clinician did something wrong; here it is the patient's quota.
 */
export function reminderErrorMessage(error: unknown): string {
  if (isApiError(error) && error.serverMessage && [409, 422, 429].includes(error.status)) {
    return error.retryAfter
      ? `${error.serverMessage} You can send the next one in ${hoursLabel(error.retryAfter)}.`
      : error.serverMessage;
  }
  return errorMessage(error);
}

export function reminderSentMessage(
  patient: Pick<Patient, 'first_name' | 'last_name'>,
  channel: 'sms' | 'email',
): string {
  return `App link sent to ${fullName(patient)} by ${channel === 'sms' ? 'text message' : 'e-mail'}.`;
}
