import type { Query, SQL } from 'drizzle-orm';
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

interface SessionOf {
  session: {
    prepareQuery(
      query: Query,
      fields: undefined,
      name: string,
      isResponseInArrayMode: boolean,
    ): { execute(): Promise<unknown> };
  };
  dialect: { sqlToQuery(query: SQL): Query };
}

/**
 * A raw statement of the hot path (a data-modifying CTE, which the query builder cannot prepare)
 * as a named prepared statement: PostgreSQL parses and plans it once per connection instead of on
 * every call. It goes through the call `db.execute` makes, with a name. Its text must be the same
 * on every call; only its parameters change. The embedded database ignores the name.
 */
export function executeNamed(db: Db, name: string, query: SQL): Promise<unknown> {
  const { session, dialect } = db as unknown as SessionOf;
  return session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute();
}
