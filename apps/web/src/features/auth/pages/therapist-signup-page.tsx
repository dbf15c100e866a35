import { SignUpBodySchema, type SignUpBody } from '@homestretch/contract/auth/sign-up';
import { DROPDOWN_DEFAULT_LABEL } from '@homestretch/contract/common/constants';
import { STAFF_ROLE_CHOICES } from '@homestretch/contract/common/enums';
import { ClinicCodeSchema } from '@homestretch/contract/common/fields';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { homePathFor, paths } from '../../../config/paths';
import { useContractForm } from '../../../lib/contract-form';
import { errorMessage } from '../../../lib/error-messages';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { SelectField } from '../../../ui/select-field';
import { TextField } from '../../../ui/text-field';
import { useCheckClinicCode, useFetchClinicCodeCheck } from '../../clinics/api/check-clinic-code';
import { useConfirmSignUp, useSignUp } from '../api/sign-up';
import { authStore } from '../stores/auth-store';
import { AuthCard } from '../components/auth-card';
import { Alert } from '../../../ui/alert';
import { PasswordField } from '../../../ui/password-field';
import { TextLink } from '../components/text-link';

/** One line on a phone's card too, so an unknown code does not move the button below it. */
export const UNKNOWN_CODE_MESSAGE = 'No clinic has this code: ask your clinic for it.';

const signInFooter = (
  <p>
    Already have an account? <TextLink to={paths.login()}>Sign in</TextLink>
  </p>
);

type FormValues = Required<Omit<SignUpBody, 'role'>> & { role: string };

const EMPTY: FormValues = {
  first_name: '',
  last_name: '',
  email: '',
  password: '',
  company_name: '',
  role: '',
  code: '',
};

/** What GET /clinic/check_code answers about the code the field lost focus with. */
function CheckedClinic({ code }: { code: string }) {
  const check = useCheckClinicCode(code);
  if (check.isPending) {
    return (
      <span className="inline-flex items-center gap-2 text-ink-muted">
        <Spinner decorative size="sm" /> Checking the clinic code…
      </span>
    );
  }
  if (check.isError) {
    return <span className="text-danger-700">{errorMessage(check.error)}</span>;
  }
  if (check.data.valid) {
    return (
      <span className="text-success-700">
        Clinic: <strong className="font-semibold">{check.data.clinic_name ?? code}</strong>
      </span>
    );
  }
  return <span className="text-danger-700">{UNKNOWN_CODE_MESSAGE}</span>;
}

/**
 * The line under the clinic-code field. It is there, empty, before the code is checked, so the
 * answer moves nothing: it once pushed the button 24 px down between the press and the release
 * of the click whose blur started the check, and the click landed on nothing.
 */
function ClinicCodeStatus({ code, id }: { code: string | null; id: string }) {
  return (
    <p id={id} role="status" className="min-h-5 text-sm">
      {code && <CheckedClinic code={code} />}
    </p>
  );
}

/**
 * /therapist-signup: a staff account in the clinic named by its code. The form asks for it and
 * says to check the inbox; the mailed link comes back here (?signup=…&token=…) and creates it.
 */
export function TherapistSignupPage() {
  const [searchParams] = useSearchParams();
  const signup = searchParams.get('signup');
  const token = searchParams.get('token');
  if (signup !== null || token !== null) {
    return <ConfirmSignUp signup={signup ?? ''} token={token ?? ''} />;
  }
  return <SignUpForm />;
}

/** The mailed link: creates the account once, signs it in, and goes on to the app. */
function ConfirmSignUp({ signup, token }: { signup: string; token: string }) {
  const navigate = useNavigate();
  const confirm = useConfirmSignUp();
  // The link works once: a second request (React's development double effect) would refuse it.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !signup || !token) {
      return;
    }
    sent.current = true;
    confirm.mutate(
      { signup, token },
      {
        onSuccess: (user) =>
          void navigate(authStore.getState().redirectTarget() ?? homePathFor(user.role), {
            replace: true,
          }),
      },
    );
  }, [confirm, navigate, signup, token]);

  const failed = !signup || !token || confirm.isError;
  return (
    <AuthCard title="Create a staff account" footer={signInFooter}>
      {failed ? (
        <Alert tone="error">
          <p>
            {confirm.isError
              ? errorMessage(confirm.error, { form: true })
              : 'This link is incomplete. Open the whole link from the e-mail, or sign up again.'}
          </p>
          <p className="mt-1">
            <TextLink to={paths.therapistSignup()}>Sign up again</TextLink>
          </p>
        </Alert>
      ) : (
        <p className="inline-flex items-center gap-2 text-ink-muted" role="status">
          <Spinner decorative size="sm" /> Creating your account…
        </p>
      )}
    </AuthCard>
  );
}

