import { UNKNOWN_ERROR_MESSAGE } from '@homestretch/contract/common/constants';
import type { Role } from '@homestretch/contract/common/enums';
import type { User } from '@homestretch/contract/users/user';
import { createStore, useStore } from 'zustand';
import { isApiError } from '../../../lib/api-client';
import { safeRedirectPath } from '../../../lib/safe-redirect';
// Spec §4: "Logout ends the session and informs the extension."
import { notifyExtensionLogout } from '../../../lib/extension-bridge';

/*
 * Authentication steps of spec §4 (login, request, success, error, logout, extension-ready).
 * `login` and `logout` are the store's actions; each walks the pure transitions below:
 *   login:  request → success | error
 *   logout: request → logout  | error
 * `patient-refused` records that a patient session was ended (features/auth/api/staff-only.ts),
 * wherever it was found, so /login can say where patients go instead.
 * The signed-in user itself is server state and lives in the query cache
 * (features/auth/api/current-user.ts); this store tracks the flow around it.
 */

export type AuthAction = 'login' | 'logout';
export type AuthStatus = 'signed-out' | 'loading' | 'signed-in' | 'error';

export interface AuthState {
  status: AuthStatus;
  /** The login or logout call in flight, if any. */
  pending: AuthAction | null;
  userId: number | null;
  role: Role | null;
  /** Spec §8: the last login/logout failure, as the server worded it, or 'Unknown error'. */
  error: string | null;
  failedAction: AuthAction | null;
  /** The clinic received the extension token (features/auth/bridge/clinic-handshake.ts). */
  extensionReady: boolean;
  /** Full path (pathname + search + hash) to return to after signing in (spec §2). */
  redirectAfterLogin: string | null;
  /**
   * A patient's session was found (page load, e.g. after QR sign-up) or opened (the sign-in
   * form) and ended: /login tells them to use the Homestretch app. Kept here, not in a query or
   * mutation error, because the guard's next current-user load answers a plain 401 and the
   * page-load case has no sign-in mutation; the next sign-in attempt clears it.
   */
  patientRefused: boolean;
}

export type AuthEvent =
  | { type: 'request'; action: AuthAction }
  | { type: 'success'; user: Pick<User, 'id' | 'role'> }
  | { type: 'error'; action: AuthAction; message?: string | null }
  | { type: 'logout' }
  | { type: 'extension-ready' }
  | { type: 'remember-redirect'; path: string }
  | { type: 'clear-redirect' }
  | { type: 'patient-refused' };

export const initialAuthState: AuthState = {
  status: 'signed-out',
  pending: null,
  userId: null,
  role: null,
  error: null,
  failedAction: null,
  extensionReady: false,
  redirectAfterLogin: null,
  patientRefused: false,
};

/** Pure: the next state for one event. Unknown situations leave the state untouched. */
export function authReducer(state: AuthState, event: AuthEvent): AuthState {
  switch (event.type) {
    case 'request':
      return event.action === 'login'
        ? {
            ...state,
            status: 'loading',
            pending: 'login',
            error: null,
            failedAction: null,
            patientRefused: false,
          }
        : // Still signed in until the server confirms the session is gone.
          { ...state, pending: 'logout', error: null, failedAction: null };
    case 'success':
      return {
        ...state,
        status: 'signed-in',
        pending: null,
        userId: event.user.id,
        role: event.user.role,
        error: null,
        failedAction: null,
        patientRefused: false,
      };
    case 'error': {
      const error = event.message?.trim() ? event.message : UNKNOWN_ERROR_MESSAGE;
      if (event.action === 'login') {
        return {
          ...state,
          status: 'error',
          pending: null,
          userId: null,
          role: null,
          extensionReady: false,
          error,
          failedAction: 'login',
        };
      }
      // A failed sign-out leaves the session as it was; only the failure is recorded.
      return { ...state, pending: null, error, failedAction: 'logout' };
    }
    case 'logout':
      return { ...initialAuthState };
    case 'extension-ready':
      return state.status === 'signed-in' ? { ...state, extensionReady: true } : state;
    case 'remember-redirect': {
      const path = safeRedirectPath(event.path);
      return path === null ? state : { ...state, redirectAfterLogin: path };
    }
    case 'clear-redirect':
      return state.redirectAfterLogin === null ? state : { ...state, redirectAfterLogin: null };
    case 'patient-refused':
      // The session is gone, so nobody is signed in. A sign-in in flight still ends with its own
      // 'error' (the refusal is thrown to it); the remembered target waits for a staff sign-in.
      return {
        ...state,
        status: 'signed-out',
        userId: null,
        role: null,
        extensionReady: false,
        patientRefused: true,
      };
  }
}

