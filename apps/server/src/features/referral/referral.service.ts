import type {
  ReferralSent,
  SendReferralBodySchema,
} from '@homestretch/contract/referral/send-referral';
import type { z } from 'zod';
import { writeAudit } from '../../platform/audit';
import { type AuthedCtx, clinicScope } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { enforceLimits } from '../../platform/rate-limit';
import { findClinicById } from '../clinics/clinics.api';
import { invitationLink, referralMail } from './referral-rules';

/** The words of a 429: what was refused and when to try again, from the limit's Retry-After. */
function referralLimitWords(seconds: number): string {
  const wait =
    seconds < 60
      ? `${seconds} second${seconds === 1 ? '' : 's'}`
      : seconds < 3600
        ? `${Math.ceil(seconds / 60)} minutes`
        : `${Math.ceil(seconds / 3600)} hour${Math.ceil(seconds / 3600) === 1 ? '' : 's'}`;
  return `You have sent as many invitations as we allow for now. Try again in ${wait}.`;
}

/**
 * spec §7 POST /clinic/referral/send-email: mails a colleague an invitation that names the
 * sender and their clinic. The link is built here, to this app's staff sign-up page (invitationLink); each attempt
 * counts against the sender, the clinic and the address, and the sending is audited.
 */
export async function sendReferral(
  ctx: AuthedCtx,
  input: z.output<typeof SendReferralBodySchema>,
): Promise<ReferralSent> {
  const scope = clinicScope(ctx);
  const invitation = invitationLink(input.action_url, [
    ctx.config.publicUrl,
    ...ctx.config.webOrigins,
  ]);
  if ('refused' in invitation) {
    throw new AppError('rule_violation', 'This invitation link cannot be sent', {
      action_url: invitation.refused,
    });
  }
  const { user } = ctx.caller;
  await enforceLimits(
    ctx.db,
    ctx.clock.now(),
    [
      { key: `referral:user:${user.id}`, limit: ctx.limits.referralPerUser },
      { key: `referral:clinic:${scope.clinicId}`, limit: ctx.limits.referralPerClinic },
      { key: `referral:to:${input.email}`, limit: ctx.limits.referralPerRecipient },
    ],
    referralLimitWords,
  );
  const clinic = await findClinicById(ctx.db, scope.clinicId);
  if (!clinic) {
    throw notFound('Clinic');
  }
  await ctx.mailer.send(
    referralMail({
      to: input.email,
      firstName: input.first_name,
      actionUrl: invitation.link,
      sender: { firstName: user.firstName, lastName: user.lastName },
      clinic: { id: clinic.id, name: clinic.name },
    }),
  );
  await writeAudit(ctx.db, ctx.meta, {
    action: 'referral.sent',
    clinicId: scope.clinicId,
    actorUserId: user.id,
    details: {
      email: input.email,
      name: `${input.first_name} ${input.last_name}`,
      action_url: invitation.link,
    },
  });
  return { email: input.email };
}
