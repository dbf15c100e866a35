import {
  ResetLinkQuerySchema,
  ResetPasswordConfirmBodySchema,
} from '@homestretch/contract/auth/reset-password';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { paths } from '../../../config/paths';
import { useContractForm } from '../../../lib/contract-form';
import { errorMessage } from '../../../lib/error-messages';
import { Button } from '../../../ui/button';
import { ErrorState } from '../../../ui/error-state';
import { Spinner } from '../../../ui/spinner';
import { useResetLinkStatus } from '../api/check-reset-link';
import { useConfirmPasswordReset } from '../api/reset-password-confirm';
import { AuthCard } from '../components/auth-card';
import { Alert } from '../../../ui/alert';
import { PasswordField } from '../../../ui/password-field';
import { TextLink } from '../components/text-link';

export const INCOMPLETE_LINK_MESSAGE =
  'This reset link is incomplete. Open the link from the e-mail again, or ask for a new one.';
export const USED_LINK_MESSAGE =
  'This link has expired or was already used. Each reset link works once, for one hour.';
export const PASSWORD_CHANGED_MESSAGE =
  'Your password has been changed. Sign in with your new password.';
const MISMATCH_MESSAGE = 'The two passwords do not match';

/** The body the server checks, and the repeated password only this page can compare. */
const ResetPasswordFormSchema = ResetPasswordConfirmBodySchema.extend({
  confirmation: z.string(),
}).refine((form) => form.password === form.confirmation, {
  path: ['confirmation'],
  message: MISMATCH_MESSAGE,
});

/** /reset-password?uid=…&token=… — the link from the reset e-mail. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const uid = searchParams.get('uid')?.trim() ?? '';
  const token = searchParams.get('token')?.trim() ?? '';
  const link = ResetLinkQuerySchema.safeParse({ uid, token });
  // Checked as the page opens: a used link once said so only after the password was typed twice.
  const linkStatus = useResetLinkStatus(link.success ? { uid, token } : null);
  const confirmReset = useConfirmPasswordReset();
  const { form, formRef, errors, formFailed, onSubmit } = useContractForm({
    schema: ResetPasswordFormSchema,
    defaultValues: { password: '', confirmation: '' },
    toBody: (values) => ({ ...values, uid, token }),
    mutation: confirmReset,
  });
  // uid/token problems are about the link, not about anything typed here.
  const linkError = errors.uid ?? errors.token;

  const askAgain = <TextLink to={paths.findPassword()}>Ask for a new link</TextLink>;

  const backToSignIn = <TextLink to={paths.login()}>Back to sign in</TextLink>;
  const refusedLink = (message: string) => (
    <AuthCard title="Choose a new password" footer={backToSignIn}>
      <Alert tone="error">
        <p>{message}</p>
        <p className="mt-1">{askAgain}</p>
      </Alert>
    </AuthCard>
  );

  if (!uid || !token) {
    return refusedLink(INCOMPLETE_LINK_MESSAGE);
  }
  if (!link.success) {
    return refusedLink(link.error.issues[0]?.message ?? INCOMPLETE_LINK_MESSAGE);
  }

  if (confirmReset.isSuccess) {
    return (
      <AuthCard title="Password changed">
        <div className="flex flex-col gap-4">
          <Alert tone="success">{PASSWORD_CHANGED_MESSAGE}</Alert>
          <Link
            to={paths.login()}
            className="inline-flex min-h-11 items-center justify-center rounded-control bg-brand-700 px-4 font-medium text-surface hover:bg-brand-800"
          >
            Sign in
          </Link>
        </div>
      </AuthCard>
    );
  }

  if (linkStatus.isPending) {
    return (
      <AuthCard title="Choose a new password" footer={backToSignIn}>
        <p className="inline-flex items-center gap-2 text-ink-muted" role="status">
          <Spinner decorative size="sm" /> Checking the link…
        </p>
      </AuthCard>
    );
  }
  if (linkStatus.isError) {
    return (
      <AuthCard title="Choose a new password" footer={backToSignIn}>
        <ErrorState
          message={`We could not check this link. ${errorMessage(linkStatus.error)}`}
          onRetry={() => void linkStatus.refetch()}
          retrying={linkStatus.isFetching}
        />
      </AuthCard>
    );
  }
  if (!linkStatus.data.valid) {
    return refusedLink(USED_LINK_MESSAGE);
  }

  return (
    <AuthCard
      title="Choose a new password"
      description="Use at least 8 characters. A few words strung together make a strong password."
      footer={backToSignIn}
    >
      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmit((body) =>
          confirmReset.mutate({ uid: body.uid, token: body.token, password: body.password }),
        )}
        className="flex flex-col gap-4"
      >
        {linkError ? (
          <Alert tone="error">
            <p>{linkError}</p>
            <p className="mt-1">{askAgain}</p>
          </Alert>
        ) : (
          formFailed && (
            <Alert tone="error">{errorMessage(confirmReset.error, { form: true })}</Alert>
          )
        )}
        <PasswordField
          label="New password"
          autoComplete="new-password"
          required
          {...form.register('password')}
          error={errors.password}
        />
        <PasswordField
          label="Repeat the new password"
          autoComplete="new-password"
          required
          {...form.register('confirmation')}
          error={errors.confirmation}
        />
        <Button type="submit" loading={confirmReset.isPending} className="mt-2 w-full">
          Save new password
        </Button>
      </form>
    </AuthCard>
  );
}