/** Spec §8: "tracked with the server message or 'Unknown error'". */
export function failureMessage(error: unknown): string {
  return isApiError(error) && error.serverMessage ? error.serverMessage : UNKNOWN_ERROR_MESSAGE;
}

/* ---------- thin zustand store ---------- */

/** sessionStorage key: a reload keeps the target, a new tab does not inherit it. */
export const REDIRECT_STORAGE_KEY = 'homestretch.redirect-after-login';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface AuthStoreDeps {
  storage?: KeyValueStorage | null;
  onSignedOut?: () => void;
}

export interface AuthStore extends AuthState {
  dispatch: (event: AuthEvent) => void;
  /** Runs a sign-in call: request → success | error. Resolves with the user, rethrows failures. */
  login: (call: () => Promise<User>) => Promise<User>;
  /**
   * Runs a sign-out call: request → logout | error, then tells the extension. A 401 means the
   * session was already gone, which is what signing out wanted.
   */
  logout: (call: () => Promise<unknown>) => Promise<void>;
  rememberRedirect: (path: string) => void;
  /** The stored target, if still safe (it is forgotten once a protected screen is reached). */
  redirectTarget: () => string | null;
}

function readStoredRedirect(storage: KeyValueStorage | null): string | null {
  try {
    return safeRedirectPath(storage?.getItem(REDIRECT_STORAGE_KEY));
  } catch {
    return null;
  }
}

function writeStoredRedirect(storage: KeyValueStorage | null, path: string | null): void {
  try {
    if (path === null) {
      storage?.removeItem(REDIRECT_STORAGE_KEY);
    } else {
      storage?.setItem(REDIRECT_STORAGE_KEY, path);
    }
  } catch {
    // Storage may be disabled (private mode); the in-memory value still works for this page.
  }
}

function browserSessionStorage(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function createAuthStore({
  storage = browserSessionStorage(),
  onSignedOut = notifyExtensionLogout,
}: AuthStoreDeps = {}) {
  return createStore<AuthStore>()((set, get) => {
    const dispatch = (event: AuthEvent) => {
      const before = get();
      const after = authReducer(before, event);
      if (after === before) {
        return;
      }
      if (after.redirectAfterLogin !== before.redirectAfterLogin) {
        writeStoredRedirect(storage, after.redirectAfterLogin);
      }
      set(after);
    };

    return {
      ...initialAuthState,
      redirectAfterLogin: readStoredRedirect(storage),
      dispatch,
      login: async (call) => {
        dispatch({ type: 'request', action: 'login' });
        try {
          const user = await call();
          dispatch({ type: 'success', user });
          return user;
        } catch (error) {
          dispatch({ type: 'error', action: 'login', message: failureMessage(error) });
          throw error;
        }
      },
      logout: async (call) => {
        dispatch({ type: 'request', action: 'logout' });
        try {
          await call();
        } catch (error) {
          if (!(isApiError(error) && error.status === 401)) {
            dispatch({ type: 'error', action: 'logout', message: failureMessage(error) });
            throw error;
          }
        }
        dispatch({ type: 'logout' });
        onSignedOut();
      },
      rememberRedirect: (path) => dispatch({ type: 'remember-redirect', path }),
      redirectTarget: () => safeRedirectPath(get().redirectAfterLogin),
    };
  });
}

export const authStore = createAuthStore();

export function useAuthStore<T>(selector: (state: AuthStore) => T): T {
  return useStore(authStore, selector);
}
