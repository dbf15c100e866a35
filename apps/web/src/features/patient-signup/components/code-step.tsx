import { OTP_LENGTH, OTP_TTL_MINUTES } from '@homestretch/contract/common/constants';
import type { SendOtpBody, SendOtpResponse } from '@homestretch/contract/patient-signup/send-otp';
import {
  VerifyOtpBodySchema,
  type VerifyOtpBody,
  type VerifyOtpResponse,
} from '@homestretch/contract/patient-signup/verify-otp';
import type { UseMutationResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { isApiError } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/contract-form';
import { errorMessage } from '../../../lib/error-messages';
import { Button } from '../../../ui/button';
import { cx } from '../../../ui/cx';
import { SignupFrame } from './signup-frame';
import { formatPhone } from '../../../lib/phone-format';
import { formatCountdown, isDeadCodeMessage, secondsUntilResend } from './signup-machine';
import { Alert } from '../../../ui/alert';
import { useNow } from './use-now';

export interface CodeStepProps {
  clinicName: string;
  phone: string;
  resendAt: number;
  codeDead: boolean;
  /** POST verify-otp and POST send-otp (for a new code), owned by the page. */
  verify: UseMutationResult<VerifyOtpResponse, Error, VerifyOtpBody>;
  resend: UseMutationResult<SendOtpResponse, Error, SendOtpBody>;
  onVerified: () => void;
  onRefused: (dead: boolean) => void;
  onResent: (answer: SendOtpResponse) => void;
  onResendRefused: (retryAfterSeconds: number) => void;
  onChangePhone: () => void;
}

/** Step 2: the texted code, with a new one on request once the cooldown has run. */
export function CodeStep({
  clinicName,
  phone,
  resendAt,
  codeDead,
  verify,
  resend,
  onVerified,
  onRefused,
  onResent,
  onResendRefused,
  onChangePhone,
}: CodeStepProps) {
  const inputId = useId();
  const [resent, setResent] = useState(false);
  const { form, formRef, errors, onSubmit } = useContractForm({
    schema: VerifyOtpBodySchema,
    defaultValues: { otp: '' },
    toBody: ({ otp }: { otp: string }) => ({ phone, otp }),
    mutation: verify,
  });

  const now = useNow(resendAt);
  const waitSeconds = secondsUntilResend(resendAt, now);

  const codeError = errors.otp;
  // A refusal of anything but the code (the phone's check ran out, the network) is said above.
  const alert = verify.isError && !codeError ? errorMessage(verify.error) : null;
  const resendAlert = resend.isError ? errorMessage(resend.error) : null;

  const send = onSubmit((body) =>
    verify.mutate(body, {
      onSuccess: onVerified,
      onError: (error) => {
        const refusal = isApiError(error) ? error.fields.otp : undefined;
        if (refusal) {
          onRefused(isDeadCodeMessage(refusal));
        }
        form.setFocus('otp', { shouldSelect: true });
      },
    }),
  );

  const onResend = () => {
    setResent(false);
    resend.mutate(
      { phone },
      {
        onSuccess: (answer) => {
          verify.reset();
          form.reset();
          setResent(true);
          onResent(answer);
          form.setFocus('otp');
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 429 && error.retryAfter !== null) {
            onResendRefused(error.retryAfter);
          }
        },
      },
    );
  };

  return (
    <SignupFrame
      title="Enter your code"
      clinicName={clinicName}
      stepNumber={2}
      focusHeading
      description={
        <div className="flex flex-col items-start gap-1">
          <p>
            We texted a {OTP_LENGTH}-digit code to{' '}
            <strong className="font-semibold whitespace-nowrap text-ink">
              {formatPhone(phone)}
            </strong>
            . It works for {OTP_TTL_MINUTES} minutes.
          </p>
          <button
            type="button"
            onClick={onChangePhone}
            className="-mx-1 min-h-11 rounded-control px-1 text-base font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            Use a different number
          </button>
        </div>
      }
    >
      <form ref={formRef} noValidate onSubmit={send} className="flex flex-col gap-4">
        {alert && <Alert tone="error">{alert}</Alert>}
        {resent && !codeError && (
          <Alert tone="success">We sent a new code. Only the newest code works.</Alert>
        )}
        <div className="flex flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-medium text-ink">
            {OTP_LENGTH}-digit code
          </label>
          <Controller
            control={form.control}
            name="otp"
            render={({ field }) => (
              <input
                {...field}
                id={inputId}
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                maxLength={OTP_LENGTH}
                required
                onChange={(event) =>
                  // Pasted or autofilled codes may carry spaces or a dash ("123 456").
                  field.onChange(event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))
                }
                aria-invalid={codeError ? true : undefined}
                aria-describedby={codeError ? `${inputId}-error` : undefined}
                className={cx(
                  'min-h-14 w-full rounded-control border bg-surface px-4 text-center indent-[0.4em] font-mono text-3xl tracking-[0.4em] text-ink',
                  codeError ? 'border-danger-600' : 'border-line-strong',
                )}
              />
            )}
          />
          <p id={`${inputId}-error`} aria-live="polite" className="text-sm text-danger-700">
            {codeError}
          </p>
        </div>
        <Button
          type="submit"
          loading={verify.isPending}
          disabled={codeDead}
          className="min-h-12 w-full"
        >
          Verify
        </Button>
      </form>
      <div className="flex flex-col gap-3 border-t border-line pt-4">
        {resendAlert && <Alert tone="error">{resendAlert}</Alert>}
        <p className="text-sm text-ink-muted">Didn&apos;t get it? Texts can take a minute.</p>
        <Button
          variant={codeDead ? 'primary' : 'secondary'}
          onClick={onResend}
          loading={resend.isPending}
          disabled={waitSeconds > 0}
          className="min-h-12 w-full"
        >
          {waitSeconds > 0
            ? `Send a new code in ${formatCountdown(waitSeconds)}`
            : 'Send a new code'}
        </Button>
      </div>
    </SignupFrame>
  );
}
