import { useRef } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldErrors as FormStateErrors,
  type FieldValues,
  type Resolver,
} from 'react-hook-form';
import type { z } from 'zod';
import { fieldErrors } from './error-messages';
import { focusFirstInvalid, validate, type FieldErrors } from './validation';

/**
 * A react-hook-form resolver that checks the request body a form would send against the
 * contract schema the server applies: what the clinician sees is the server's own wording, and
 * what is sent is the schema's output (a phone in E.164, an e-mail lower-cased). Errors are keyed
 * like the body (`first_name`), which is also how the server names them.
 */
export function contractResolver<F extends FieldValues, S extends z.ZodType>(
  schema: S,
  toBody: (form: F) => unknown,
): Resolver<F, unknown, z.output<S>> {
  return (values) => {
    const check = validate(schema, toBody(values));
    if (check.ok) {
      return { values: check.data, errors: {} };
    }
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [key, message] of Object.entries(check.fields)) {
      errors[key] = { type: 'contract', message };
    }
    return { values: {}, errors: errors as FormStateErrors<F> };
  };
}

/**
 * The server names a bad list item by its path (`therapists.1`); a form shows it next to the
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

/** The part of a TanStack mutation a form reads: its last error and whether it is running. */
export interface FormMutation {
  error: unknown;
  isError: boolean;
  isPending: boolean;
  reset: () => void;
}

export interface ContractFormOptions<F extends FieldValues, S extends z.ZodType> {
  schema: S;
  defaultValues: DefaultValues<F>;
  /** The request body for the form's values; the values themselves when they are the body. */
  toBody?: (form: F) => unknown;
  /** The mutation the form sends with: its field errors show beside the fields. */
  mutation: FormMutation;
}

/**
 * The one form pattern: react-hook-form holds the values (and knows whether they changed), the
 * contract's schema checks them before anything is sent, and the server's field errors show in
 * the same places as the client's. `errors` is keyed like the request body.
 */
export function useContractForm<F extends FieldValues, S extends z.ZodType>({
  schema,
  defaultValues,
  toBody = (form) => form,
  mutation,
}: ContractFormOptions<F, S>) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<F, unknown, z.output<S>>({
    defaultValues,
    resolver: contractResolver(schema, toBody),
    // Errors are keyed like the body, not like the fields; focus goes by aria-invalid instead.
    shouldFocusError: false,
  });
  const serverErrors = mutation.isPending ? {} : topLevelFieldErrors(mutation.error);
  const clientErrors: FieldErrors = {};
  for (const [key, error] of Object.entries(form.formState.errors)) {
    if (typeof error?.message === 'string') {
      clientErrors[key] = error.message;
    }
  }
  const focusInvalid = () => requestAnimationFrame(() => focusFirstInvalid(formRef.current));

  return {
    form,
    formRef,
    errors: { ...serverErrors, ...clientErrors },
    /** The server refused for a reason no field carries: the form shows it in an alert. */
    formFailed: mutation.isError && Object.keys(serverErrors).length === 0,
    /** Moves focus to the first field in error, e.g. after the server refused one. */
    focusInvalid,
    /** The form's submit handler: checks, then sends the checked body. */
    onSubmit: (send: (body: z.output<S>) => void) =>
      form.handleSubmit(send, () => {
        mutation.reset();
        focusInvalid();
      }),
  };
}
