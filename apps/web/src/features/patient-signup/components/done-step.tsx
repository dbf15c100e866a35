import { CircleCheck, Smartphone } from 'lucide-react';
import { SignupFrame } from './signup-frame';

export interface DoneStepProps {
  clinicName: string;
  firstName: string;
  email: string;
}

/**
 * The end: the account exists; the program is the clinic's part, the app the patient's. The
 * sign-up left the patient signed in on this phone, so the app opens on their program.
 */
export function DoneStep({ clinicName, firstName, email }: DoneStepProps) {
  return (
    <SignupFrame title={`You're all set, ${firstName}`} clinicName={clinicName} focusHeading>
      <div role="status" className="flex items-center gap-3 text-success-700">
        <CircleCheck aria-hidden="true" className="size-8 shrink-0" />
        <p className="text-base font-medium">Your Homestretch account is ready.</p>
      </div>
      <div className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold text-ink">What happens next</h2>
        <ol className="flex flex-col gap-3">
          {[
            `${clinicName} sets up your home exercise program. Your therapist will tell you when it is ready.`,
            'Open the Homestretch app below and add it to your home screen: it shows your exercises each day.',
            <>
              Sign in to the app with this e-mail and the password you just chose:
              <strong className="mt-1 block font-semibold wrap-anywhere">{email}</strong>
            </>,
          ].map((text, index) => (
            <li key={index} className="flex items-start gap-3 text-base text-ink">
              <span
                aria-hidden="true"
                className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-800"
              >
                {index + 1}
              </span>
              <span className="pt-0.5">{text}</span>
            </li>
          ))}
        </ol>
      </div>
      <a
        href="/app"
        className="inline-flex min-h-14 items-center justify-center gap-2 rounded-control bg-brand-700 px-5 text-lg font-medium text-surface hover:bg-brand-800"
      >
        <Smartphone aria-hidden="true" className="size-5" />
        Open the Homestretch app
      </a>
    </SignupFrame>
  );
}
