import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { cx } from './cx';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Guidance shown under the field, read out after the label. */
  hint?: string;
  /** Validation message; marks the field invalid and is read out with it. */
  error?: string;
  /** Overrides the generated id, e.g. when a test or a form library needs a stable one. */
  id?: string;
  /** The patient app's: large type and a 56 px field. */
  large?: boolean;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({
  label,
  hint,
  error,
  id,
  large = false,
  className,
  ref,
  'aria-describedby': extraDescribedBy,
  ...rest
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy =
    [hint ? hintId : null, error ? errorId : null, extraDescribedBy ?? null]
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <label
        htmlFor={inputId}
        className={cx('font-medium text-ink', large ? 'text-base' : 'text-sm')}
      >
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cx(
          'rounded-control border bg-surface px-3 text-ink placeholder:text-ink-subtle',
          large ? 'min-h-14 text-lg' : 'min-h-10 text-base',
          'disabled:cursor-not-allowed disabled:bg-canvas',
          error ? 'border-danger-600' : 'border-line-strong',
        )}
        {...rest}
      />
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
