import { UNKNOWN_ERROR_MESSAGE } from '@homestretch/contract/common/constants';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { userFixture } from '../../../test/fixtures';
import {
  authReducer,
  createAuthStore,
  initialAuthState,
  REDIRECT_STORAGE_KEY,
  type AuthState,
} from './auth-store';

const signedIn: AuthState = {
  ...initialAuthState,
  status: 'signed-in',
  userId: 7,
  role: 'therapist',
};

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
    data,
  };
}

describe('authReducer (spec §4 auth steps)', () => {
  it('request login: loading, previous failure cleared', () => {
    const before: AuthState = {
      ...initialAuthState,
      status: 'error',
      error: 'Wrong email or password',
      failedAction: 'login',
    };
    expect(authReducer(before, { type: 'request', action: 'login' })).toEqual({
      ...initialAuthState,
      status: 'loading',
      pending: 'login',
    });
  });

  it('request logout: still signed in while the call runs', () => {
    expect(authReducer(signedIn, { type: 'request', action: 'logout' })).toEqual({
      ...signedIn,
      pending: 'logout',
    });
  });

  it('success: signed in as that user', () => {
    const loading = authReducer(initialAuthState, { type: 'request', action: 'login' });
    expect(authReducer(loading, { type: 'success', user: { id: 9, role: 'supervisor' } })).toEqual({
      ...initialAuthState,
      status: 'signed-in',
      userId: 9,
      role: 'supervisor',
    });
  });

  it('success keeps the remembered target for the guard to use', () => {
    const state = { ...initialAuthState, redirectAfterLogin: '/chat' };
    expect(
      authReducer(state, { type: 'success', user: { id: 1, role: 'therapist' } })
        .redirectAfterLogin,
    ).toBe('/chat');
  });

  it('error during login: tracked with the server message', () => {
    const loading = authReducer(initialAuthState, { type: 'request', action: 'login' });
    expect(
      authReducer(loading, { type: 'error', action: 'login', message: 'Wrong email or password' }),
    ).toEqual({
      ...initialAuthState,
      status: 'error',
      error: 'Wrong email or password',
      failedAction: 'login',
    });
  });

  it("error without a message: 'Unknown error' (spec §8)", () => {
    expect(authReducer(initialAuthState, { type: 'error', action: 'login' }).error).toBe(
      UNKNOWN_ERROR_MESSAGE,
    );
    expect(
      authReducer(initialAuthState, { type: 'error', action: 'login', message: '  ' }).error,
    ).toBe('Unknown error');
  });

  it('error during logout: still signed in, failure tracked', () => {
    const signingOut = authReducer(signedIn, { type: 'request', action: 'logout' });
    expect(
      authReducer(signingOut, {
        type: 'error',
        action: 'logout',
        message: 'Cannot reach Homestretch',
      }),
    ).toEqual({
      ...signedIn,
      error: 'Cannot reach Homestretch',
      failedAction: 'logout',
    });
  });

  it('logout: back to the initial state, extension flag and target forgotten', () => {
    const state: AuthState = {
      ...signedIn,
      extensionReady: true,
      redirectAfterLogin: '/chat',
      pending: 'logout',
    };
    expect(authReducer(state, { type: 'logout' })).toEqual(initialAuthState);
  });

  it('extension-ready: only for a signed-in user', () => {
    expect(authReducer(signedIn, { type: 'extension-ready' }).extensionReady).toBe(true);
    expect(authReducer(initialAuthState, { type: 'extension-ready' })).toBe(initialAuthState);
  });

  it('remember-redirect keeps only safe in-app paths', () => {
    expect(
      authReducer(initialAuthState, {
        type: 'remember-redirect',
        path: '/patient/3/dashboard?x=1#y',
      }).redirectAfterLogin,
    ).toBe('/patient/3/dashboard?x=1#y');
    const remembered = { ...initialAuthState, redirectAfterLogin: '/chat' };
    expect(authReducer(remembered, { type: 'remember-redirect', path: '//evil.example' })).toBe(
      remembered,
    );
    expect(
      authReducer(remembered, { type: 'remember-redirect', path: 'https://evil.example' }),
    ).toBe(remembered);
  });

  it('patient-refused: nobody signed in, the notice marked, the staff target kept', () => {
    const state: AuthState = { ...signedIn, extensionReady: true, redirectAfterLogin: '/chat' };
    expect(authReducer(state, { type: 'patient-refused' })).toEqual({
      ...initialAuthState,
      redirectAfterLogin: '/chat',
      patientRefused: true,
    });
  });

  it('a refused patient sign-in ends as a failed login, still marked', () => {
    const loading = authReducer(initialAuthState, { type: 'request', action: 'login' });
    const refused = authReducer(loading, { type: 'patient-refused' });
    expect(authReducer(refused, { type: 'error', action: 'login' })).toMatchObject({
      status: 'error',
      pending: null,
      patientRefused: true,
    });
  });

  it('the next sign-in attempt, or a staff session, clears the patient mark', () => {
    const refused = authReducer(initialAuthState, { type: 'patient-refused' });
    expect(authReducer(refused, { type: 'request', action: 'login' }).patientRefused).toBe(false);
    expect(
      authReducer(refused, { type: 'success', user: { id: 3, role: 'therapist' } }).patientRefused,
    ).toBe(false);
    expect(authReducer(refused, { type: 'logout' })).toEqual(initialAuthState);
  });

  it('clear-redirect forgets the target', () => {
    expect(
      authReducer({ ...initialAuthState, redirectAfterLogin: '/chat' }, { type: 'clear-redirect' }),
    ).toEqual(initialAuthState);
    expect(authReducer(initialAuthState, { type: 'clear-redirect' })).toBe(initialAuthState);
  });
});

