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

/** A form's error messages by field, keyed like the request body. */
export type FieldErrors = Record<string, string>;

/** Moves focus to the first invalid control of a form, so keyboard and screen-reader users land on it. */
function focusFirstInvalid(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/** The form field an error belongs to, from its path in the body (`therapists.1` → `therapists`). */
export type ErrorField = (path: readonly string[]) => string;

const topLevelField: ErrorField = (path) => path[0] ?? '_form';

export interface ContractCheck<F> {
  /** The request body for the form's values. */
  toBody: (form: F) => unknown;
  /**
   * Checks of what the form asks that the body cannot show (a date left empty, minutes and
   * seconds that make no duration); the contract checks the body only once these pass.
   */
  check?: (form: F) => FieldErrors;
  /** Where an error of the body shows in the form; by default beside its top-level field. */
  errorField?: ErrorField;
}

/**
 * A react-hook-form resolver that checks the request body a form would send against the
 * contract schema the server applies: what the clinician sees is the server's own wording, and
 * what is sent is the schema's output (a phone in E.164, an e-mail lower-cased). Errors are keyed
 * like the body (`first_name`), which is also how the server names them; first message wins.
 */
export function contractResolver<F extends FieldValues, S extends z.ZodType>(
  schema: S,
  { toBody, check, errorField = topLevelField }: ContractCheck<F>,
): Resolver<F, unknown, z.output<S>> {
  const refused = (fields: FieldErrors) => {
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [key, message] of Object.entries(fields)) {
      errors[key] = { type: 'contract', message };
    }
    return { values: {}, errors: errors as FormStateErrors<F> };
  };
  return (values) => {
    const local = check?.(values) ?? {};
    if (Object.keys(local).length > 0) {
      return refused(local);
    }
    const result = schema.safeParse(toBody(values));
    if (result.success) {
      return { values: result.data, errors: {} };
    }
    const fields: FieldErrors = {};
    for (const issue of result.error.issues) {
      fields[errorField(issue.path.map(String))] ??= issue.message;
    }
    return refused(fields);
  };
}

/** The server's field errors (named by path: `therapists.1`) as the form shows them. */
export function serverFieldErrors(
  error: unknown,
  errorField: ErrorField = topLevelField,
): FieldErrors {
  const fields: FieldErrors = {};
  for (const [key, message] of Object.entries(fieldErrors(error))) {
    fields[errorField(key.split('.'))] ??= message;
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

export interface ContractFormOptions<F extends FieldValues, S extends z.ZodType> extends Partial<
  ContractCheck<F>
> {
  schema: S;
  defaultValues: DefaultValues<F>;
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
  check,
  errorField,
  mutation,
}: ContractFormOptions<F, S>) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<F, unknown, z.output<S>>({
    defaultValues,
    resolver: contractResolver(schema, { toBody, check, errorField }),
    // Errors are keyed like the body, not like the fields; focus goes by aria-invalid instead.
    shouldFocusError: false,
  });
  const serverErrors = mutation.isPending ? {} : serverFieldErrors(mutation.error, errorField);
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
