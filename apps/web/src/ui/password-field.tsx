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
  /** The patient app's: large type and a 56 px field. */
  large?: boolean;
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
  large = false,
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
      <label
        htmlFor={inputId}
        className={cx('font-medium text-ink', large ? 'text-base' : 'text-sm')}
      >
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
            'w-full rounded-control border bg-surface py-2 pl-3 text-ink placeholder:text-ink-subtle',
            large ? 'min-h-14 pr-14 text-lg' : 'min-h-10 pr-12 text-base',
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
          className={cx(
            'absolute inset-y-0 right-0 inline-flex items-center justify-center rounded-r-control text-ink-muted hover:text-ink',
            large ? 'w-14' : 'w-11',
          )}
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