describe('auth store', () => {
  it('login walks request → success and resolves with the user', async () => {
    const store = createAuthStore({ storage: memoryStorage() });
    const user = userFixture({ id: 12 });
    let seenDuringCall: string | null = null;
    const result = await store.getState().login(async () => {
      seenDuringCall = store.getState().status;
      return user;
    });
    expect(seenDuringCall).toBe('loading');
    expect(result).toBe(user);
    expect(store.getState()).toMatchObject({ status: 'signed-in', userId: 12, error: null });
  });

  it('login walks request → error with the server message, and rethrows', async () => {
    const store = createAuthStore({ storage: memoryStorage() });
    const failure = new ApiError({
      status: 401,
      code: 'unauthenticated',
      message: 'Wrong email or password',
      serverMessage: 'Wrong email or password',
    });
    await expect(store.getState().login(() => Promise.reject(failure))).rejects.toBe(failure);
    expect(store.getState()).toMatchObject({
      status: 'error',
      error: 'Wrong email or password',
      failedAction: 'login',
    });
  });

  it("login failing without server words records 'Unknown error'", async () => {
    const store = createAuthStore({ storage: memoryStorage() });
    await expect(
      store.getState().login(() => Promise.reject(new TypeError('x'))),
    ).rejects.toThrow();
    expect(store.getState().error).toBe('Unknown error');
  });

  it('logout ends the session and informs the extension', async () => {
    const onSignedOut = vi.fn();
    const store = createAuthStore({ storage: memoryStorage(), onSignedOut });
    store.setState(signedIn);
    await store.getState().logout(async () => ({ ok: true }));
    expect(store.getState().status).toBe('signed-out');
    expect(onSignedOut).toHaveBeenCalledTimes(1);
  });

  it('logout treats 401 as already signed out', async () => {
    const onSignedOut = vi.fn();
    const store = createAuthStore({ storage: memoryStorage(), onSignedOut });
    store.setState(signedIn);
    await store
      .getState()
      .logout(() =>
        Promise.reject(new ApiError({ status: 401, code: 'unauthenticated', message: 'x' })),
      );
    expect(store.getState().status).toBe('signed-out');
    expect(onSignedOut).toHaveBeenCalled();
  });

  it('a failed logout is tracked, keeps the session and does not tell the extension', async () => {
    const onSignedOut = vi.fn();
    const store = createAuthStore({ storage: memoryStorage(), onSignedOut });
    store.setState(signedIn);
    const failure = new ApiError({ status: 0, code: 'network_error', message: 'offline' });
    await expect(store.getState().logout(() => Promise.reject(failure))).rejects.toBe(failure);
    expect(store.getState()).toMatchObject({
      status: 'signed-in',
      error: 'Unknown error',
      failedAction: 'logout',
    });
    expect(onSignedOut).not.toHaveBeenCalled();
  });

  it('keeps the redirect target in session storage across reloads', () => {
    const storage = memoryStorage();
    const store = createAuthStore({ storage });
    store.getState().rememberRedirect('/patient/5/dashboard?tab=log');
    expect(storage.data.get(REDIRECT_STORAGE_KEY)).toBe('/patient/5/dashboard?tab=log');

    const reloaded = createAuthStore({ storage });
    expect(reloaded.getState().redirectAfterLogin).toBe('/patient/5/dashboard?tab=log');
    expect(reloaded.getState().redirectTarget()).toBe('/patient/5/dashboard?tab=log');

    reloaded.getState().dispatch({ type: 'clear-redirect' });
    expect(storage.data.has(REDIRECT_STORAGE_KEY)).toBe(false);
  });

  it('ignores an unsafe target planted in session storage', () => {
    const store = createAuthStore({
      storage: memoryStorage({ [REDIRECT_STORAGE_KEY]: '//evil.example' }),
    });
    expect(store.getState().redirectAfterLogin).toBeNull();
  });
});
