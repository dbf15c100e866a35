/**
 * The app reminder (spec §3): the patient is texted or e-mailed the link to the app, at most once
 * a day.
 */
import type { z } from 'zod';
import { APP_REMINDER_INTERVAL_HOURS } from '@homestretch/contract/common/constants';
import type {
  SendAppReminderBodySchema,
  SendAppReminderResponse,
} from '@homestretch/contract/patients/send-app-reminder';
import { writeAudit } from '../../platform/audit';
import { type AuthedCtx, clinicScope } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { escapeHtml } from '../../platform/mail';
import { findClinicById } from '../clinics/clinics.api';
import { appReminderText } from './app-reminder-text';
import { requireClinicPatient } from './patient-directory';
import { reminderChannel } from './patient-rules';
import { claimAppReminder, releaseAppReminder } from './patients.repo';

const REMINDER_INTERVAL_MS = APP_REMINDER_INTERVAL_HOURS * 3_600_000;

/**
 * Texts (or e-mails) the patient the link to the app: the sign-up page with the clinic code
 * when they have no login yet. One per patient per 24 hours (429 with Retry-After sooner). A
 * send that fails gives the day's slot back.
 */
export async function sendAppReminder(
  ctx: AuthedCtx,
  patientId: number,
  input: z.output<typeof SendAppReminderBodySchema>,
): Promise<SendAppReminderResponse> {
  const scope = clinicScope(ctx);
  const patient = await requireClinicPatient(ctx.db, scope, patientId);
  const channel = reminderChannel(patient, input?.channel);
  const now = ctx.clock.now();
  if (!(await claimAppReminder(ctx.db, scope, patientId, now, REMINDER_INTERVAL_MS))) {
    const last = patient.appReminderSentAt?.getTime() ?? now.getTime();
    const retryAfter = Math.max(1, Math.ceil((last + REMINDER_INTERVAL_MS - now.getTime()) / 1000));
    throw new AppError(
      'rate_limited',
      'A reminder already went to this patient in the last 24 hours.',
      undefined,
      { 'retry-after': String(retryAfter) },
    );
  }
  const clinic = await findClinicById(ctx.db, scope.clinicId);
  const clinicName = clinic?.name ?? 'Your clinic';
  const text = appReminderText(ctx.config, patient, clinic?.code ?? '', clinicName);
  try {
    if (channel === 'sms') {
      await ctx.sms.send({ to: patient.phone ?? '', text: text.body, clinicId: scope.clinicId });
    } else {
      await ctx.mailer.send({
        clinicId: scope.clinicId,
        to: patient.email ?? '',
        subject: `${clinicName}: your exercise program is in the Homestretch app`,
        text: `${text.body}\n\nHomestretch`,
        html: `<p>${escapeHtml(text.body)}</p><p><a href="${escapeHtml(text.link)}">${patient.userId === null ? 'Create your account' : 'Open the app'}</a></p>`,
      });
    }
  } catch (error) {
    await releaseAppReminder(ctx.db, scope, patientId, now, patient.appReminderSentAt);
    throw error;
  }
  await writeAudit(ctx.db, ctx.meta, {
    action: 'patient.app_reminder',
    clinicId: scope.clinicId,
    actorUserId: ctx.caller.user.id,
    patientId,
    details: { channel },
  });
  return { ok: true, channel, sent_at: now.toISOString() };
}
