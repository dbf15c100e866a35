import { SignInBodySchema } from '@homestretch/contract/auth/sign-in';
import { paths } from '../../../config/paths';
import { useContractForm } from '../../../lib/contract-form';
import { errorMessage } from '../../../lib/error-messages';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { useSignIn } from '../api/sign-in';
import { isPatientAccountError } from '../api/staff-only';
import { AuthCard } from '../components/auth-card';
import { useAuthStore } from '../stores/auth-store';
import { Alert } from '../../../ui/alert';
import { PasswordField } from '../../../ui/password-field';
import { TextLink } from '../components/text-link';

/**
 * /login. Leaving the page after a successful sign-in is the route guard's job (it sees the
 * signed-in user and goes to the remembered target, else home), so there is one way out.
 */
export function LoginPage() {
  const signIn = useSignIn();
  // A patient session was ended, found at page load or opened by this form just now.
  const patientRefused = useAuthStore((state) => state.patientRefused);
  const { form, formRef, errors, formFailed, focusInvalid, onSubmit } = useContractForm({
    schema: SignInBodySchema,
    defaultValues: { email: '', password: '' },
    mutation: signIn,
  });
  // The credentials were right but belong to a patient: not a failure, the notice below says why.
  const showAlert = formFailed && !isPatientAccountError(signIn.error);

  return (
    <AuthCard
      title="Sign in"
      description="Welcome back. Sign in with your clinic account."
      footer={
        <>
          <TextLink to={paths.findPassword()}>Forgot your password?</TextLink>
          <p>
            New to Homestretch?{' '}
            <TextLink to={paths.therapistSignup()}>Create a staff account</TextLink>
          </p>
          <p>
            Supervisor?{' '}
            <TextLink to={paths.supervisorLogin()}>Sign in with your clinic code</TextLink>
          </p>
        </>
      }
    >
      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmit((body) => signIn.mutate(body, { onError: focusInvalid }))}
        className="flex flex-col gap-4"
      >
        {showAlert && <Alert tone="error">{errorMessage(signIn.error, { form: true })}</Alert>}
        {patientRefused && (
          <Alert tone="info">
            <p className="font-semibold">This sign-in is for clinic staff.</p>
            <p className="mt-1">
              Patients use the Homestretch app on their phone: sign in there with the same email and
              password. You have not been signed in here.
            </p>
            <p className="mt-1">
              <a href="/app" className="font-medium underline">
                Open the Homestretch app
              </a>
            </p>
          </Alert>
        )}
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          {...form.register('email')}
          error={errors.email}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          required
          {...form.register('password')}
          error={errors.password}
        />
        <Button
          type="submit"
          loading={signIn.isPending || signIn.isSuccess}
          className="mt-2 w-full"
        >
          Sign in
        </Button>
      </form>
    </AuthCard>
  );
}
