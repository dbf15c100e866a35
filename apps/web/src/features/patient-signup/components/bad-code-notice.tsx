import { QrCode } from 'lucide-react';
import { SignupFrame } from './signup-frame';

/** Why the link's code cannot start a sign-up: it is not a code at all, or no clinic has it. */
export type BadCodeReason = 'malformed' | 'unknown';

const WHAT_WENT_WRONG: Record<BadCodeReason, string> = {
  malformed: 'The clinic code in this link is not complete or has been changed.',
  unknown: 'No clinic on Homestretch has the code in this link.',
};

/**
 * What a patient sees when the QR link does not lead to a clinic. They cannot fix a code
 * themselves, so the screen says who can.
 */
export function BadCodeNotice({ reason, code }: { reason: BadCodeReason; code?: string }) {
  return (
    <SignupFrame title="We can't find your clinic">
      <div className="flex flex-col gap-4 text-base text-ink">
        <div role="alert" className="flex flex-col gap-2">
          <p>{WHAT_WENT_WRONG[reason]}</p>
          {code && (
            <p className="text-sm text-ink-muted">
              Code in the link: <strong className="font-mono tracking-wide">{code}</strong>
            </p>
          )}
        </div>
        <div className="flex items-start gap-3 rounded-control bg-brand-50 p-4 text-brand-900">
          <QrCode aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-700" />
          <div className="flex flex-col gap-1">
            <p className="font-semibold">What to do</p>
            <p>
              Ask your clinic for a new QR code, then scan it with your phone&apos;s camera. The
              front desk or your therapist can help.
            </p>
          </div>
        </div>
      </div>
    </SignupFrame>
  );
}
