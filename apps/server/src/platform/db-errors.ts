/**
 * Drizzle wraps driver errors; the PostgreSQL code and constraint sit on the cause
 * (ARCHITECTURE.md notes). With `constraint`, only a violation of that unique index counts.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const candidate = error as {
    code?: string;
    constraint?: string;
    cause?: { code?: string; constraint?: string };
  } | null;
  const found = candidate?.code === '23505' ? candidate : candidate?.cause;
  return found?.code === '23505' && (constraint === undefined || found.constraint === constraint);
}

/** The one row a write returned; none means the statement did not do what it must (a bug). */
export function onlyRow<T>(rows: readonly T[], what: string): T {
  const [row] = rows;
  if (row === undefined) {
    throw new Error(`${what} returned no row`);
  }
  return row;
}
