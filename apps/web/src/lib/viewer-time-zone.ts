/**
 * The zone the browser shows times in. Its own module because the session check on every screen
 * needs it as a fallback, and lib/clinic-time.ts with date-fns would ride along into the sign-in
 * screens' scripts.
 */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
