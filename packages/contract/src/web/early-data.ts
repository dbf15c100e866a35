import { buildPath } from '../common/route';
import { getPatientRoute } from '../patients/get-patient';
import { listUsersRoute } from '../users/list-users';
import { settingsInfoRoute } from '../users/settings-info';
import { routePatterns } from './pages';

/*
 * What a staff screen cannot paint without, named by the server as it serves the page (a Link
 * header, issue 29): the browser preloads these requests while the app's scripts download, and
 * the app's own fetches of the same URLs take the answers (same URL, CORS mode and credentials).
 * Without this, each waited for about 350 KB of script, then for the session check, then for the
 * screen's code.
 *
 * Only what the screen asks for whoever is signed in: a list whose first page depends on the
 * role (the patient list's "My patients") is not guessed. An answer refused for want of a
 * session is not reused by the browser; the requests after signing in go out anew.
 */

/**
 * A route pattern's parameters as they stand in the address (not decoded), if `pathname` matches
 * it (`:name` segments, nothing else).
 */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.replace(/\/+$/, '').split('/');
  const got = pathname.replace(/\/+$/, '').split('/');
  if (want.length !== got.length) {
    return null;
  }
  const params: Record<string, string> = {};
  for (const [index, part] of want.entries()) {
    const value = got[index] ?? '';
    if (part.startsWith(':')) {
      if (!value) {
        return null;
      }
      // As sent: a value is only compared, and a malformed escape must not throw on a page load.
      params[part.slice(1)] = value;
    } else if (part !== value) {
      return null;
    }
  }
  return params;
}

/** The signed-in screens: everything the app layout holds, and the printed program. */
const PUBLIC_PATTERNS = [
  routePatterns.login,
  routePatterns.supervisorLogin,
  routePatterns.patientSignup,
  routePatterns.therapistSignup,
  routePatterns.findPassword,
  routePatterns.resetPassword,
];

const SIGNED_IN_PATTERNS = Object.values(routePatterns).filter(
  (pattern) => !(PUBLIC_PATTERNS as string[]).includes(pattern),
);

/** The current user (the route guard) and, inside the app, the clinic's settings. */
const SESSION = listUsersRoute.path;
const SETTINGS = settingsInfoRoute.path;

/** The requests a first visit to `pathname` makes before its largest paint, in order. */
export function earlyDataOf(pathname: string): string[] {
  if (matchPattern(routePatterns.login, pathname)) {
    return [SESSION];
  }
  if (!SIGNED_IN_PATTERNS.some((pattern) => matchPattern(pattern, pathname))) {
    return [];
  }
  const paths: string[] = [SESSION, SETTINGS];
  const dashboard = matchPattern(routePatterns.patientDashboard, pathname);
  if (dashboard?.id && /^[1-9]\d{0,9}$/.test(dashboard.id)) {
    paths.push(buildPath(getPatientRoute.path, { id: dashboard.id }));
  }
  return paths;
}
