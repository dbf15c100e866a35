import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { testDatabase } from '../../test/harness';
import { col, queryRows } from '../../platform/sql-rows';
import {
  PATIENT_MATCH,
  type PatientMatchTier,
  type SearchablePatient,
  patientSearchColumns,
  patientSearchQueries,
  planPatientSearch,
} from './patient-search';

/**
 * The ranking rule as the database applies it: each patient's stored words against each tier's
 * query, evaluated by the engine under test (PGlite, or PostgreSQL with TEST_ENGINE=postgres).
 */
let db: Db;
beforeAll(async () => {
  db = (await testDatabase()).db;
});

async function rank(query: string, patient: SearchablePatient): Promise<PatientMatchTier | null> {
  const plan = planPatientSearch(query);
  if (!plan) {
    throw new Error('blank query');
  }
  const { searchVector } = patientSearchColumns(patient);
  const queries = patientSearchQueries(plan, patient.clinicId);
  for (const tier of Object.keys(PATIENT_MATCH) as (keyof typeof PATIENT_MATCH)[]) {
    const tsquery = queries[tier];
    if (tsquery === null) {
      continue;
    }
    const [hit] = await queryRows(
      db,
      sql`select ${searchVector}::tsvector @@ ${tsquery}::tsquery as hit`,
      (row) => col.boolean(row, 'hit'),
    );
    if (hit) {
      return PATIENT_MATCH[tier];
    }
  }
  return null;
}

const person = (firstName: string, lastName: string, extra: Partial<SearchablePatient> = {}) => ({
  clinicId: 3,
  firstName,
  lastName,
  phone: null,
  email: null,
  diagnosis: null,
  selectedCode: null,
  ...extra,
});
const jose = person('José', 'Núñez', {
  phone: '+15551234567',
  email: 'jose.nunez@example.com',
  diagnosis: 'Low back pain, unspecified',
  selectedCode: 'M54.50',
});
const johnson = person('Ann', 'Johnson', { phone: '+15559876543' });
const joanna = person('Joanna', 'Smith-Jones', { email: 'jo@example.com' });
const obrien = person('Siobhán', "O'Brien", { diagnosis: 'Cervicalgia', selectedCode: 'M54.2' });

describe('ranking a patient against a search, in the database', () => {
  it('finds a full name in either order, accents and case ignored', async () => {
    expect(await rank('jose nunez', jose)).toBe(PATIENT_MATCH.exactName);
    expect(await rank('NÚÑEZ, José', jose)).toBe(PATIENT_MATCH.exactName);
    expect(await rank('smith-jones joanna', joanna)).toBe(PATIENT_MATCH.exactName);
  });

  it('finds word prefixes in any order', async () => {
    expect(await rank('nu jo', jose)).toBe(PATIENT_MATCH.namePrefix);
    expect(await rank('Jos', jose)).toBe(PATIENT_MATCH.namePrefix);
    expect(await rank('jones', joanna)).toBe(PATIENT_MATCH.namePrefix);
    expect(await rank('jo', person('Mary', 'Jo'))).toBe(PATIENT_MATCH.namePrefix);
    expect(await rank("o'bri", obrien)).toBe(PATIENT_MATCH.namePrefix);
  });

  it('finds phone digits anywhere and the start of a word of the e-mail', async () => {
    expect(await rank('555-123', jose)).toBe(PATIENT_MATCH.contact);
    expect(await rank('4567', jose)).toBe(PATIENT_MATCH.contact);
    expect(await rank('nunez@exa', jose)).toBe(PATIENT_MATCH.contact);
    expect(await rank('jose.nunez@example', johnson)).toBeNull();
    // An address is read as words too: "jose.nu" is José Núñez by name first.
    expect(await rank('jose.nu', jose)).toBe(PATIENT_MATCH.namePrefix);
  });

  it('finds diagnosis words and code prefixes last', async () => {
    expect(await rank('back pain', jose)).toBe(PATIENT_MATCH.other);
    expect(await rank('low unspec', jose)).toBe(PATIENT_MATCH.other);
    expect(await rank('cervical', obrien)).toBe(PATIENT_MATCH.other);
    expect(await rank('m54', obrien)).toBe(PATIENT_MATCH.other);
    expect(await rank('M54.50', jose)).toBe(PATIENT_MATCH.other);
  });

  it('matches the start of words only, never their inside', async () => {
    expect(await rank('son', johnson)).toBeNull();
    expect(await rank('unez', jose)).toBeNull();
    expect(await rank('example.com', jose)).toBeNull();
    expect(await rank('ack', jose)).toBeNull();
  });

  it('reads queries under 3 letters as name starts only', async () => {
    expect(await rank('nu', jose)).toBe(PATIENT_MATCH.namePrefix);
    expect(await rank('ne', jose)).toBeNull();
    // Two letters never reach into the e-mail or the diagnosis.
    expect(await rank('lo', jose)).toBeNull();
    expect(await rank('jo', person('Ann', 'Lee', { email: 'jo@example.com' }))).toBeNull();
  });

  it('does not match what is not there', async () => {
    expect(await rank('zed', jose)).toBeNull();
    expect(await rank('555', obrien)).toBeNull();
    expect(await rank('jose smith', jose)).toBeNull();
  });

  it('takes quotes and backslashes in an address as themselves', async () => {
    const odd = person('Ann', 'Lee', { email: "o\\n'eil@example.com" });
    expect(await rank('o\\ne', odd)).toBe(PATIENT_MATCH.contact);
    expect(await rank("o\\n'eil@", odd)).toBe(PATIENT_MATCH.contact);
  });
});
