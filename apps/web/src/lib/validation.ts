import type { z } from 'zod';

export type FieldErrors = Record<string, string>;

export type ValidationResult<S extends z.ZodType> =
  { ok: true; data: z.output<S> } | { ok: false; fields: FieldErrors };

/**
 * Checks a form against the same contract schema the server applies, so a clinician sees the
 * server's own wording without a round trip. Keyed by the top-level field, first issue wins.
 */
export function validate<S extends z.ZodType>(schema: S, value: unknown): ValidationResult<S> {
  const result = schema.safeParse(value);
  if (result.success) {
    return { ok: true, data: result.data };
  }
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '_form';
    fields[key] ??= issue.message;
  }
  return { ok: false, fields };
}

/** Moves focus to the first invalid control of a form, so keyboard and screen-reader users land on it. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  first?.focus();
}
