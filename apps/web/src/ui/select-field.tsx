import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { cx } from './cx';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  /** Validation message; marks the field invalid and is read out with it. */
  error?: string;
  /** The `<option>`s. */
  children: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

/**
 * The browser's own select, for short fixed lists on public forms (a phone shows its native
 * picker). Same label and error wiring as ui/TextField.
 */
export function SelectField({ label, error, className, children, ref, ...rest }: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <select
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cx(
          'min-h-10 rounded-control border bg-surface px-3 text-base text-ink',
          error ? 'border-danger-600' : 'border-line-strong',
        )}
        {...rest}
      >
        {children}
      </select>
      {error && (
        <p id={errorId} className="text-sm text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
}
