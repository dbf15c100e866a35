import { ClinicCodeSchema } from '@homestretch/contract/common/fields';
import { useReducer, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/error-messages';
import { ErrorState } from '../../../ui/error-state';
import { Spinner } from '../../../ui/spinner';
import { useCheckClinicCode } from '../../clinics/api/check-clinic-code';
import { useQrRegistration } from '../api/qr-registration';
import { useSendOtp } from '../api/send-otp';
import { useVerifyOtp } from '../api/verify-otp';
import { BadCodeNotice } from '../components/bad-code-notice';
import { ClinicCodeStep } from '../components/clinic-code-step';
import { CodeStep } from '../components/code-step';
import {
  DetailsStep,
  EMPTY_DETAILS,
  LAPSED_VERIFICATION_NOTICE,
  type DetailsDraft,
} from '../components/details-step';
import { DoneStep } from '../components/done-step';
import { PhoneStep } from '../components/phone-step';
import { SignupFrame } from '../components/signup-frame';
import { initialSignupState, signupTransition } from '../components/signup-machine';

/**
 * The steps once the clinic is known. Every server call of the flow is wired here and handed to
 * the step that uses it. The state is the page's own (a reducer over the pure machine), not a
 * shared store: leaving the page and coming back should start a fresh sign-up.
 */
function SignupFlow({ clinicCode, clinicName }: { clinicCode: string; clinicName: string }) {
  const [state, dispatch] = useReducer(signupTransition, initialSignupState);
  const [draft, setDraft] = useState<DetailsDraft>(EMPTY_DETAILS);
  const sendOtp = useSendOtp();
  const resendOtp = useSendOtp();
  const verifyOtp = useVerifyOtp();
  const register = useQrRegistration();

  switch (state.step) {
    case 'phone':
      return (
        <PhoneStep
          clinicName={clinicName}
          phone={state.phone}
          notice={state.notice}
          // The first screen keeps the browser's own focus; a return to it is a new step.
          focusHeading={state !== initialSignupState}
          sendOtp={sendOtp}
          onSent={(answer) => {
            verifyOtp.reset();
            resendOtp.reset();
            dispatch({ type: 'code_sent', phone: answer.phone, at: Date.now() });
          }}
        />
      );
    case 'code':
      return (
        <CodeStep
          clinicName={clinicName}
          phone={state.phone}
          resendAt={state.resendAt}
          codeDead={state.codeDead}
          verify={verifyOtp}
          resend={resendOtp}
          onVerified={() => {
            register.reset();
            dispatch({ type: 'code_verified' });
          }}
          onRefused={(dead) => dispatch({ type: 'code_refused', dead })}
          onResent={(answer) =>
            dispatch({ type: 'code_sent', phone: answer.phone, at: Date.now() })
          }
          onResendRefused={(retryAfterSeconds) =>
            dispatch({ type: 'resend_refused', retryAfterSeconds, at: Date.now() })
          }
          onChangePhone={() => {
            sendOtp.reset();
            dispatch({ type: 'change_phone' });
          }}
        />
      );
    case 'details':
      return (
        <DetailsStep
          clinicName={clinicName}
          clinicCode={clinicCode}
          phone={state.phone}
          draft={draft}
          onDraftChange={setDraft}
          register={register}
          onRegistered={({ user }) =>
            dispatch({ type: 'registered', firstName: user.first_name, email: user.email })
          }
          onVerificationLapsed={() => {
            sendOtp.reset();
            dispatch({ type: 'verification_lapsed', notice: LAPSED_VERIFICATION_NOTICE });
          }}
        />
      );
    case 'done':
      return <DoneStep clinicName={clinicName} firstName={state.firstName} email={state.email} />;
  }
}

/**
 * /patient/signup?code=CLINICCODE — where a clinic's QR code leads (spec §2, §7 Patient): the
 * clinic is checked first, then the patient verifies their phone and creates the app login.
 * Without a code (the address typed from the poster) the patient gives the code printed on it.
 */
export function PatientSignupPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const rawCode = searchParams.get('code')?.trim() ?? '';
  const parsed = ClinicCodeSchema.safeParse(rawCode);
  const code = parsed.success ? parsed.data : null;
  const check = useCheckClinicCode(code);

  if (!rawCode) {
    // A history entry of its own, so Back returns to the code.
    return <ClinicCodeStep onFound={(found) => setSearchParams({ code: found })} />;
  }
  if (!code) {
    // The link's text is not shown: it is not a code, and could be any words someone put there.
    return <BadCodeNotice reason="malformed" />;
  }
  if (check.isPending) {
    return (
      <SignupFrame title="Patient sign-up">
        <div className="flex items-center gap-3 text-ink-muted">
          <Spinner label="Checking your clinic" />
          <span aria-hidden="true">Checking your clinic…</span>
        </div>
      </SignupFrame>
    );
  }
  if (check.isError) {
    return (
      <SignupFrame title="Patient sign-up">
        <ErrorState
          message={`We could not check your clinic. ${errorMessage(check.error)}`}
          onRetry={() => void check.refetch()}
          retrying={check.isFetching}
        />
      </SignupFrame>
    );
  }
  if (!check.data.valid) {
    return <BadCodeNotice reason="unknown" code={code} />;
  }
  return <SignupFlow clinicCode={code} clinicName={check.data.clinic_name ?? code} />;
}
