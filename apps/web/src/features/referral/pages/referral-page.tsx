import { SendReferralBodySchema } from '@homestretch/contract/referral/send-referral';
import { Mail } from 'lucide-react';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/contract-form';
import { errorMessage } from '../../../lib/error-messages';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { TextField } from '../../../ui/text-field';
import { useCurrentUser } from '../../auth/api/current-user';
import { useSendReferral } from '../api/send-referral';

interface ReferralForm {
  first_name: string;
  last_name: string;
  email: string;
}

/**
 * The link the invitation opens: this app's staff sign-up page. The server mails only links to
 * its own site, so it is built from the page's origin, never typed.
 */
function invitationLink(): string {
  return `${window.location.origin}${paths.therapistSignup()}`;
}

/** A refused send in words: the server's own for a 429, which say how long to wait. */
function sendFailure(error: unknown): string {
  if (isApiError(error) && error.status === 429 && error.serverMessage) {
    return error.serverMessage;
  }
  return errorMessage(error, { form: true });
}

/**
 * referral_program (/referral, spec §2/§7): a staff member invites a colleague to Homestretch by
 * e-mail. The preview beside the form shows what the colleague receives, with the sender's name
 * and clinic as the e-mail gives them.
 */
export function ReferralPage() {
  const { data: user } = useCurrentUser();
  const send = useSendReferral();
  const { form, formRef, errors, formFailed, onSubmit } = useContractForm({
    schema: SendReferralBodySchema,
    defaultValues: { first_name: '', last_name: '', email: '' } satisfies ReferralForm,
    toBody: (values: ReferralForm) => ({ ...values, action_url: invitationLink() }),
    mutation: send,
  });
  const firstName = form.watch('first_name').trim();
  const sender = user ? `${user.first_name} ${user.last_name}`.trim() : 'You';
  const clinic = user?.clinic_name ?? 'your clinic';

  const startOver = () => {
    send.reset();
    form.reset();
  };

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-5">
      <div>
        <h1 className="text-2xl font-semibold text-ink">Referral program</h1>
        <p className="mt-1 text-sm text-ink-muted">
          Know a physical therapist who would like Homestretch? Send them an invitation.
        </p>
      </div>
      <div className="grid gap-5 lg:grid-cols-2">
        <Card title="Invite a colleague">
          {send.isSuccess ? (
            <div className="flex flex-col gap-4">
              <Alert tone="success">
                Invitation sent to <strong className="break-all">{send.data.email}</strong>.
              </Alert>
              <Button variant="secondary" onClick={startOver} className="self-start">
                Invite another colleague
              </Button>
            </div>
          ) : (
            <form
              ref={formRef}
              noValidate
              aria-label="Invite a colleague"
              onSubmit={onSubmit((body) => send.mutate(body))}
              className="flex flex-col gap-4"
            >
              {(formFailed || errors.action_url) && (
                <Alert tone="error">
                  {formFailed ? sendFailure(send.error) : errors.action_url}
                </Alert>
              )}
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  label="First name"
                  autoComplete="off"
                  required
                  {...form.register('first_name')}
                  error={errors.first_name}
                />
                <TextField
                  label="Last name"
                  autoComplete="off"
                  required
                  {...form.register('last_name')}
                  error={errors.last_name}
                />
              </div>
              <TextField
                label="Email"
                type="email"
                inputMode="email"
                autoCapitalize="none"
                autoComplete="off"
                spellCheck={false}
                required
                {...form.register('email')}
                error={errors.email}
              />
              <Button type="submit" loading={send.isPending} className="sm:self-start">
                Send invitation
              </Button>
            </form>
          )}
        </Card>
        <Card title="What your colleague receives">
          <div className="flex flex-col gap-3 text-sm">
            <p className="flex items-center gap-2 font-medium text-ink">
              <Mail aria-hidden="true" className="size-4 shrink-0 text-ink-subtle" />
              {sender} invites you to Homestretch
            </p>
            <div className="flex flex-col gap-2 rounded-control border border-line bg-canvas p-3 text-ink-muted">
              <p>Hello {firstName || '…'},</p>
              <p>
                {sender} of {clinic} invites you to Homestretch, the home exercise programs, remote
                monitoring and patient chat they use with their patients.
              </p>
              <p className="font-medium text-brand-800">
                A link to create their account on Homestretch
              </p>
            </div>
            <p className="text-ink-muted">
              The e-mail says you sent it and why they received it. Nothing is created until they
              sign up themselves.
            </p>
          </div>
        </Card>
      </div>
    </div>
  );
}
