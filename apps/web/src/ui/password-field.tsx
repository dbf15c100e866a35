import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type InputHTMLAttributes, type Ref } from 'react';
import { cx } from './cx';

export interface PasswordFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'id' | 'size'
> {
  label: string;
  hint?: string;
  error?: string;
  id?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A password input with a show/hide toggle (mistyped passwords are the commonest sign-up
 * failure on phones). Same label, hint and error wiring as ui/TextField.
 */
export function PasswordField({
  label,
  hint,
  error,
  id,
  className,
  ref,
  ...rest
}: PasswordFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [visible, setVisible] = useState(false);
  const describedBy =
    [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const Icon = visible ? EyeOff : Eye;

  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-ink">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cx(
            'min-h-10 w-full rounded-control border bg-surface py-2 pr-12 pl-3 text-base text-ink placeholder:text-ink-subtle',
            'disabled:cursor-not-allowed disabled:bg-canvas',
            error ? 'border-danger-600' : 'border-line-strong',
          )}
          {...rest}
        />
        <button
          type="button"
          onClick={() => setVisible((value) => !value)}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-controls={inputId}
          className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-r-control text-ink-muted hover:text-ink"
        >
          <Icon aria-hidden="true" className="size-5" />
        </button>
      </div>
      {hint && (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
}
