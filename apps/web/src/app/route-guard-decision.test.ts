import { describe, expect, it } from 'vitest';
import { decideGuard, type GuardInput } from './route-guard-decision';

const pending = { status: 'pending' as const };
const ok = { status: 'success' as const };
const failed = (errorStatus: number) => ({ status: 'error' as const, errorStatus });

function input(overrides: Partial<GuardInput>): GuardInput {
  return {
    area: 'protected',
    user: pending,
    settings: pending,
    target: '/patient/12/dashboard?tab=heps#log',
    redirectAfterLogin: null,
    ...overrides,
  };
}

describe('route guard on /login (spec §2)', () => {
  it('waits while the current user loads', () => {
    expect(decideGuard(input({ area: 'login', user: pending }))).toEqual({ kind: 'loading' });
  });

  it('sends a signed-in user to the patient list', () => {
    expect(decideGuard(input({ area: 'login', user: { ...ok, role: 'therapist' } }))).toEqual({
      kind: 'redirect',
      to: '/patients',
      rememberTarget: null,
    });
    expect(decideGuard(input({ area: 'login', user: { ...ok, role: 'manager' } }))).toMatchObject({
      to: '/patients',
    });
  });

  it('sends a signed-in supervisor to their approvals', () => {
    expect(
      decideGuard(input({ area: 'login', user: { ...ok, role: 'supervisor' } })),
    ).toMatchObject({
      kind: 'redirect',
      to: '/approvals',
    });
  });

  it('goes back to the remembered target once signed in', () => {
    expect(
      decideGuard(
        input({
          area: 'login',
          user: { ...ok, role: 'therapist' },
          redirectAfterLogin: '/chat/4/messages',
        }),
      ),
    ).toEqual({ kind: 'redirect', to: '/chat/4/messages', rememberTarget: null });
  });

  it('shows the sign-in form when there is no session (or the server is unreachable)', () => {
    expect(decideGuard(input({ area: 'login', user: failed(401) }))).toEqual({ kind: 'render' });
    expect(decideGuard(input({ area: 'login', user: failed(0) }))).toEqual({ kind: 'render' });
  });
});

describe('route guard on protected routes (spec §2)', () => {
  it('waits while the current user loads', () => {
    expect(decideGuard(input({ user: pending }))).toEqual({ kind: 'loading' });
  });

  it('remembers the full target path and goes to login when the user cannot be loaded', () => {
    expect(decideGuard(input({ user: failed(401) }))).toEqual({
      kind: 'redirect',
      to: '/login',
      rememberTarget: '/patient/12/dashboard?tab=heps#log',
    });
    expect(decideGuard(input({ user: failed(0) }))).toMatchObject({
      kind: 'redirect',
      to: '/login',
    });
  });

  it('then waits for the support user id and initial note', () => {
    expect(decideGuard(input({ user: ok, settings: pending }))).toEqual({ kind: 'loading' });
  });

  it('renders the screen once both are loaded', () => {
    expect(decideGuard(input({ user: ok, settings: ok }))).toEqual({ kind: 'render' });
  });

  it('goes to login, remembering the target, when the settings answer 401', () => {
    expect(decideGuard(input({ user: ok, settings: failed(401) }))).toEqual({
      kind: 'redirect',
      to: '/login',
      rememberTarget: '/patient/12/dashboard?tab=heps#log',
    });
  });

  it('shows an error instead of bouncing via login when the settings fail otherwise', () => {
    expect(decideGuard(input({ user: ok, settings: failed(503) }))).toEqual({ kind: 'error' });
    expect(decideGuard(input({ user: ok, settings: failed(0) }))).toEqual({ kind: 'error' });
  });
});
