import { describe, expect, it } from 'vitest';
import {
  PATIENT_MATCH,
  type SearchablePatient,
  comparePatientMatches,
  planPatientSearch,
  nextPrefix,
  patientSearchTerms,
  rankPatientMatch,
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

const jose = person(1, 'José', 'Núñez', {
  phone: '+15551234567',
  email: 'jose.nunez@example.com',
  diagnosis: 'Low back pain, unspecified',
  selectedCode: 'M5450',
});
const johnson = person(2, 'Ann', 'Johnson', { phone: '+15559876543' });
const joanna = person(3, 'Joanna', 'Smith-Jones', { email: 'jo@example.com' });
const obrien = person(4, 'Siobhán', "O'Brien", { diagnosis: 'Cervicalgia', selectedCode: 'M542' });

function rank(query: string, patient: SearchablePatient) {
  const plan = planPatientSearch(query);
  if (!plan) {
    throw new Error('blank query');
  }
  return rankPatientMatch(plan, patient);
}

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
      return plan ? rankPatientMatch(plan, obrien) : 'blank';
    };
    expect(planPatientSearch('m54', { clinical: false })?.code).toBeNull();
    expect(frontDesk('cervicalgia')).toBeNull();
    expect(frontDesk('M542')).toBeNull();
    expect(frontDesk("o'brien")).not.toBeNull();
    expect(rank('cervicalgia', obrien)).not.toBeNull();
  });
});

describe('ranking a patient against a search', () => {
  it('finds a full name in either order, accents and case ignored', () => {
    expect(rank('jose nunez', jose)).toBe(PATIENT_MATCH.exactName);
    expect(rank('NUNEZ, José', jose)).toBe(PATIENT_MATCH.exactName);
  });

  it('finds word prefixes in any order', () => {
    expect(rank('nu jo', jose)).toBe(PATIENT_MATCH.namePrefix);
    expect(rank('Jos', jose)).toBe(PATIENT_MATCH.namePrefix);
    expect(rank('jones', joanna)).toBe(PATIENT_MATCH.namePrefix);
    expect(rank("o'bri", obrien)).toBe(PATIENT_MATCH.namePrefix);
  });

  it('finds phone digits anywhere and the start of a word of the e-mail', () => {
    expect(rank('555-123', jose)).toBe(PATIENT_MATCH.contact);
    expect(rank('4567', jose)).toBe(PATIENT_MATCH.contact);
    expect(rank('jose.nu', jose)).toBe(PATIENT_MATCH.contact);
    expect(rank('nunez@exa', jose)).toBe(PATIENT_MATCH.contact);
  });

  it('finds diagnosis words and code prefixes last', () => {
    expect(rank('back pain', jose)).toBe(PATIENT_MATCH.other);
    expect(rank('low unspec', jose)).toBe(PATIENT_MATCH.other);
    expect(rank('cervical', obrien)).toBe(PATIENT_MATCH.other);
    expect(rank('m54', obrien)).toBe(PATIENT_MATCH.other);
    expect(rank('M54.50', jose)).toBe(PATIENT_MATCH.other);
  });

  it('matches the start of words only, never their inside', () => {
    expect(rank('son', johnson)).toBeNull();
    expect(rank('unez', jose)).toBeNull();
    expect(rank('example.com', jose)).toBeNull();
    expect(rank('ack', jose)).toBeNull();
  });

  it('reads queries under 3 letters as name starts only', () => {
    expect(rank('nu', jose)).toBe(PATIENT_MATCH.namePrefix);
    expect(rank('ne', jose)).toBeNull();
    // Two letters never reach into the e-mail or the diagnosis.
    expect(rank('lo', jose)).toBeNull();
    expect(rank('jo', person(9, 'Ann', 'Lee', { email: 'jo@example.com' }))).toBeNull();
  });

  it('does not match what is not there', () => {
    expect(rank('zed', jose)).toBeNull();
    expect(rank('555', obrien)).toBeNull();
    expect(rank('jose smith', jose)).toBeNull();
  });
});

describe('a prefix as a range', () => {
  it('ends just after the last string with the prefix', () => {
    expect(nextPrefix('garcia')).toBe('garcib');
    expect(nextPrefix('m54')).toBe('m55');
    expect(nextPrefix('zoe@')).toBe('zoeA');
    expect(nextPrefix('a😀')).toBe('a😁');
    for (const word of ['garcia', 'garciaz', 'garcia-lopez', 'garcia\u{10ffff}']) {
      expect(word >= 'garcia' && word < nextPrefix('garcia')).toBe(true);
    }
    expect('garcib' < nextPrefix('garcia')).toBe(false);
  });
});

describe('the words a patient is found by', () => {
  it('lists name words, both name orders, e-mail word starts, diagnosis words and the code', () => {
    expect(patientSearchTerms(joanna)).toEqual({
      full: ['joanna smith-jones', 'smith-jones joanna'],
      name: ['joanna', 'smith', 'jones'],
      email: ['jo@example.com'],
      diagnosis: [],
      code: [],
    });
    expect(
      patientSearchTerms(
        person(8, 'Zoë', "D'Arcy", {
          email: 'zoe.d-arcy+pt@example.com',
          diagnosis: "Baker's cyst, right knee; Pain in knee",
          selectedCode: 'M71.21',
        }),
      ),
    ).toEqual({
      full: ['zoe darcy', 'darcy zoe'],
      name: ['zoe', 'darcy'],
      email: [
        'zoe.d-arcy+pt@example.com',
        'd-arcy+pt@example.com',
        'arcy+pt@example.com',
        'pt@example.com',
      ],
      diagnosis: ['bakers', 'cyst', 'right', 'knee', 'pain', 'in'],
      code: ['M7121'],
    });
  });
});

describe('ordering search results', () => {
  it('puts better tiers first, then last name, then id', () => {
    const jo = person(5, 'Jo', 'Adams');
    const josie = person(6, 'Josie', 'Zeller');
    const twin = person(7, 'Josie', 'Zeller');
    const roster = [twin, johnson, josie, joanna, jo, jose];
    const plan = planPatientSearch('jo');
    if (!plan) {
      throw new Error('blank');
    }
    const ordered = roster
      .filter((patient) => rankPatientMatch(plan, patient) !== null)
      .sort((a, b) => comparePatientMatches(plan, a, b))
      .map((patient) => patient.id);
    // Name prefixes by last name (Adams, Núñez, Smith-Jones, Zeller x2 by id), then "jo" inside
    // Johnson... which is also a prefix: Johnson starts with jo.
    expect(ordered).toEqual([5, 2, 1, 3, 6, 7]);
  });

  it('sorts accented last names with their plain letters', () => {
    const plan = planPatientSearch('a');
    if (!plan) {
      throw new Error('blank');
    }
    const alvarez = person(10, 'Ana', 'Álvarez');
    const baker = person(11, 'Ana', 'Baker');
    const abbott = person(12, 'Ana', 'Abbott');
    const ordered = [baker, alvarez, abbott]
      .sort((a, b) => comparePatientMatches(plan, a, b))
      .map((patient) => patient.id);
    expect(ordered).toEqual([12, 10, 11]);
  });
});
