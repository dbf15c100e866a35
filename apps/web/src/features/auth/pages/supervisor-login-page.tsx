import { SupervisorSignInBodySchema } from '@homestretch/contract/supervisors/supervisor-auth';
import { useNavigate } from 'react-router';
import { homePathFor, paths } from '../../../config/paths';
import { useContractForm } from '../../../lib/contract-form';
import { errorMessage } from '../../../lib/error-messages';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { useSupervisorSignIn } from '../api/supervisor-sign-in';
import { authStore } from '../stores/auth-store';
import { AuthCard } from '../components/auth-card';
import { Alert } from '../../../ui/alert';
import { PasswordField } from '../../../ui/password-field';
import { TextLink } from '../components/text-link';

/** /supervisor-login: clinic code + password (spec §6), then the supervisor's approvals. */
export function SupervisorLoginPage() {
  const navigate = useNavigate();
  const signIn = useSupervisorSignIn();
  const { form, formRef, errors, formFailed, focusInvalid, onSubmit } = useContractForm({
    schema: SupervisorSignInBodySchema,
    defaultValues: { code: '', password: '' },
    mutation: signIn,
  });

  const send = onSubmit((body) =>
    signIn.mutate(body, {
      onSuccess: () =>
        void navigate(authStore.getState().redirectTarget() ?? homePathFor('supervisor'), {
          replace: true,
        }),
      onError: focusInvalid,
    }),
  );

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
      <form ref={formRef} noValidate onSubmit={send} className="flex flex-col gap-4">
        {formFailed && <Alert tone="error">{errorMessage(signIn.error, { form: true })}</Alert>}
        <TextField
          label="Clinic code"
          autoComplete="organization"
          autoCapitalize="characters"
          spellCheck={false}
          required
          {...form.register('code')}
          error={errors.code}
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
