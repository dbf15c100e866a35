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
  clinicId: 7,
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
      return plan ? patientSearchQueries(plan, 7) : null;
    };
    expect(planPatientSearch('m54', { clinical: false })?.code).toBeNull();
    expect(frontDesk('cervicalgia')?.other).toBeNull();
    expect(frontDesk('M542')?.other).toBeNull();
    expect(frontDesk("o'brien")?.namePrefix).toBe("('n7:obrien':*)");
  });

  it('reads an e-mail-like query whole, from three characters, and never one with spaces', () => {
    expect(planPatientSearch('Okafor@')?.contact).toBe('okafor@');
    expect(planPatientSearch('jo')?.contact).toBeNull();
    expect(planPatientSearch('maya okafor')?.contact).toBeNull();
  });
});

describe('the words a patient is found by', () => {
  it('stores each word under its kind: full names, name words, contact, diagnosis words, the code', () => {
    expect(patientSearchColumns(joanna)).toEqual({
      searchName: 'joanna smith jones',
      sortName: 'smith jones joanna',
      searchVector:
        "'f7:joanna smith jones' 'f7:smith jones joanna' 'n7:joanna' 'n7:smith' 'n7:jones' 'c7:jo@example.com'",
    });
    const zoe = patientSearchColumns(
      person(8, 'Zoë', "D'Arcy", {
        phone: '+1 555 0100',
        email: 'Zoe.D-Arcy+PT@example.com',
        diagnosis: "Baker's cyst, right knee; Pain in knee",
        selectedCode: 'M71.21',
      }),
    );
    expect(zoe.searchVector.split(' ').filter((entry) => entry.startsWith("'c7:"))).toEqual([
      "'c7:zoe.d-arcy+pt@example.com'",
      "'c7:d-arcy+pt@example.com'",
      "'c7:arcy+pt@example.com'",
      "'c7:pt@example.com'",
      "'c7:15550100'",
      "'c7:5550100'",
      "'c7:550100'",
      "'c7:50100'",
      "'c7:0100'",
      "'c7:100'",
    ]);
    expect(zoe.searchVector).toContain(
      "'d7:bakers' 'd7:cyst' 'd7:right' 'd7:knee' 'd7:pain' 'd7:in' 'i7:M7121'",
    );
  });

  it('quotes lexemes, doubling quotes and backslashes, so that no address breaks out of its own', () => {
    const odd = patientSearchColumns(person(9, 'Ann', 'Lee', { email: 'o\\neil@example.com' }));
    expect(odd.searchVector).toContain("'c7:o\\\\neil@example.com'");
    const plan = planPatientSearch('o\\ne');
    expect(plan && patientSearchQueries(plan, 7).contact).toBe("'c7:o\\\\ne':*");
  });
});

describe('the queries of each tier', () => {
  it('asks the exact name, every word as a name prefix, contact starts, diagnosis words and the code', () => {
    const plan = planPatientSearch('Jo Nú');
    expect(plan && patientSearchQueries(plan, 7)).toEqual({
      exactName: "'f7:jo nu'",
      namePrefix: "('n7:jo':* & 'n7:nu':*)",
      contact: null,
      other: "('d7:jo':* & 'd7:nu':*)",
    });
    const phone = planPatientSearch('(555) 123');
    expect(phone && patientSearchQueries(phone, 7).contact).toBe("'c7:555123':*");
    const code = planPatientSearch('m54.5');
    expect(code && patientSearchQueries(code, 7).other).toBe(
      "('d7:m54':* & 'd7:5':*) | 'i7:M545':*",
    );
  });
});
