import { describe, expect, it } from 'vitest';
import { personNameColumns } from '../../platform/search-text';
import {
  type PatientListFilter,
  planPatientSearch,
  rankPatientMatch,
  statusesOf,
} from './patient-search';
import { compareCodePoints } from '../../platform/search-text';
import { type IndexedPatient, RosterIndex } from './roster-index';

const FIRST = ['Emma', 'Olivia', 'Noah', 'José', 'Zoë', 'Liam', 'Ana María', 'Jean-Luc', 'Sofía'];
const LAST = ['Smith', 'Núñez', "O'Brien", 'Garcia', 'Kowalski', 'Olsen', 'Smithers', 'Müller'];
const DIAGNOSES = ['Knee pain', 'Low back pain', 'Rotator cuff tear', 'Knee osteoarthritis', null];
const CODES = ['M54.50', 'M25.561', 'S46.011A', 'M17.11', null];

interface TestPatient extends IndexedPatient {
  therapists: number[];
}

/** A small deterministic generator, so a failure names the same roster every run. */
function roster(size: number, seed = 7): TestPatient[] {
  let state = seed;
  const next = (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % n;
  };
  return Array.from({ length: size }, (_, index) => {
    const firstName = FIRST[next(FIRST.length)]!;
    const lastName = LAST[next(LAST.length)]!;
    const withContact = next(4) > 0;
    return {
      id: 1000 + index * 3,
      firstName,
      lastName,
      sortName: personNameColumns(firstName, lastName).sortName,
      phone: withContact ? `+1917555${String(next(10_000)).padStart(4, '0')}` : null,
      // Some addresses start with a diagnosis word: "back" is then a contact and a diagnosis match.
      email: withContact
        ? `${index % 5 === 0 ? 'back' : firstName.split(' ')[0]!.toLowerCase()}.${index}@mail.test`
        : null,
      diagnosis: DIAGNOSES[next(DIAGNOSES.length)] ?? null,
      selectedCode: CODES[next(CODES.length)] ?? null,
      status: (['active', 'active', 'active', 'discharged', 'removed'] as const)[next(5)]!,
      isRtmCovered: next(2) === 0,
      therapists: next(3) === 0 ? [] : [1 + next(3)],
    };
  });
}

/** The rule, applied patient by patient: what the index must answer. */
function expected(
  patients: TestPatient[],
  filter: PatientListFilter,
  search: string | undefined,
  page: { limit: number; offset: number },
) {
  const plan = planPatientSearch(search);
  const ranked = patients
    .filter(
      (patient) =>
        (statusesOf(filter) as string[]).includes(patient.status) &&
        (filter.rtm === undefined || patient.isRtmCovered === filter.rtm) &&
        (filter.treatedBy === undefined || patient.therapists.includes(filter.treatedBy)),
    )
    .map((patient) => ({ patient, tier: plan ? rankPatientMatch(plan, patient) : 0 }))
    .filter((entry) => entry.tier !== null)
    .sort(
      (a, b) =>
        a.tier! - b.tier! ||
        compareCodePoints(a.patient.sortName, b.patient.sortName) ||
        a.patient.id - b.patient.id,
    );
  return {
    ids: ranked.slice(page.offset, page.offset + page.limit).map((entry) => entry.patient.id),
    count: ranked.length,
  };
}

const SEARCHES = [
  undefined,
  'smi',
  'emma smith',
  'smith emma',
  'jose nunez',
  'nu jo',
  'obrien',
  'ol',
  'jean luc',
  'knee',
  'knee pain',
  'back',
  'M54',
  'm25.5',
  '5550',
  '917555',
  'emma.1',
  'zoe',
  'nobody',
];
const FILTERS: PatientListFilter[] = [
  { status: 'active' },
  { status: 'all' },
  { status: 'discharged', rtm: true },
  { status: 'active', rtm: false },
  { status: 'active', treatedBy: 2 },
  { status: 'all', treatedBy: 1, rtm: false },
];
const PAGES = [
  { limit: 25, offset: 0 },
  { limit: 25, offset: 25 },
  { limit: 10, offset: 95 },
];

