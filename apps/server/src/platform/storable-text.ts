/**
 * PostgreSQL text cannot hold the NUL character: a string carrying one fails inside the database,
 * wherever it goes (a name, a note, a search). Every request's query, params and body are checked
 * once here instead, and the answer names each field that holds one.
 */
const NUL = '\u0000';

export const UNSTORABLE_TEXT_MESSAGE = 'Contains a control character (NUL) that cannot be saved';

/** Dotted paths (as validation errors name fields) of every string that holds a NUL. */
export function fieldsWithUnstorableText(value: unknown, path = ''): string[] {
  if (typeof value === 'string') {
    return value.includes(NUL) ? [path || 'body'] : [];
  }
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => fieldsWithUnstorableText(item, join(path, index)));
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => [
      ...(key.includes(NUL) ? [join(path, key)] : []),
      ...fieldsWithUnstorableText(item, join(path, key)),
    ]);
  }
  return [];
}

function join(path: string, key: string | number): string {
  return path ? `${path}.${key}` : String(key);
}
