import { Building2 } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cx } from '../../../ui/cx';

export const SIGNUP_STEP_COUNT = 3;

export interface SignupFrameProps {
  title: string;
  description?: ReactNode;
  /** The clinic being joined, once the code was checked. */
  clinicName?: string;
  /** 1-based position in the three steps; left out on screens outside the steps. */
  stepNumber?: number;
  /**
   * Moves focus to the heading when the frame appears, so keyboard and screen-reader users start
   * each new step at its top. Off for the first screen, where the browser's own start is right.
   */
  focusHeading?: boolean;
  children?: ReactNode;
}

/** The card every screen of patient sign-up sits in: clinic, progress, one h1, the step. */
export function SignupFrame({
  title,
  description,
  clinicName,
  stepNumber,
  focusHeading = false,
  children,
}: SignupFrameProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  useEffect(() => {
    if (focusHeading) {
      headingRef.current?.focus();
    }
  }, [focusHeading]);

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-5 rounded-card border border-line bg-surface p-5 shadow-card sm:p-8"
    >
      {clinicName && (
        <p className="flex items-center gap-2 rounded-control bg-brand-50 px-3 py-2 text-sm text-brand-900">
          <Building2 aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
          <span>
            Joining <strong className="font-semibold">{clinicName}</strong>
          </span>
        </p>
      )}
      {stepNumber !== undefined && (
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium text-ink-muted">
            Step {stepNumber} of {SIGNUP_STEP_COUNT}
          </p>
          <div aria-hidden="true" className="grid grid-cols-3 gap-1.5">
            {Array.from({ length: SIGNUP_STEP_COUNT }, (_, index) => (
              <span
                key={index}
                className={cx(
                  'h-1.5 rounded-full',
                  index < stepNumber ? 'bg-brand-600' : 'bg-line',
                )}
              />
            ))}
          </div>
        </div>
      )}
      <div className="flex flex-col gap-2">
        <h1
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-semibold text-ink focus:outline-none"
        >
          {title}
        </h1>
        {description && <div className="text-base text-ink-muted">{description}</div>}
      </div>
      {children}
    </section>
  );
}
