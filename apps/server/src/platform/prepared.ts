import type { Db } from '../db/client';

const statements = new WeakMap<Db, Map<string, unknown>>();

/**
 * A query of the hot path as a named prepared statement, built once per database handle: each
 * PostgreSQL connection then parses and plans it once instead of on every request (bench/).
 * `name` must be unique per query shape; `build` receives the handle to prepare it on.
 */
export function prepared<T>(db: Db, name: string, build: (db: Db, name: string) => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  if (!byName.has(name)) {
    byName.set(name, build(db, name));
  }
  return byName.get(name) as T;
}
