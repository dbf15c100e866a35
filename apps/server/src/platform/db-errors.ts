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

/** Node's socket errors when the database cannot be reached or drops the connection. */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server going away or not taking connections yet: admin_shutdown (what a fast
 * shutdown or pg_terminate_backend sends), crash_shutdown, cannot_connect_now (starting up) and
 * too_many_connections; class 08 is every connection exception.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres says these in words only: a connection lost mid-query, or a pool out of time. */
const CONNECTION_LOST_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
];

/**
 * The database is down, restarting or unreachable (not a fault of the request or of our code): the
 * error, its drizzle-wrapped cause, or any error of an AggregateError (one per address tried).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) {
    return false;
  }
  const candidate = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  const code = typeof candidate.code === 'string' ? candidate.code : '';
  if (
    CONNECTION_ERROR_CODES.has(code) ||
    UNAVAILABLE_SQLSTATES.has(code) ||
    /^08[0-9A-Z]{3}$/.test(code)
  ) {
    return true;
  }
  const message = typeof candidate.message === 'string' ? candidate.message : '';
  if (CONNECTION_LOST_MESSAGES.some((words) => message.includes(words))) {
    return true;
  }
  if (
    Array.isArray(candidate.errors) &&
    candidate.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))
  ) {
    return true;
  }
  return isDatabaseUnavailable(candidate.cause, depth + 1);
}

/**
 * PostgreSQL refused the statement itself: a constraint it broke (class 23) or a transaction it
 * rolled back (class 40: a deadlock, a serialization failure). Such a statement stored nothing, so
 * running it again cannot store anything twice; a lost connection promises no such thing.
 */
export function isStatementRefused(error: unknown): boolean {
  const candidate = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = [candidate?.code, candidate?.cause?.code].find(
    (value): value is string => typeof value === 'string' && /^[0-9A-Z]{5}$/.test(value),
  );
  return code !== undefined && (code.startsWith('23') || code.startsWith('40'));
}
