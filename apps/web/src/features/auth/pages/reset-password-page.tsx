import { ResetPasswordConfirmBodySchema } from '@homestretch/contract/auth/reset-password';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { errorMessage, fieldErrors } from '../../../lib/error-messages';
import { focusFirstInvalid, validate, type FieldErrors } from '../../../lib/validation';
import { Button } from '../../../ui/button';
import { useConfirmPasswordReset } from '../api/reset-password-confirm';
import { AuthCard } from '../components/auth-card';
import { Alert } from '../../../ui/alert';
import { PasswordField } from '../../../ui/password-field';
import { TextLink } from '../components/text-link';

export const INCOMPLETE_LINK_MESSAGE =
  'This reset link is incomplete. Open the link from the e-mail again, or ask for a new one.';
export const PASSWORD_CHANGED_MESSAGE =
  'Your password has been changed. Sign in with your new password.';
const MISMATCH_MESSAGE = 'The two passwords do not match';

/** /reset-password?uid=…&token=… — the link from the reset e-mail. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const uid = searchParams.get('uid')?.trim() ?? '';
  const token = searchParams.get('token')?.trim() ?? '';
  const confirmReset = useConfirmPasswordReset();
  const formRef = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});

  const serverErrors = confirmReset.isPending ? {} : fieldErrors(confirmReset.error);
  // uid/token problems are about the link, not about anything typed here.
  const linkRefused = Boolean(serverErrors.uid ?? serverErrors.token);
  const errors: FieldErrors = { ...serverErrors, ...clientErrors };
  const showAlert = confirmReset.isError && (linkRefused || !errors.password);

  const askAgain = <TextLink to={paths.findPassword()}>Ask for a new link</TextLink>;

  if (!uid || !token) {
    return (
      <AuthCard
        title="Choose a new password"
        footer={<TextLink to={paths.login()}>Back to sign in</TextLink>}
      >
        <Alert tone="error">
          <p>{INCOMPLETE_LINK_MESSAGE}</p>
          <p className="mt-1">{askAgain}</p>
        </Alert>
      </AuthCard>
    );
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

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = validate(ResetPasswordConfirmBodySchema, { uid, token, password });
    const nextErrors: FieldErrors = check.ok ? {} : { ...check.fields };
    if (!nextErrors.password && password !== confirmation) {
      nextErrors.confirmation = MISMATCH_MESSAGE;
    }
    if (Object.keys(nextErrors).length > 0) {
      setClientErrors(nextErrors);
      confirmReset.reset();
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    setClientErrors({});
    confirmReset.mutate({ uid, token, password });
  };

  return (
    <AuthCard
      title="Choose a new password"
      description="Use at least 8 characters. A few words strung together make a strong password."
      footer={<TextLink to={paths.login()}>Back to sign in</TextLink>}
    >
      <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {showAlert && (
          <Alert tone="error">
            <p>
              {linkRefused
                ? (serverErrors.uid ?? serverErrors.token)
                : errorMessage(confirmReset.error, { form: true })}
            </p>
            {linkRefused && <p className="mt-1">{askAgain}</p>}
          </Alert>
        )}
        {(clientErrors.uid ?? clientErrors.token) && (
          <Alert tone="error">
            <p>{clientErrors.uid ?? clientErrors.token}</p>
            <p className="mt-1">{askAgain}</p>
          </Alert>
        )}
        <PasswordField
          label="New password"
          name="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
        <PasswordField
          label="Repeat the new password"
          name="confirmation"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          error={errors.confirmation}
        />
        <Button type="submit" loading={confirmReset.isPending} className="mt-2 w-full">
          Save new password
        </Button>
      </form>
    </AuthCard>
  );
}