/** The sign-up form, then the note to check the inbox. */
function SignUpForm() {
  const [searchParams] = useSearchParams();
  const signUp = useSignUp();
  const codeStatusId = useId();
  const initialCode = searchParams.get('code')?.trim() ?? '';
  const { form, formRef, errors, formFailed, focusInvalid, onSubmit } = useContractForm({
    schema: SignUpBodySchema,
    defaultValues: { ...EMPTY, code: initialCode },
    mutation: signUp,
  });
  const [checkedCode, setCheckedCode] = useState<string | null>(
    ClinicCodeSchema.safeParse(initialCode).success ? initialCode.toUpperCase() : null,
  );
  const checkCode = useFetchClinicCodeCheck();

  const onCodeBlur = () => {
    const code = form.getValues('code');
    const parsed = ClinicCodeSchema.safeParse(code);
    if (!code.trim()) {
      setCheckedCode(null);
      return;
    }
    if (!parsed.success) {
      setCheckedCode(null);
      form.setError('code', { message: parsed.error.issues[0]?.message ?? 'Check the code' });
      return;
    }
    setCheckedCode(parsed.data);
  };

  // The submit checks the code itself rather than trust the field's check to have answered: a
  // code typed last is checked by the blur of the very click that submits. A failed check sends
  // anyway; the server checks the code too.
  const send = onSubmit(async (body) => {
    const check = await checkCode(body.code).catch(() => null);
    if (check && !check.valid) {
      form.setError('code', { message: UNKNOWN_CODE_MESSAGE });
      focusInvalid();
      return;
    }
    signUp.mutate(body, { onError: focusInvalid });
  });

  if (signUp.isSuccess) {
    return (
      <AuthCard title="Check your inbox" footer={signInFooter}>
        <div className="flex flex-col gap-3 text-sm text-ink">
          <Alert tone="success">
            We sent a link to <strong className="font-semibold">{signUp.variables.email}</strong>.
            Open it to finish creating your account. It works once, for 24 hours.
          </Alert>
          <p className="text-ink-muted">
            No e-mail after a few minutes? Check the spam folder, or{' '}
            <button
              type="button"
              className="font-medium text-brand-800 underline-offset-2 hover:underline"
              onClick={() => signUp.reset()}
            >
              try again
            </button>
            .
          </p>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Create a staff account"
      description="Join your clinic on Homestretch. Your clinic administrator can give you the clinic code, and approves your account before it opens patient records."
      footer={signInFooter}
    >
      <form ref={formRef} noValidate onSubmit={send} className="flex flex-col gap-4">
        {formFailed && <Alert tone="error">{errorMessage(signUp.error, { form: true })}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            autoComplete="given-name"
            required
            {...form.register('first_name')}
            error={errors.first_name}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            required
            {...form.register('last_name')}
            error={errors.last_name}
          />
        </div>
        <TextField
          label="Work email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          {...form.register('email')}
          error={errors.email}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          hint="At least 8 characters."
          required
          {...form.register('password')}
          error={errors.password}
        />
        <TextField
          label="Company name"
          autoComplete="organization"
          hint="Optional."
          {...form.register('company_name')}
          error={errors.company_name}
        />
        <SelectField label="Role" required {...form.register('role')} error={errors.role}>
          <option value="" disabled>
            {DROPDOWN_DEFAULT_LABEL}
          </option>
          {STAFF_ROLE_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </SelectField>
        <div className="flex flex-col gap-1">
          <TextField
            label="Clinic code"
            autoCapitalize="characters"
            spellCheck={false}
            required
            {...form.register('code', {
              onChange: () => {
                form.clearErrors('code');
                setCheckedCode(null);
              },
              onBlur: onCodeBlur,
            })}
            error={errors.code}
            aria-describedby={checkedCode ? codeStatusId : undefined}
          />
          {/* An error takes the status line's place, on a line of the same height. */}
          {!errors.code && <ClinicCodeStatus code={checkedCode} id={codeStatusId} />}
        </div>
        <Button
          type="submit"
          loading={signUp.isPending || form.formState.isSubmitting}
          className="mt-2 w-full"
        >
          Create account
        </Button>
      </form>
    </AuthCard>
  );
}
