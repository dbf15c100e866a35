import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isPreparable, readCatalogue } from '../test/statement-catalogue';
import { postgresTestUrl } from '../test/test-engine';

const postgresUrl = postgresTestUrl();
const catalogueDir = process.env.SQL_STATEMENTS_DIR;

/**
 * Issue 29: in `npm test`, the API suite runs whole on the embedded database and writes down every
 * statement it ran (test/statement-catalogue.ts); the PostgreSQL part then runs the API tests
 * whose subject is the engine or its driver, and here has the server parse and analyse every
 * statement of the catalogue (tables, columns, functions, operators and parameter types resolved
 * by PostgreSQL 15, as a node's first execution would), so no query works on one engine only.
 */
describe.runIf(postgresUrl && catalogueDir)('every statement the API suite ran on PGlite', () => {
  it('is accepted by PostgreSQL as well', { timeout: 120_000 }, async () => {
    const statements = (await readCatalogue(catalogueDir ?? '')).filter(isPreparable);
    // The suite runs about 700 shapes of query: a few would mean nothing was recorded.
    expect(statements.length).toBeGreaterThan(500);
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    const refused: string[] = [];
    try {
      for (const text of statements) {
        try {
          await client.query(`prepare catalogue_check as ${text}`);
          await client.query('deallocate catalogue_check');
        } catch (error) {
          refused.push(`${(error as Error).message}\n    ${text.slice(0, 400)}`);
        }
      }
    } finally {
      await client.end();
    }
    expect(refused).toEqual([]);
  });
});
