import type { Role } from '@homestretch/contract/common/enums';
import { homePathFor, paths } from '../config/paths';

/*
 * Spec §2 route guard as one pure decision, so every branch is unit-tested:
 * - visiting login first tries to load the current user; if that works the user goes home
 *   (the patient list; supervisors their dashboard);
 * - protected routes load the current user and then the settings info (support user id,
 *   initial note) when missing;
 * - on failure the full target path is remembered and the user is sent to login.
 * The login route stays under the guard after the form is sent: the sign-in answer fills the
 * current-user query, and this decision is what leaves the page, so there is one way out.
 */

export type LoadStatus = 'pending' | 'success' | 'error';

export interface LoadState {
  status: LoadStatus;
  /** HTTP status of the failure (0 when the server could not be reached). */
  errorStatus?: number | null;
}

export type GuardArea = 'login' | 'protected';

export interface GuardInput {
  area: GuardArea;
  user: LoadState & { role?: Role | null };
  /** Only consulted for protected routes, and only once the user is known. */
  settings: LoadState;
  /** pathname + search + hash of the page being visited. */
  target: string;
  /** Where to return after sign-in (already checked with safeRedirectPath), if anywhere. */
  redirectAfterLogin: string | null;
}

export type GuardDecision =
  | { kind: 'loading' }
  | { kind: 'render' }
  | { kind: 'redirect'; to: string; rememberTarget: string | null }
  /** The user is signed in but the settings could not be loaded (not a session problem). */
  | { kind: 'error' };

export function decideGuard({
  area,
  user,
  settings,
  target,
  redirectAfterLogin,
}: GuardInput): GuardDecision {
  if (area === 'login') {
    switch (user.status) {
      case 'pending':
        return { kind: 'loading' };
      case 'success':
        // Signed in, either already (spec §2: go to the patient list) or just now through the
        // form on this page: then back to where the guard once stopped the user, if anywhere.
        return {
          kind: 'redirect',
          to: redirectAfterLogin ?? homePathFor(user.role ?? 'therapist'),
          rememberTarget: null,
        };
      case 'error':
        // Not signed in (or unreachable): show the sign-in form.
        return { kind: 'render' };
    }
  }

  switch (user.status) {
    case 'pending':
      return { kind: 'loading' };
    case 'error':
      return { kind: 'redirect', to: paths.login(), rememberTarget: target };
    case 'success':
      break;
  }

  switch (settings.status) {
    case 'pending':
      return { kind: 'loading' };
    case 'success':
      return { kind: 'render' };
    case 'error':
      // A 401 here means the session ended between the two calls: back to login as spec §2
      // says. Any other failure (server down) would bounce forever between login (which finds
      // the user and sends them back) and here, so it is shown as an error with a retry.
      return settings.errorStatus === 401
        ? { kind: 'redirect', to: paths.login(), rememberTarget: target }
        : { kind: 'error' };
  }
}
