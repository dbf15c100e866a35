import { OTP_VERIFIED_WINDOW_MINUTES } from '@homestretch/contract/common/constants';
import { GENDER_LABELS, GENDERS } from '@homestretch/contract/patients/patient';
import {
  QrRegistrationBodySchema,
  type QrRegistrationBody,
  type QrRegistrationResponse,
} from '@homestretch/contract/patient-signup/qr-registration';
import type { UseMutationResult } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useEffect } from 'react';
import { serverFieldErrors, useContractForm, type FieldErrors } from '../../../lib/contract-form';
import { errorMessage, fieldErrors } from '../../../lib/error-messages';
import { Button } from '../../../ui/button';
import { SelectField } from '../../../ui/select-field';
import { TextField } from '../../../ui/text-field';
import { SignupFrame } from './signup-frame';
import { formatPhone } from '../../../lib/phone-format';
import { Alert } from '../../../ui/alert';
import { PasswordField } from '../../../ui/password-field';

/** What the patient types on this step; kept by the page so a trip back to the phone loses none of it. */
export interface DetailsDraft {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  gender: string;
  birthday: string;
}

export const EMPTY_DETAILS: DetailsDraft = {
  first_name: '',
  last_name: '',
  email: '',
  password: '',
  gender: '',
  birthday: '',
};

/** The fields this step shows; a server complaint about any other (phone, clinic) is said above. */
const SHOWN_FIELDS = new Set<string>(Object.keys(EMPTY_DETAILS));

export const LAPSED_VERIFICATION_NOTICE = `Your phone check lasts ${OTP_VERIFIED_WINDOW_MINUTES} minutes and has run out. Text yourself a new code to finish; your details are kept.`;

/**
 * The words above the form: complaints about fields the form does not show (an unknown clinic),
 * or, when no field is named (a network failure, a 500), what went wrong.
 */
function formAlert(error: unknown, serverErrors: FieldErrors): string | null {
  const unshown = Object.entries(serverErrors).filter(([field]) => !SHOWN_FIELDS.has(field));
  if (unshown.length > 0) {
    return unshown.map(([, message]) => message).join(' ');
  }
  return Object.keys(serverErrors).length === 0 ? errorMessage(error, { form: true }) : null;
}

export interface DetailsStepProps {
  clinicName: string;
  clinicCode: string;
  phone: string;
  draft: DetailsDraft;
  onDraftChange: (draft: DetailsDraft) => void;
  /** POST qr-registration, owned by the page. */
  register: UseMutationResult<QrRegistrationResponse, Error, QrRegistrationBody>;
  onRegistered: (answer: QrRegistrationResponse) => void;
  onVerificationLapsed: () => void;
}

/** Step 3: the app login (e-mail, password) and the few facts the clinic's record needs. */
export function DetailsStep({
  clinicName,
  clinicCode,
  phone,
  draft,
  onDraftChange,
  register,
  onRegistered,
  onVerificationLapsed,
}: DetailsStepProps) {
  const { form, formRef, errors, focusInvalid, onSubmit } = useContractForm({
    schema: QrRegistrationBodySchema,
    defaultValues: draft,
    toBody: (values: DetailsDraft) => ({
      clinic_code: clinicCode,
      phone,
      first_name: values.first_name,
      last_name: values.last_name,
      email: values.email,
      password: values.password,
      ...(values.gender ? { gender: values.gender } : {}),
      ...(values.birthday ? { birthday: values.birthday } : {}),
    }),
    mutation: register,
  });
  const alert =
    register.isError && !register.isPending
      ? formAlert(register.error, serverFieldErrors(register.error))
      : null;

  // The page keeps what was typed, so a trip back to the phone step loses none of it.
  const { watch } = form;
  useEffect(() => {
    const subscription = watch((values) => onDraftChange({ ...EMPTY_DETAILS, ...values }));
    return () => subscription.unsubscribe();
  }, [watch, onDraftChange]);

  const send = onSubmit((body) =>
    register.mutate(body, {
      onSuccess: onRegistered,
      onError: (error) => {
        if (fieldErrors(error).phone) {
          onVerificationLapsed();
          return;
        }
        focusInvalid();
      },
    }),
  );

  return (
    <SignupFrame
      title="Create your account"
      clinicName={clinicName}
      stepNumber={3}
      focusHeading
      description={
        <p className="flex items-center gap-2 text-success-700">
          <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
          <span>
            Phone verified: <strong className="font-semibold">{formatPhone(phone)}</strong>
          </span>
        </p>
      }
    >
      <form ref={formRef} noValidate onSubmit={send} className="flex flex-col gap-4">
        {alert && <Alert tone="error">{alert}</Alert>}
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
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          hint="You will sign in to the Homestretch app with this address."
          required
          {...form.register('email')}
          error={errors.email}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          autoCapitalize="none"
          spellCheck={false}
          hint="At least 8 characters. A few words in a row are easy to remember and hard to guess."
          required
          {...form.register('password')}
          error={errors.password}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Gender (optional)" {...form.register('gender')} error={errors.gender}>
            <option value="">Not given</option>
            {GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {GENDER_LABELS[gender]}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Date of birth (optional)"
            type="date"
            autoComplete="bday"
            min="1900-01-01"
            {...form.register('birthday')}
            error={errors.birthday}
          />
        </div>
        <Button type="submit" loading={register.isPending} className="mt-2 min-h-12 w-full">
          Create my account
        </Button>
      </form>
    </SignupFrame>
  );
}
