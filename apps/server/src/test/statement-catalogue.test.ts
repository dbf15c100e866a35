import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  catalogueLogger,
  isPreparable,
  readCatalogue,
  statementShape,
} from './statement-catalogue';

describe('statementShape', () => {
  it('reads two batch sizes of one insert, and two lengths of one list, as one statement', () => {
    expect(statementShape('insert into "t" ("a", "b") values ($1, $2), ($3, $4), ($5, $6)')).toBe(
      statementShape('insert into "t" ("a", "b") values ($1, $2)'),
    );
    expect(statementShape('select * from "t" where "id" in ($1, $2, $3) and "c" = $4')).toBe(
      statementShape('select * from "t" where "id" in ($1)  and "c" = $2'),
    );
  });

  it('keeps statements apart that differ in anything PostgreSQL parses', () => {
    expect(statementShape('select "a" from "t" where "b" = $1')).not.toBe(
      statementShape('select "a" from "t" where "c" = $1'),
    );
    expect(statementShape('insert into "t" values ($1, \'x\')')).not.toBe(
      statementShape('insert into "t" values ($1, \'y\')'),
    );
  });
});

describe('isPreparable', () => {
  it('takes queries and data changes, and leaves transaction control and settings', () => {
    for (const text of [
      'select 1',
      'with x as (select 1) select * from x',
      'insert into t values (1)',
      'UPDATE t set a = 1',
      'delete from t',
      '(select 1) union (select 2)',
    ]) {
      expect(isPreparable(text), text).toBe(true);
    }
    for (const text of [
      'savepoint sp1',
      'release savepoint sp1',
      'rollback to savepoint sp1',
      'set local x = 1',
      'vacuum (analyze)',
      'explain select 1',
    ]) {
      expect(isPreparable(text), text).toBe(false);
    }
  });
});

describe('the catalogue files', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true }))));

  it('records nothing without a folder', () => {
    expect(catalogueLogger('')).toBeUndefined();
  });

  it('writes each shape once per process and reads one of each shape from every process', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'homestretch-catalogue-'));
    dirs.push(dir);
    const logger = catalogueLogger(dir)!;
    logger.logQuery('select "a" from "t" where "id" in ($1, $2)', [1, 2]);
    logger.logQuery('select "a" from "t" where "id" in ($1)', [1]);
    logger.logQuery('update "t" set "a" = $1', [1]);
    await fs.writeFile(
      path.join(dir, 'other.jsonl'),
      `${JSON.stringify('update "t" set "a" = $1')}\n${JSON.stringify('delete from "t"')}\n`,
    );
    expect(
      (await fs.readFile(path.join(dir, `${process.pid}.jsonl`), 'utf8'))
        .split('\n')
        .filter(Boolean),
    ).toHaveLength(2);
    expect(await readCatalogue(dir)).toEqual([
      'select "a" from "t" where "id" in ($1, $2)',
      'update "t" set "a" = $1',
      'delete from "t"',
    ]);
  });
});
