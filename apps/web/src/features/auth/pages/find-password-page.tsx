import { ResetPasswordBodySchema } from '@homestretch/contract/auth/reset-password';
import { paths } from '../../../config/paths';
import { useContractForm } from '../../../lib/contract-form';
import { errorMessage } from '../../../lib/error-messages';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { useRequestPasswordReset } from '../api/reset-password';
import { AuthCard } from '../components/auth-card';
import { Alert } from '../../../ui/alert';
import { TextLink } from '../components/text-link';

/** /find-password: asks for a reset e-mail and shows the server's neutral answer. */
export function FindPasswordPage() {
  const requestReset = useRequestPasswordReset();
  const { form, formRef, errors, formFailed, onSubmit } = useContractForm({
    schema: ResetPasswordBodySchema,
    defaultValues: { email: '' },
    mutation: requestReset,
  });

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
        <form
          ref={formRef}
          noValidate
          onSubmit={onSubmit((body) => requestReset.mutate(body))}
          className="flex flex-col gap-4"
        >
          {formFailed && (
            <Alert tone="error">{errorMessage(requestReset.error, { form: true })}</Alert>
          )}
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            required
            {...form.register('email')}
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
