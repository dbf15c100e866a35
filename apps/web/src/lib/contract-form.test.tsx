import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-client';
import { contractResolver, serverFieldErrors, useContractForm } from './contract-form';

const BodySchema = z.object({
  first_name: z.string().trim().min(1, 'Enter a first name'),
  email: z.email('Enter a valid email').transform((value) => value.toLowerCase()),
});

interface Form {
  firstName: string;
  email: string;
}

const toBody = (form: Form) => ({ first_name: form.firstName, email: form.email });
const resolverOptions = { fields: {}, shouldUseNativeValidation: false } as const;

describe('contractResolver', () => {
  it('answers the body as the schema outputs it', async () => {
    const resolve = contractResolver(BodySchema, { toBody });
    expect(
      await resolve({ firstName: ' Lena ', email: 'Lena@Example.org' }, undefined, resolverOptions),
    ).toEqual({ values: { first_name: 'Lena', email: 'lena@example.org' }, errors: {} });
  });

  it('names each refused field as the body (and the server) does, first message only', async () => {
    const resolve = contractResolver(BodySchema, { toBody });
    const result = await resolve({ firstName: ' ', email: 'nope' }, undefined, resolverOptions);
    expect(result.values).toEqual({});
    expect(result.errors).toEqual({
      first_name: { type: 'contract', message: 'Enter a first name' },
      email: { type: 'contract', message: 'Enter a valid email' },
    });
  });
});

describe('contractResolver with form checks', () => {
  it('checks what only the form knows first, then the body, each error where the form shows it', async () => {
    const ListSchema = z.object({ ids: z.array(z.number().int('Whole numbers only')) });
    const resolve = contractResolver<{ text: string }, typeof ListSchema>(ListSchema, {
      toBody: ({ text }) => ({ ids: text.split(',').map(Number) }),
      check: ({ text }): Record<string, string> =>
        text.trim() === '' ? { text: 'Enter some numbers' } : {},
      errorField: (path) => path.join('.'),
    });
    expect((await resolve({ text: ' ' }, undefined, resolverOptions)).errors).toEqual({
      text: { type: 'contract', message: 'Enter some numbers' },
    });
    expect((await resolve({ text: '1,2.5' }, undefined, resolverOptions)).errors).toEqual({
      'ids.1': { type: 'contract', message: 'Whole numbers only' },
    });
  });
});

describe('serverFieldErrors', () => {
  it('shows a refused list item beside its list, first message first', () => {
    const error = new ApiError({
      status: 400,
      code: 'validation_failed',
      message: 'Check the fields',
      fields: { 'therapists.1': 'Not a therapist', 'therapists.2': 'Later', email: 'Bad' },
    });
    expect(serverFieldErrors(error)).toEqual({ therapists: 'Not a therapist', email: 'Bad' });
    expect(serverFieldErrors(error, (path) => path.join('.'))).toEqual({
      'therapists.1': 'Not a therapist',
      'therapists.2': 'Later',
      email: 'Bad',
    });
  });
});

describe('useContractForm', () => {
  const idle = { error: null, isError: false, isPending: false, reset: vi.fn() };

  it('sends only a body the contract accepts, and shows what it refused', async () => {
    const send = vi.fn();
    const { result } = renderHook(() =>
      useContractForm({
        schema: BodySchema,
        defaultValues: { firstName: '', email: '' },
        toBody,
        mutation: idle,
      }),
    );
    await act(() => result.current.onSubmit(send)());
    expect(send).not.toHaveBeenCalled();
    expect(idle.reset).toHaveBeenCalled();
    expect(result.current.errors).toEqual({
      first_name: 'Enter a first name',
      email: 'Enter a valid email',
    });

    act(() => {
      result.current.form.setValue('firstName', 'Lena', { shouldDirty: true });
      result.current.form.setValue('email', 'LENA@example.org', { shouldDirty: true });
    });
    await act(() => result.current.onSubmit(send)());
    expect(send).toHaveBeenCalledWith({ first_name: 'Lena', email: 'lena@example.org' }, undefined);
    expect(result.current.errors).toEqual({});
  });

  it('shows the server’s field errors beside the fields, and other refusals as the form’s', () => {
    const refused = new ApiError({
      status: 409,
      code: 'conflict',
      message: 'Taken',
      fields: { email: 'This email is taken' },
    });
    const { result, rerender } = renderHook(
      ({ error }: { error: ApiError }) =>
        useContractForm({
          schema: BodySchema,
          defaultValues: { firstName: '', email: '' },
          toBody,
          mutation: { ...idle, error, isError: true },
        }),
      { initialProps: { error: refused } },
    );
    expect(result.current.errors).toEqual({ email: 'This email is taken' });
    expect(result.current.formFailed).toBe(false);
    rerender({ error: new ApiError({ status: 500, code: 'internal', message: 'Down' }) });
    expect(result.current.errors).toEqual({});
    expect(result.current.formFailed).toBe(true);
  });
});
