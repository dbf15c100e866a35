import { fieldErrors } from '../../../../lib/error-messages';
import type { FieldErrors } from '../../../../lib/validation';

/**
 * The server names a bad list item by its path (`therapists.1`); the form shows it next to the
 * whole list. The first message per field wins.
 */
export function topLevelFieldErrors(error: unknown): FieldErrors {
  const fields: FieldErrors = {};
  for (const [key, message] of Object.entries(fieldErrors(error))) {
    const top = key.split('.')[0] ?? key;
    fields[top] ??= message;
  }
  return fields;
}

/** Blank optional text is left out of the request rather than sent as "". */
export function optionalText(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}
