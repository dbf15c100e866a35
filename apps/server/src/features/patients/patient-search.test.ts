import { describe, expect, it } from 'vitest';
import {
  type SearchablePatient,
  patientSearchColumns,
  patientSearchQueries,
  planPatientSearch,
} from './patient-search';

const person = (
  id: number,
  firstName: string,
  lastName: string,
  extra: Partial<SearchablePatient> = {},
) => ({
  id,
  firstName,
  lastName,
  phone: null,
  email: null,
  diagnosis: null,
  selectedCode: null,
  ...extra,
});

const joanna = person(3, 'Joanna', 'Smith-Jones', { email: 'jo@example.com' });

describe('reading a roster search', () => {
  it('ignores blank searches', () => {
    expect(planPatientSearch(undefined)).toBeNull();
    expect(planPatientSearch('  ,  ')).toBeNull();
  });

  it('reads digits as a phone number only without letters, from 3 digits', () => {
    expect(planPatientSearch('(555) 123-4567')?.digits).toBe('5551234567');
    expect(planPatientSearch('55')?.digits).toBeNull();
    expect(planPatientSearch('m54')?.digits).toBeNull();
  });

  it('reads ICD-10 code prefixes', () => {
    expect(planPatientSearch('m54.5')?.code).toBe('M545');
    expect(planPatientSearch('jose')?.code).toBeNull();
  });

  it('searches no diagnosis and no code for a caller who may not see them', () => {
    const frontDesk = (query: string) => {
      const plan = planPatientSearch(query, { clinical: false });
      return plan ? patientSearchQueries(plan) : null;
    };
    expect(planPatientSearch('m54', { clinical: false })?.code).toBeNull();
    expect(frontDesk('cervicalgia')?.other).toBeNull();
    expect(frontDesk('M542')?.other).toBeNull();
    expect(frontDesk("o'brien")?.namePrefix).toBe("('obrien':*A)");
  });

  it('reads an e-mail-like query whole, from three characters, and never one with spaces', () => {
    expect(planPatientSearch('Okafor@')?.contact).toBe('okafor@');
    expect(planPatientSearch('jo')?.contact).toBeNull();
    expect(planPatientSearch('maya okafor')?.contact).toBeNull();
  });
});

describe('the words a patient is found by', () => {
  it('weights name words and both full forms A, contact B, diagnosis words C, the code D', () => {
    expect(patientSearchColumns(joanna)).toEqual({
      searchName: 'joanna smith jones',
      sortName: 'smith jones joanna',
      searchVector:
        "'joanna':1A 'smith':2A 'jones':3A '=joanna smith jones':4A '=smith jones joanna':5A 'jo@example.com':6B",
    });
    const zoe = patientSearchColumns(
      person(8, 'Zoë', "D'Arcy", {
        phone: '+1 555 0100',
        email: 'Zoe.D-Arcy+PT@example.com',
        diagnosis: "Baker's cyst, right knee; Pain in knee",
        selectedCode: 'M71.21',
      }),
    );
    expect(zoe.searchVector.split(' ').filter((entry) => entry.endsWith('B'))).toEqual([
      "'zoe.d-arcy+pt@example.com':5B",
      "'d-arcy+pt@example.com':6B",
      "'arcy+pt@example.com':7B",
      "'pt@example.com':8B",
      "'15550100':9B",
      "'5550100':10B",
      "'550100':11B",
      "'50100':12B",
      "'0100':13B",
      "'100':14B",
    ]);
    expect(zoe.searchVector).toContain(
      "'bakers':15C 'cyst':16C 'right':17C 'knee':18C 'pain':19C 'in':20C 'M7121':21D",
    );
  });

  it('quotes lexemes, doubling quotes and backslashes, so that no address breaks out of its own', () => {
    const odd = patientSearchColumns(person(9, 'Ann', 'Lee', { email: 'o\\neil@example.com' }));
    expect(odd.searchVector).toContain("'o\\\\neil@example.com':5B");
    const plan = planPatientSearch('o\\ne');
    expect(plan && patientSearchQueries(plan).contact).toBe("'o\\\\ne':*B");
  });
});

describe('the queries of each tier', () => {
  it('asks the exact name, every word as a name prefix, contact starts, diagnosis words and the code', () => {
    const plan = planPatientSearch('Jo Nú');
    expect(plan && patientSearchQueries(plan)).toEqual({
      exactName: "'=jo nu':A",
      namePrefix: "('jo':*A & 'nu':*A)",
      contact: null,
      other: "('jo':*C & 'nu':*C)",
    });
    const phone = planPatientSearch('(555) 123');
    expect(phone && patientSearchQueries(phone).contact).toBe("'555123':*B");
    const code = planPatientSearch('m54.5');
    expect(code && patientSearchQueries(code).other).toBe("('m54':*C & '5':*C) | 'M545':*D");
  });
});