function answer(
  index: RosterIndex<TestPatient>,
  filter: PatientListFilter,
  search?: string,
  page = PAGES[0]!,
) {
  const { patients, count } = index.list(filter, planPatientSearch(search), page);
  return { ids: patients.map((patient) => patient.id), count };
}

function expectSameAsRule(index: RosterIndex<TestPatient>, patients: TestPatient[]): void {
  for (const search of SEARCHES) {
    for (const filter of FILTERS) {
      for (const page of PAGES) {
        expect(answer(index, filter, search, page), `${search} ${JSON.stringify(filter)}`).toEqual(
          expected(patients, filter, search, page),
        );
      }
    }
  }
}

const build = (patients: TestPatient[]) =>
  new RosterIndex(patients.map((patient) => ({ patient, therapists: patient.therapists })));

describe('RosterIndex', () => {
  it('answers every search, filter and page exactly as the ranking rule', () => {
    const patients = roster(400);
    expectSameAsRule(build(patients), patients);
  });

  it('stays exact through additions, renames, discharges and removals', () => {
    const patients = roster(300);
    const index = build(patients.slice(0, 150));
    const current = new Map(patients.slice(0, 150).map((patient) => [patient.id, patient]));
    const change = (patient: TestPatient) => {
      current.set(patient.id, patient);
      index.upsert(patient, patient.therapists);
    };
    patients.slice(150).forEach(change);
    const renamed = roster(300, 99);
    for (const [offset, patient] of patients.entries()) {
      if (offset % 4 === 0) {
        const other = renamed[offset]!;
        change({
          ...patient,
          firstName: other.firstName,
          lastName: other.lastName,
          sortName: other.sortName,
          phone: other.phone,
          therapists: other.therapists,
        });
      } else if (offset % 7 === 0) {
        change({ ...patient, status: patient.status === 'active' ? 'discharged' : 'active' });
      } else if (offset % 11 === 0) {
        change({ ...patient, status: 'removed' });
      }
    }
    index.remove(patients[1]!.id);
    current.delete(patients[1]!.id);
    expectSameAsRule(index, [...current.values()]);
    expect(index.size).toBe([...current.values()].filter((p) => p.status !== 'removed').length);
  });

  it('takes a row that moves nothing it finds or orders by as it is', () => {
    const patients = roster(40).map((patient) => ({ ...patient, status: 'active' as const }));
    const index = build(patients);
    const before = answer(index, { status: 'active' }, 'smi');
    const touched = { ...patients[3]!, diagnosis: patients[3]!.diagnosis };
    index.upsert(touched, touched.therapists);
    expect(index.get(touched.id)?.patient).toBe(touched);
    expect(answer(index, { status: 'active' }, 'smi')).toEqual(before);
    index.upsert({ ...touched, isRtmCovered: !touched.isRtmCovered }, touched.therapists);
    expectSameAsRule(
      index,
      patients.map((patient) =>
        patient.id === touched.id ? { ...touched, isRtmCovered: !touched.isRtmCovered } : patient,
      ),
    );
  });

  it('finds phone digits anywhere in the number, also after many changes', () => {
    const patients = roster(50).map((patient, index) => ({
      ...patient,
      status: 'active' as const,
      phone: `+1212${String(index).padStart(7, '0')}`,
    }));
    const index = build(patients);
    patients.forEach((patient) => index.upsert({ ...patient, phone: `+4420${patient.id}` }, []));
    expect(answer(index, { status: 'active' }, '2012').ids).toEqual(
      expected(
        patients.map((patient) => ({ ...patient, phone: `+4420${patient.id}`, therapists: [] })),
        { status: 'active' },
        '2012',
        PAGES[0]!,
      ).ids,
    );
    expect(answer(index, { status: 'active' }, '1212').count).toBe(0);
  });
});
