import { checkCodeRoute } from '@homestretch/contract/clinics/clinic';
import { useMutation } from '@tanstack/react-query';
import { useContractForm } from '../../../lib/contract-form';
import { errorMessage } from '../../../lib/error-messages';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { useFetchClinicCodeCheck } from '../../clinics/api/check-clinic-code';
import { SignupFrame } from './signup-frame';

export const UNKNOWN_CLINIC_CODE_MESSAGE =
  'No clinic has this code. Check it on the poster, or ask the front desk.';

/**
 * Before the steps, for a patient who typed the sign-up address instead of scanning the QR code:
 * the clinic code printed under it on the poster. A code some clinic has goes on to the usual
 * sign-up (`onFound`); the others are refused here, where they can be typed again.
 */
export function ClinicCodeStep({ onFound }: { onFound: (code: string) => void }) {
  const checkCode = useFetchClinicCodeCheck();
  const check = useMutation({ mutationFn: checkCode });
  const { form, formRef, errors, formFailed, focusInvalid, onSubmit } = useContractForm({
    // The form checks what GET /clinic/check_code would be asked.
    schema: checkCodeRoute.querystring,
    defaultValues: { code: '' },
    mutation: check,
  });

  const send = onSubmit(({ code }) =>
    check.mutate(code, {
      onSuccess: (answer) => {
        if (answer.valid) {
          onFound(code);
          return;
        }
        form.setError('code', { message: UNKNOWN_CLINIC_CODE_MESSAGE });
        focusInvalid();
      },
    }),
  );

  return (
    <SignupFrame
      title="Enter your clinic code"
      description={
        <p>
          It is printed on your clinic&apos;s Homestretch poster, under the QR code. The front desk
          can tell you too.
        </p>
      }
    >
      <form ref={formRef} noValidate onSubmit={send} className="flex flex-col gap-4">
        {formFailed && (
          <Alert tone="error">{`We could not check the code. ${errorMessage(check.error)}`}</Alert>
        )}
        <TextField
          label="Clinic code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          {...form.register('code', { onChange: () => form.clearErrors('code') })}
          error={errors.code}
        />
        <Button type="submit" loading={check.isPending} className="min-h-12 w-full">
          Continue
        </Button>
      </form>
    </SignupFrame>
  );
}
