import { SignInBodySchema } from '@homestretch/contract/auth/sign-in';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { PasswordField } from '../../ui/password-field';
import { TextField } from '../../ui/text-field';
import { errorMessage, fieldErrors } from '../../lib/error-messages';
import { StaffAccountError, useSignIn } from '../api/session';
import { AppFrame } from '../components/app-frame';
import { InstallOffer } from '../components/install-offer';

/** The patient signs in with the e-mail and password chosen at QR sign-up. */
export function SignInScreen() {
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = SignInBodySchema.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
        ),
      );
      return;
    }
    setErrors({});
    signIn.mutate(parsed.data, {
      onError: (error) => setErrors(fieldErrors(error)),
    });
  };

  const staffAccount = signIn.error instanceof StaffAccountError;
  return (
    <AppFrame>
      <div className="flex flex-col gap-1 pt-2">
        <h1 className="text-3xl font-semibold text-ink">Welcome</h1>
        <p className="text-lg text-ink-muted">Sign in to see your exercises for today.</p>
      </div>
      <form
        noValidate
        onSubmit={onSubmit}
        className="flex flex-col gap-5 rounded-card bg-surface p-5 shadow-card"
      >
        {signIn.isError && !staffAccount && (
          <Alert tone="error">{errorMessage(signIn.error, { form: true })}</Alert>
        )}
        {staffAccount && (
          <Alert tone="info">
            <p className="font-semibold">This app is for patients.</p>
            <p className="mt-1">
              Clinic staff sign in at{' '}
              <a href="/login" className="font-medium underline">
                Homestretch for clinics
              </a>
              . You have not been signed in here.
            </p>
          </Alert>
        )}
        <TextField
          large
          label="Email"
          type="email"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
        />
        <PasswordField
          large
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
        <Button type="submit" size="lg" loading={signIn.isPending} className="w-full">
          Sign in
        </Button>
        <p className="text-base text-ink-muted">
          Use the e-mail and password you chose when you signed up with your clinic.{' '}
          <a href="/find-password" className="font-medium text-brand-700 underline">
            Forgot your password?
          </a>
        </p>
      </form>
      <InstallOffer />
    </AppFrame>
  );
}
