/**
 * The patient record's refusals, as pure functions: each answers nothing when the change may go
 * ahead and throws the AppError the caller is to hear otherwise. The services read what they
 * need first (the patient, the clinic's day) and ask these.
 */
import type { PatientStatus } from '@homestretch/contract/common/enums';
import { AppError, invalidInput } from '../../platform/errors';
import { isIsoDate } from '../../platform/calendar';
import { clinicalFieldsRefused } from '../../platform/permissions';
import type { CallerUser } from '../../platform/sessions';

/**
 * domain/rtm.md bills RTM within an episode of care (onboarding to discharge): coverage is on only
 * while the patient is active, so a discharged patient is re-onboarded before they are billable.
 */
export function refuseCoverageOutsideEpisode(
  status: PatientStatus,
  isRtmCovered: boolean | undefined,
): void {
  if (isRtmCovered === true && status !== 'active') {
    throw new AppError(
      'conflict',
      'A discharged patient is not billable for RTM; re-onboard them to start a new episode of care',
    );
  }
}

/** 403 for a write of clinical fields by a caller who may not see them. */
export function refuseClinicalWrite(
  user: Pick<CallerUser, 'role'>,
  fields: Parameters<typeof clinicalFieldsRefused>[1],
): void {
  const refused = clinicalFieldsRefused(user, fields);
  if (refused.length > 0) {
    throw new AppError(
      'forbidden',
      'Only clinicians enter or change a diagnosis',
      Object.fromEntries(refused.map((field) => [field, 'Only clinicians enter or change this'])),
    );
  }
}

/** Born by `today` in the clinic: the browser proposes no later day (web lib/clinic-time.ts). */
export function refuseFutureBirthday(birthday: string | null | undefined, today: string): void {
  if (birthday && birthday > today) {
    throw invalidInput({ birthday: 'Birthday cannot be in the future' });
  }
}

/**
 * The channel an app reminder goes by: the one asked for, else SMS when the patient has a phone
 * number; refused when the patient cannot be reached by it.
 */
export function reminderChannel(
  patient: { phone: string | null; email: string | null },
  asked: 'sms' | 'email' | undefined,
): 'sms' | 'email' {
  const channel = asked ?? (patient.phone ? 'sms' : 'email');
  if (!patient.phone && !patient.email) {
    throw new AppError(
      'rule_violation',
      'This patient has no phone number or e-mail address. Add one first.',
    );
  }
  if (channel === 'sms' && !patient.phone) {
    throw invalidInput({ channel: 'This patient has no phone number' });
  }
  if (channel === 'email' && !patient.email) {
    throw invalidInput({ channel: 'This patient has no e-mail address' });
  }
  return channel;
}

/**
 * 400 for an interaction dated in the future: a date (the clinic's day) after `today`, or an
 * instant later than `now` plus the clock skew a device may have.
 */
export function refuseFutureInteraction(
  logged: { date: string; at: Date },
  clock: { today: string; now: Date; skewMs: number },
): void {
  const future = isIsoDate(logged.date)
    ? logged.date > clock.today
    : logged.at.getTime() > clock.now.getTime() + clock.skewMs;
  if (future) {
    throw invalidInput({ 'log.date': 'An interaction cannot be in the future' });
  }
}
