/**
 * The statement catalogue (issue 29): every SQL statement the API suite runs on the embedded
 * database, written down so that the PostgreSQL part of `npm test` can have the server parse and
 * analyse each one (db/statements.int.test.ts) without running every API test a second time.
 * `npm test` names the folder in SQL_STATEMENTS_DIR; without it nothing is recorded.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'drizzle-orm/logger';

/**
 * What makes two statements the same for the catalogue: parameter numbers, the count of values in
 * a list or of rows in a multi-row insert, and spacing do not change how PostgreSQL parses one.
 * Without this, each batch size of a bulk insert would be another entry.
 */
export function statementShape(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/\$\d+/g, '$')
    .replace(/(\([^()]*\))(?:, \1)+/g, '$1')
    .replace(/\$(?:, \$)+/g, '$')
    .trim();
}

/** PREPARE takes these; transaction control, SET and the like it does not (and need no check). */
export function isPreparable(text: string): boolean {
  return /^\s*\(?\s*(select|insert|update|delete|with|values)\b/i.test(text);
}

/** A logger that adds each statement of a new shape to this process's file in `dir`. */
export function catalogueLogger(
  dir: string | undefined = process.env.SQL_STATEMENTS_DIR,
): Logger | undefined {
  if (!dir) {
    return undefined;
  }
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${process.pid}.jsonl`);
  const seen = new Set<string>();
  return {
    logQuery(query) {
      const shape = statementShape(query);
      if (!seen.has(shape)) {
        seen.add(shape);
        // Synchronous: a test worker may be ended without an exit handler running.
        appendFileSync(file, `${JSON.stringify(query)}\n`);
      }
    },
  };
}

/** Every statement the processes wrote to `dir`, one of each shape. */
export async function readCatalogue(dir: string): Promise<string[]> {
  const files = (await fs.readdir(dir)).filter((name) => name.endsWith('.jsonl')).sort();
  const byShape = new Map<string, string>();
  for (const name of files) {
    const lines = (await fs.readFile(path.join(dir, name), 'utf8')).split('\n');
    for (const line of lines.filter(Boolean)) {
      const text = JSON.parse(line) as string;
      const shape = statementShape(text);
      if (!byShape.has(shape)) {
        byShape.set(shape, text);
      }
    }
  }
  return [...byShape.values()];
}
