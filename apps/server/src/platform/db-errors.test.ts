import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isStatementRefused } from './db-errors';

/** What node-postgres and drizzle hand the error handler when PostgreSQL is away. */
const withCode = (code: string, message = 'database error') =>
  Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it("knows a restart's refusals and a lost connection, wrapped or not", () => {
    const wrapped = (cause: unknown) =>
      Object.assign(new Error('Failed query: select 1'), { cause });
    for (const error of [
      withCode('ECONNREFUSED'),
      withCode('ECONNRESET'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      wrapped(withCode('57P01')),
      wrapped(new Error('Connection terminated unexpectedly')),
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]),
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    }
  });

  it('leaves every other error a 500', () => {
    for (const error of [
      withCode('23505', 'duplicate key value violates unique constraint'),
      withCode('42P01', 'relation does not exist'),
      withCode('40001', 'could not serialize access'),
      new Error('Handler answered outside the route helper'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      null,
      'ECONNREFUSED',
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
  });
});

describe('isStatementRefused', () => {
  it('knows a broken constraint and a rolled-back transaction, wrapped or not', () => {
    for (const error of [
      withCode('23505'),
      withCode('23503', 'violates foreign key constraint'),
      withCode('40P01', 'deadlock detected'),
      new Error('Failed query', { cause: withCode('40001') }),
    ]) {
      expect(isStatementRefused(error), String(error)).toBe(true);
    }
  });

  it('promises nothing of a lost connection, an unavailable server or our own fault', () => {
    for (const error of [
      withCode('ECONNRESET'),
      withCode('57P01', 'terminating connection due to administrator command'),
      new Error('Connection terminated unexpectedly'),
      withCode('42P01', 'relation does not exist'),
      null,
    ]) {
      expect(isStatementRefused(error), String(error)).toBe(false);
    }
  });
});
