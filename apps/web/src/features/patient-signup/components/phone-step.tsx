import { PhoneSchema } from '@homestretch/contract/common/phone';
import { OTP_LENGTH } from '@homestretch/contract/common/constants';
import type { SendOtpBody, SendOtpResponse } from '@homestretch/contract/patient-signup/send-otp';
import type { UseMutationResult } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '../../../lib/error-messages';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { SignupFrame } from './signup-frame';
import { formatPhone } from '../../patients/components/roster/patient-labels';
import { Alert } from '../../../ui/alert';

export interface PhoneStepProps {
  clinicName: string;
  /** The number to start from (E.164 when coming back from a later step). */
  phone: string;
  notice: string | null;
  focusHeading: boolean;
  /** POST send-otp, owned by the page (which wires every call of the flow). */
  sendOtp: UseMutationResult<SendOtpResponse, Error, SendOtpBody>;
  onSent: (answer: SendOtpResponse) => void;
}

/** Step 1: the patient's mobile number, to which a code is texted. */
export function PhoneStep({
  clinicName,
  phone,
  notice,
  focusHeading,
  sendOtp,
  onSent,
}: PhoneStepProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(() => (phone ? formatPhone(phone) : ''));
  const [clientError, setClientError] = useState<string | null>(null);

  const serverFieldError = sendOtp.isPending ? undefined : fieldErrors(sendOtp.error).phone;
  const fieldError = clientError ?? serverFieldError;
  const showAlert = sendOtp.isError && !serverFieldError;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = PhoneSchema.safeParse(value);
    if (!parsed.success) {
      setClientError(parsed.error.issues[0]?.message ?? 'Enter your mobile number');
      sendOtp.reset();
      inputRef.current?.focus();
      return;
    }
    setClientError(null);
    sendOtp.mutate(
      { phone: parsed.data },
      { onSuccess: onSent, onError: () => inputRef.current?.focus() },
    );
  };

  return (
    <SignupFrame
      title="Verify your phone"
      clinicName={clinicName}
      stepNumber={1}
      focusHeading={focusHeading}
      description={
        <p>
          {clinicName} uses Homestretch for your home exercises. First, we&apos;ll text a{' '}
          {OTP_LENGTH}-digit code to your mobile phone.
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {notice && <Alert tone="info">{notice}</Alert>}
        {showAlert && <Alert tone="error">{errorMessage(sendOtp.error)}</Alert>}
        <TextField
          ref={inputRef}
          label="Mobile phone number"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="(212) 555-0123"
          hint="A US number needs no country code. Standard message rates may apply."
          required
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setClientError(null);
            if (sendOtp.isError) {
              sendOtp.reset();
            }
          }}
          error={fieldError}
        />
        <Button type="submit" loading={sendOtp.isPending} className="min-h-12 w-full">
          Text me a code
        </Button>
      </form>
    </SignupFrame>
  );
}
