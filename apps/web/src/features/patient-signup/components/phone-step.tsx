import { OTP_LENGTH } from '@homestretch/contract/common/constants';
import {
  SendOtpBodySchema,
  type SendOtpBody,
  type SendOtpResponse,
} from '@homestretch/contract/patient-signup/send-otp';
import type { UseMutationResult } from '@tanstack/react-query';
import { useContractForm } from '../../../lib/contract-form';
import { errorMessage } from '../../../lib/error-messages';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { SignupFrame } from './signup-frame';
import { formatPhone } from '../../../lib/phone-format';
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
  const { form, formRef, errors, formFailed, focusInvalid, onSubmit } = useContractForm({
    schema: SendOtpBodySchema,
    defaultValues: { phone: phone ? formatPhone(phone) : '' },
    mutation: sendOtp,
  });

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
      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmit((body) =>
          sendOtp.mutate(body, { onSuccess: onSent, onError: focusInvalid }),
        )}
        className="flex flex-col gap-4"
      >
        {notice && <Alert tone="info">{notice}</Alert>}
        {formFailed && <Alert tone="error">{errorMessage(sendOtp.error)}</Alert>}
        <TextField
          label="Mobile phone number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="(212) 555-0123"
          hint="A US number needs no country code. Standard message rates may apply."
          required
          {...form.register('phone', {
            onChange: () => {
              if (sendOtp.isError) {
                sendOtp.reset();
              }
            },
          })}
          error={errors.phone}
        />
        <Button type="submit" loading={sendOtp.isPending} className="min-h-12 w-full">
          Text me a code
        </Button>
      </form>
    </SignupFrame>
  );
}
