import { ResetPasswordBodySchema } from '@homestretch/contract/auth/reset-password';
import { useRef, useState, type FormEvent } from 'react';
import { paths } from '../../../config/paths';
import { errorMessage, fieldErrors } from '../../../lib/error-messages';
import { focusFirstInvalid, validate, type FieldErrors } from '../../../lib/validation';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { useRequestPasswordReset } from '../api/reset-password';
import { AuthCard } from '../components/auth-card';
import { Alert } from '../../../ui/alert';
import { TextLink } from '../components/text-link';

/** /find-password: asks for a reset e-mail and shows the server's neutral answer. */
export function FindPasswordPage() {
  const requestReset = useRequestPasswordReset();
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});

  const serverErrors = requestReset.isPending ? {} : fieldErrors(requestReset.error);
  const errors: FieldErrors = { ...serverErrors, ...clientErrors };
  const showAlert = requestReset.isError && Object.keys(serverErrors).length === 0;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = validate(ResetPasswordBodySchema, { email });
    if (!check.ok) {
      setClientErrors(check.fields);
      requestReset.reset();
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    setClientErrors({});
    requestReset.mutate({ email });
  };

  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter the email you sign in with. We will send you a link to choose a new password."
      footer={<TextLink to={paths.login()}>Back to sign in</TextLink>}
    >
      {requestReset.isSuccess ? (
        <div className="flex flex-col gap-4">
          <Alert tone="success">{requestReset.data.message}</Alert>
          <Button variant="secondary" onClick={() => requestReset.reset()}>
            Use another email
          </Button>
        </div>
      ) : (
        <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          {showAlert && (
            <Alert tone="error">{errorMessage(requestReset.error, { form: true })}</Alert>
          )}
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={errors.email}
          />
          <Button type="submit" loading={requestReset.isPending} className="mt-2 w-full">
            Send reset link
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
