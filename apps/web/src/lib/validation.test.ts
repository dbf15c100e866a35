import { SignInBodySchema } from '@homestretch/contract/auth/sign-in';
import { describe, expect, it } from 'vitest';
import { validate } from './validation';

describe('validate', () => {
  it('answers the parsed data when the form is valid', () => {
    expect(validate(SignInBodySchema, { email: ' Dana@Example.org ', password: 'x' })).toEqual({
      ok: true,
      data: { email: 'dana@example.org', password: 'x' },
    });
  });

  it('answers the contract’s message for each bad field', () => {
    expect(validate(SignInBodySchema, { email: 'nope', password: '' })).toEqual({
      ok: false,
      fields: { email: 'Enter a valid email address', password: 'Password is required' },
    });
  });
});
