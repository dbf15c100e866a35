import type { ButtonHTMLAttributes, Ref } from 'react';
import { cx } from './cx';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and blocks further clicks while an action is in flight. */
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

const VARIANT_CLASS: Record<ButtonVariant, string> = {
  // brand-700 on white text is 5.5:1 (WCAG AA); brand-600 was 3.7:1.
  primary: 'bg-brand-700 text-surface hover:bg-brand-800 active:bg-brand-900',
  secondary: 'border border-line-strong bg-surface text-ink hover:bg-canvas',
  ghost: 'bg-transparent text-ink-muted hover:bg-canvas hover:text-ink',
  danger: 'bg-danger-600 text-surface hover:bg-danger-700',
};

// Every size keeps a 40 px minimum height: the house minimum touch target for controls. `lg` is
// the patient app's: 56 px and large type for older hands and eyes.
const SIZE_CLASS: Record<ButtonSize, string> = {
  sm: 'min-h-10 px-3 text-sm',
  md: 'min-h-11 px-4 text-base',
  lg: 'min-h-14 px-5 text-lg',
};

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  disabled,
  type = 'button',
  className,
  children,
  ref,
  ...rest
}: ButtonProps) {
  return (
    <button
      ref={ref}
      // Default to "button" so a button inside a form never submits it by accident.
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cx(
        'inline-flex items-center justify-center gap-2 rounded-control font-medium transition-colors',
        'disabled:cursor-not-allowed disabled:opacity-60',
        VARIANT_CLASS[variant],
        SIZE_CLASS[size],
        className,
      )}
      {...rest}
    >
      {loading && <Spinner decorative size="sm" />}
      {children}
    </button>
  );
}
