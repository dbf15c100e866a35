/**
 * Loads the ICD-10-CM code set (FY2026, assets/icd10cm/SOURCE.md) that diagnosis search
 * (spec §7 GET /api/v1/icd10_codes/) reads. Shipped with the server so it runs on its own.
 */
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import zlib from 'node:zlib';
import { getTableName, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { icd10Codes } from '../db/schema';
import { col, queryRows } from '../platform/sql-rows';
import { lockSeedStep } from '../platform/seed-lock';

export const ICD10_CODES_FILE = path.resolve(
  import.meta.dirname,
  '../../assets/icd10cm/codes-2026.tsv.gz',
);

const HEADER = 'code\tdescription\tbillable';
/** Rows per insert: big enough to be quick, small enough to keep each statement's JSON modest. */
const BATCH_ROWS = 2_000;

type Icd10Row = typeof icd10Codes.$inferInsert;

async function hasCodes(db: Db): Promise<boolean> {
  const rows = await db.select({ code: icd10Codes.code }).from(icd10Codes).limit(1);
  return rows.length > 0;
}

function parseLine(line: string, lineNumber: number): Icd10Row {
  const [code, description, billable] = line.split('\t');
  if (!code || !description || (billable !== '0' && billable !== '1')) {
    throw new Error(`${ICD10_CODES_FILE}:${lineNumber}: expected code, description and 0/1`);
  }
  return { code, description, billable: billable === '1' };
}

/** The data lines of the gzipped file, decompressed as they are read. */
async function* readCodeLines(file: string): AsyncGenerator<Icd10Row> {
  const source = fs.createReadStream(file);
  const gunzip = zlib.createGunzip();
  // pipe() does not forward errors: unforwarded, a missing file is an unhandled 'error' event
  // that kills the process instead of a rejected load the caller can report.
  source.on('error', (error) => gunzip.destroy(error));
  const lines = readline.createInterface({ input: source.pipe(gunzip), crlfDelay: Infinity });
  let lineNumber = 0;
  for await (const line of lines) {
    lineNumber += 1;
    if (lineNumber === 1) {
      if (line !== HEADER) {
        throw new Error(`${file}: unexpected header ${JSON.stringify(line)}`);
      }
      continue;
    }
    if (line !== '') {
      yield parseLine(line, lineNumber);
    }
  }
}

/**
 * Inserts one batch as a single JSON parameter expanded by json_to_recordset. Measured on PGlite
 * for the 98k codes: Drizzle's `values()` with 2,000-row batches took 4.5-9 s, a third of it just
 * building statements with 6,000 bind parameters; this takes about 1.5 s. `on conflict do nothing`
 * keeps a code already present; counting inside the statement works alike on both drivers, whose
 * affected-row fields differ.
 */
async function insertBatch(tx: Db, batch: Icd10Row[]): Promise<number> {
  const [inserted = 0] = await queryRows(
    tx,
    sql`
    with inserted as (
      insert into ${icd10Codes} (code, description, billable)
      select code, description, billable
      from json_to_recordset(${JSON.stringify(batch)}::json) as r(code text, description text, billable boolean)
      on conflict do nothing
      returning 1
    )
    select count(*)::int as inserted from inserted`,
    (row) => col.number(row, 'inserted'),
  );
  return inserted;
}

/**
 * Drops the table's secondary indexes (the description trigram index) and returns their
 * definitions, as the catalogue holds them, to rebuild after the load. Measured on PGlite:
 * keeping the GIN index up to date row by row made the load take about 9 s; loading bare and
 * building the index once takes under 5. Constraint indexes (the primary key) stay.
 */
async function dropSecondaryIndexes(tx: Db): Promise<string[]> {
  const indexes = await queryRows(
    tx,
    sql`
    select indexname, indexdef from pg_indexes
    where schemaname = current_schema() and tablename = ${getTableName(icd10Codes)}
      and indexname not in (select conname from pg_constraint)`,
    (row) => ({ name: col.string(row, 'indexname'), definition: col.string(row, 'indexdef') }),
  );
  for (const { name } of indexes) {
    await tx.execute(sql`drop index ${sql.identifier(name)}`);
  }
  return indexes.map((index) => index.definition);
}

/**
 * Fills `icd10_codes` from the shipped file unless it already holds codes. Runs in one
 * transaction so an interrupted start leaves an empty table (loaded next time), never a partial
 * one that the "already loaded" check would keep forever; the dropped indexes come back with it.
 * Returns the number of rows inserted.
 */
export async function loadIcd10Codes(db: Db): Promise<number> {
  if (await hasCodes(db)) {
    return 0;
  }
  return db.transaction(async (tx) => {
    await lockSeedStep(tx, 'icd10');
    // Checked again under the lock: another server may have loaded the codes meanwhile.
    if (await hasCodes(tx)) {
      return 0;
    }
    const indexes = await dropSecondaryIndexes(tx);
    let inserted = 0;
    let batch: Icd10Row[] = [];
    for await (const row of readCodeLines(ICD10_CODES_FILE)) {
      batch.push(row);
      if (batch.length === BATCH_ROWS) {
        inserted += await insertBatch(tx, batch);
        batch = [];
      }
    }
    if (batch.length > 0) {
      inserted += await insertBatch(tx, batch);
    }
    for (const definition of indexes) {
      await tx.execute(sql.raw(definition));
    }
    return inserted;
  });
}
