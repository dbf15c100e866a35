/**
 * Accepts only a path inside this app as a place to go after sign-in, so a crafted link cannot
 * send a clinician to another site (open redirect): it must start with one '/', not '//' or
 * '/\' (browsers read both as another host), and carry no control characters.
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) {
    return null;
  }
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) {
    return null;
  }
  try {
    // Anything that resolves to another origin once the browser normalises it is refused too.
    const base = 'https://homestretch.invalid';
    if (new URL(value, base).origin !== base) {
      return null;
    }
  } catch {
    return null;
  }
  return value;
}
