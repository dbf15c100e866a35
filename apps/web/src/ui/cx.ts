/**
 * Joins class names, skipping falsy entries, so conditional Tailwind classes read as one
 * expression. Kept tiny on purpose: clsx is not a declared dependency of the web app.
 */
export function cx(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}
