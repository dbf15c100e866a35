import { SupervisorSignInBodySchema } from '@homestretch/contract/supervisors/supervisor-auth';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { errorMessage, fieldErrors } from '../../../lib/error-messages';
import { focusFirstInvalid, validate, type FieldErrors } from '../../../lib/validation';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { useSupervisorSignIn } from '../api/supervisor-sign-in';
import { authStore } from '../stores/auth-store';
import { AuthCard } from '../components/auth-card';
import { Alert } from '../../../ui/alert';
import { PasswordField } from '../../../ui/password-field';
import { TextLink } from '../components/text-link';

/** /supervisor-login: clinic code + password (spec §6), then the supervisor's dashboard. */
export function SupervisorLoginPage() {
  const navigate = useNavigate();
  const signIn = useSupervisorSignIn();
  const formRef = useRef<HTMLFormElement>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});

  const serverErrors = signIn.isPending ? {} : fieldErrors(signIn.error);
  const errors: FieldErrors = { ...serverErrors, ...clientErrors };
  const showAlert = signIn.isError && Object.keys(serverErrors).length === 0;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = validate(SupervisorSignInBodySchema, { code, password });
    if (!check.ok) {
      setClientErrors(check.fields);
      signIn.reset();
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    setClientErrors({});
    signIn.mutate(
      { code, password },
      {
        onSuccess: () =>
          void navigate(authStore.getState().redirectTarget() ?? paths.therapistDashboard(), {
            replace: true,
          }),
        onError: () => requestAnimationFrame(() => focusFirstInvalid(formRef.current)),
      },
    );
  };

  return (
    <AuthCard
      title="Supervisor sign in"
      description="Sign in with your clinic code and your supervisor password."
      footer={
        <p>
          Therapist or office manager?{' '}
          <TextLink to={paths.login()}>Sign in with your email</TextLink>
        </p>
      }
    >
      <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {showAlert && <Alert tone="error">{errorMessage(signIn.error, { form: true })}</Alert>}
        <TextField
          label="Clinic code"
          name="code"
          autoComplete="organization"
          autoCapitalize="characters"
          spellCheck={false}
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={errors.code}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
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
