/**
 * One clinic's roster in memory, searched by the rule of patient-search.ts without a database
 * round trip (roster-cache.ts keeps it current; docs/decisions/008-in-memory-caches.md). It
 * answers exactly what `listPatients` answers in SQL: the same matches, tiers, order and count;
 * the integration test runs both on one roster.
 *
 * Layout, for speed at 100,000 patients: each patient has a slot; `order` holds the slots sorted
 * by sort name and id (the roster order) and `position` the reverse; each kind of search word is
 * one sorted array of (word, slot), so a prefix is a binary search and a run; a search marks the
 * best tier of each matching position in a byte array and reads the page off it in order.
 */
import {
  MIN_INNER_MATCH_LENGTH,
  PATIENT_MATCH,
  type PatientListFilter,
  type PatientSearchPlan,
  type SearchablePatient,
  nextPrefix,
  patientSearchTerms,
  statusesOf,
} from './patient-search';
import { compareCodePoints } from '../../platform/search-text';

export interface IndexedPatient extends SearchablePatient {
  id: number;
  status: 'active' | 'discharged' | 'removed';
  isRtmCovered: boolean;
  /** Normalised "last first" (personNameColumns): the roster's order, as in SQL. */
  sortName: string;
}

type WordKind = 'full' | 'name' | 'email' | 'diagnosis' | 'code';
const WORD_KINDS: readonly WordKind[] = ['full', 'name', 'email', 'diagnosis', 'code'];
const NO_MATCH = 255;
/** Per-slot flags: the filters read these bytes, not the rows (row objects are slow to read). */
const ACTIVE = 1;
const DISCHARGED = 2;
const RTM_COVERED = 4;

function flagsOf(patient: IndexedPatient): number {
  return (
    (patient.status === 'active' ? ACTIVE : DISCHARGED) | (patient.isRtmCovered ? RTM_COVERED : 0)
  );
}

/**
 * Sorts in code point order: natively (UTF-16 order, the same) unless a string holds a surrogate
 * pair, where the two orders part.
 */
function sortByCodePoints(values: string[]): string[] {
  return values.some((value) => /[\uD800-\uDFFF]/.test(value))
    ? values.sort(compareCodePoints)
    : values.sort();
}

/** Digit trigrams of a phone number: the candidates of a "digits anywhere" search. */
function phoneTrigrams(phone: string): string[] {
  const digits = phone.replace(/\D/g, '');
  const grams = new Set<string>();
  for (let index = 0; index + 3 <= digits.length; index += 1) {
    grams.add(digits.slice(index, index + 3));
  }
  return [...grams];
}

/** Words of one kind, sorted by (word, slot): a prefix is one run of it. */
class WordList {
  words: string[] = [];
  slots: number[] = [];

  /** From each slot's words, slots in ascending order (which a run of one word keeps). */
  static build(wordsOfSlots: readonly (readonly string[])[]): WordList {
    const slotsOf = new Map<string, number[]>();
    wordsOfSlots.forEach((words, slot) => {
      for (const word of words) {
        const slots = slotsOf.get(word);
        if (slots) {
          slots.push(slot);
        } else {
          slotsOf.set(word, [slot]);
        }
      }
    });
    const list = new WordList();
    for (const word of sortByCodePoints([...slotsOf.keys()])) {
      for (const slot of slotsOf.get(word)!) {
        list.words.push(word);
        list.slots.push(slot);
      }
    }
    return list;
  }

  /** First index whose (word, slot) is not before the given one. */
  private lowerBound(word: string, slot: number): number {
    let low = 0;
    let high = this.words.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const order = compareCodePoints(this.words[middle]!, word) || this.slots[middle]! - slot;
      if (order < 0) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    return low;
  }

  insert(word: string, slot: number): void {
    const at = this.lowerBound(word, slot);
    this.words.splice(at, 0, word);
    this.slots.splice(at, 0, slot);
  }

  remove(word: string, slot: number): void {
    const at = this.lowerBound(word, slot);
    if (this.words[at] === word && this.slots[at] === slot) {
      this.words.splice(at, 1);
      this.slots.splice(at, 1);
    }
  }

  /** The run [start, end) of words equal to `word`, or starting with it. */
  range(word: string, exact: boolean): [number, number] {
    const start = this.lowerBound(word, -1);
    const end = exact
      ? this.lowerBound(word, Number.MAX_SAFE_INTEGER)
      : this.lowerBound(nextPrefix(word), -1);
    return [start, end];
  }
}

/** Whether a patient's new row is found, filtered and ordered exactly as the old one. */
function sameListing(
  before: IndexedPatient,
  after: IndexedPatient,
  therapistsBefore: readonly number[],
  therapistsAfter: readonly number[],
): boolean {
  return (
    before.firstName === after.firstName &&
    before.lastName === after.lastName &&
    before.searchName === after.searchName &&
    before.sortName === after.sortName &&
    before.phone === after.phone &&
    before.email === after.email &&
    before.diagnosis === after.diagnosis &&
    before.selectedCode === after.selectedCode &&
    before.status === after.status &&
    before.isRtmCovered === after.isRtmCovered &&
    therapistsBefore.length === therapistsAfter.length &&
    therapistsBefore.every((id, index) => therapistsAfter[index] === id)
  );
}

interface Entry<T extends IndexedPatient> {
  patient: T;
  therapists: readonly number[];
}

export class RosterIndex<T extends IndexedPatient> {
  private entries: (Entry<T> | undefined)[] = [];
  private slotOf = new Map<number, number>();
  private freeSlots: number[] = [];
  /** Slots in roster order; `position[slot]` is the slot's index in it. */
  private order: number[] = [];
  private position = new Int32Array(0);
  /** ACTIVE or DISCHARGED, and RTM_COVERED, of each slot; 0 for a free slot. */
  private flags = new Uint8Array(0);
  private lists = new Map<WordKind, WordList>();
  private treatedBy = new Map<number, Set<number>>();
  /** Digit trigram → slots, built in bulk; slots changed since are in `phoneChanged`. */
  private phoneGrams = new Map<string, number[]>();
  private phoneChanged = new Set<number>();
  /** Patients by status and RTM coverage: the unfiltered roster's count without a scan. */
  private counts = new Map<string, number>();
  /**
   * Working arrays of a listing, reused: listing is synchronous, and a fresh 100 KB array per
   * search was most of a broad search's garbage.
   */
  private scratches = new Map<string, Uint8Array>();

  constructor(patients: Iterable<{ patient: T; therapists: readonly number[] }> = []) {
    this.rebuild([...patients]);
  }

  get size(): number {
    return this.slotOf.size;
  }

  get(id: number): { patient: T; therapists: readonly number[] } | undefined {
    const slot = this.slotOf.get(id);
    return slot === undefined ? undefined : this.entries[slot];
  }

  /** A working array of `length` bytes, all `fill`. */
  private scratch(name: string, length: number, fill: number): Uint8Array {
    let buffer = this.scratches.get(name);
    if (!buffer || buffer.length < length) {
      buffer = new Uint8Array(Math.max(length, 16) * 2);
      this.scratches.set(name, buffer);
    }
    return buffer.subarray(0, length).fill(fill);
  }

  /** All patients at once: one sort per list instead of one insertion per word. */
  private rebuild(patients: { patient: T; therapists: readonly number[] }[]): void {
    // Slots follow ids, so a run of one word (or one sort name) is in id order as it is built.
    const kept = patients
      .filter(({ patient }) => patient.status !== 'removed')
      .sort((a, b) => a.patient.id - b.patient.id);
    this.entries = kept.map(({ patient, therapists }) => ({ patient, therapists }));
    // Words are not kept per patient (memory): removal works them out again from the row.
    const words = kept.map(({ patient }) => patientSearchTerms(patient));
    this.slotOf = new Map(kept.map(({ patient }, slot) => [patient.id, slot]));
    this.freeSlots = [];
    this.order = WordList.build(kept.map(({ patient }) => [patient.sortName])).slots;
    this.position = new Int32Array(Math.max(16, kept.length * 2));
    this.flags = new Uint8Array(this.position.length);
    this.order.forEach((slot, index) => (this.position[slot] = index));
    for (const kind of WORD_KINDS) {
      this.lists.set(kind, WordList.build(words.map((terms) => terms[kind])));
    }
    this.treatedBy = new Map();
    this.counts.clear();
    this.entries.forEach((entry, slot) => {
      if (entry) {
        this.link(slot, entry.therapists);
        this.count(entry.patient, 1);
        this.flags[slot] = flagsOf(entry.patient);
      }
    });
    this.rebuildPhones();
  }

  private rebuildPhones(): void {
    this.phoneGrams = new Map();
    this.entries.forEach((entry, slot) => {
      for (const gram of phoneTrigrams(entry?.patient.phone ?? '')) {
        const slots = this.phoneGrams.get(gram) ?? [];
        slots.push(slot);
        this.phoneGrams.set(gram, slots);
      }
    });
    this.phoneChanged.clear();
  }

  private compareSlots(a: number, b: number): number {
    const left = this.entries[a]!.patient;
    const right = this.entries[b]!.patient;
    return compareCodePoints(left.sortName, right.sortName) || left.id - right.id;
  }

  private count(patient: T, delta: number): void {
    const key = `${patient.status}:${patient.isRtmCovered}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + delta);
  }

  private link(slot: number, therapists: readonly number[]): void {
    for (const therapist of therapists) {
      const slots = this.treatedBy.get(therapist) ?? new Set<number>();
      slots.add(slot);
      this.treatedBy.set(therapist, slots);
    }
  }

  /** Adds, replaces or (status removed) drops a patient. */
  upsert(patient: T, therapists: readonly number[]): void {
    const known = this.slotOf.get(patient.id);
    const current = known === undefined ? undefined : this.entries[known];
    if (current && sameListing(current.patient, patient, current.therapists, therapists)) {
      // Most changes (last activity, a reminder sent) move nothing the index orders or finds by.
      current.patient = patient;
      return;
    }
    this.remove(patient.id);
    if (patient.status === 'removed') {
      return;
    }
    const slot = this.freeSlots.pop() ?? this.entries.length;
    const entry: Entry<T> = { patient, therapists };
    const words = patientSearchTerms(patient);
    this.entries[slot] = entry;
    this.slotOf.set(patient.id, slot);
    for (const kind of WORD_KINDS) {
      words[kind].forEach((word) => this.lists.get(kind)!.insert(word, slot));
    }
    this.link(slot, therapists);
    this.count(patient, 1);
    this.phoneChanged.add(slot);
    let low = 0;
    let high = this.order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.compareSlots(this.order[middle]!, slot) < 0) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    this.order.splice(low, 0, slot);
    if (this.position.length < this.entries.length) {
      const position = new Int32Array(this.entries.length * 2);
      position.set(this.position);
      this.position = position;
      const flags = new Uint8Array(position.length);
      flags.set(this.flags);
      this.flags = flags;
    }
    this.flags[slot] = flagsOf(patient);
    for (let index = low; index < this.order.length; index += 1) {
      this.position[this.order[index]!] = index;
    }
  }

  remove(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) {
      return;
    }
    const entry = this.entries[slot]!;
    const words = patientSearchTerms(entry.patient);
    for (const kind of WORD_KINDS) {
      words[kind].forEach((word) => this.lists.get(kind)!.remove(word, slot));
    }
    entry.therapists.forEach((therapist) => this.treatedBy.get(therapist)?.delete(slot));
    this.count(entry.patient, -1);
    const at = this.position[slot]!;
    this.order.splice(at, 1);
    for (let index = at; index < this.order.length; index += 1) {
      this.position[this.order[index]!] = index;
    }
    this.entries[slot] = undefined;
    this.flags[slot] = 0;
    this.slotOf.delete(id);
    this.freeSlots.push(slot);
    this.phoneChanged.add(slot);
  }

  /**
   * Marks the slots where every token starts a word of the kind: one run of the word list per
   * token. A slot may come twice ("knee" and "kneecap" in one diagnosis); marking is idempotent.
   */
  private everyToken(kind: WordKind, tokens: string[], tier: number, marks: Marks): void {
    const list = this.lists.get(kind)!;
    const slots = list.slots;
    const runs = tokens.map((token) => list.range(token, false));
    const [start, end] = runs.at(-1)!;
    if (tokens.length === 1) {
      marks.addRun(slots, start, end, tier);
      return;
    }
    const reached = this.scratch('reached', this.entries.length, 0);
    runs.forEach(([from, to], index) => {
      for (let at = from; at < to; at += 1) {
        const slot = slots[at]!;
        if (reached[slot] === index) {
          reached[slot] = index + 1;
        }
      }
    });
    for (let at = start; at < end; at += 1) {
      const slot = slots[at]!;
      if (reached[slot] === tokens.length) {
        reached[slot] = 0;
        marks.add(slot, tier);
      }
    }
  }

  /** Marks every slot of one run of a word list. */
  private eachOf(kind: WordKind, word: string, exact: boolean, tier: number, marks: Marks): void {
    const list = this.lists.get(kind)!;
    const [start, end] = list.range(word, exact);
    marks.addRun(list.slots, start, end, tier);
  }

  private phoneMatches(digits: string, tier: number, marks: Marks): void {
    if (this.phoneChanged.size > 1_000) {
      this.rebuildPhones();
    }
    const grams = phoneTrigrams(digits).map((gram) => this.phoneGrams.get(gram) ?? []);
    const rarest = grams.reduce((best, slots) => (slots.length < best.length ? slots : best));
    const seen = new Set<number>();
    for (const slot of [...rarest, ...this.phoneChanged]) {
      if (!seen.has(slot) && (this.entries[slot]?.patient.phone ?? '').includes(digits)) {
        seen.add(slot);
        marks.add(slot, tier);
      }
    }
  }

  /**
   * One page of the roster: with a plan, its matches by tier and then roster order; without, the
   * roster in order. The count is of every match, as the page's `count`.
   */
  list(
    filter: PatientListFilter,
    plan: PatientSearchPlan | null,
    page: { limit: number; offset: number },
  ): { patients: T[]; count: number } {
    if (!plan && filter.treatedBy === undefined) {
      return this.inOrder(filter, page);
    }
    const marks = new Marks(
      this.scratch('best', this.order.length, NO_MATCH),
      this.position,
      new SlotFilter(this.flags, filter, this.treatedBy),
    );
    if (plan) {
      this.markPlan(plan, marks);
    } else {
      this.treatedBy.get(filter.treatedBy!)?.forEach((slot) => marks.add(slot, 0));
    }
    const { best, perTier, firstAt } = marks;
    const count = perTier.reduce((sum, n) => sum + n, 0);
    const patients: T[] = [];
    let skip = page.offset;
    for (let tier = 0; tier < perTier.length && patients.length < page.limit; tier += 1) {
      if (skip >= perTier[tier]!) {
        skip -= perTier[tier]!;
        continue;
      }
      for (let at = firstAt[tier]!; at < best.length && patients.length < page.limit; at += 1) {
        if (best[at] === tier) {
          if (skip > 0) {
            skip -= 1;
          } else {
            patients.push(this.entries[this.order[at]!]!.patient);
          }
        }
      }
    }
    return { patients, count };
  }

  /** The roster by name, filtered by status and coverage only: counted from the counters. */
  private inOrder(
    filter: PatientListFilter,
    page: { limit: number; offset: number },
  ): { patients: T[]; count: number } {
    const count = statusesOf(filter).reduce(
      (sum, status) =>
        sum +
        (filter.rtm !== false ? (this.counts.get(`${status}:true`) ?? 0) : 0) +
        (filter.rtm !== true ? (this.counts.get(`${status}:false`) ?? 0) : 0),
      0,
    );
    const admits = new SlotFilter(this.flags, filter, this.treatedBy);
    const patients: T[] = [];
    let skip = page.offset;
    for (let at = 0; at < this.order.length && patients.length < page.limit; at += 1) {
      const slot = this.order[at]!;
      if (admits.admits(slot)) {
        if (skip > 0) {
          skip -= 1;
        } else {
          patients.push(this.entries[slot]!.patient);
        }
      }
    }
    return { patients, count };
  }

  /** The branches of `rankPatientMatch`, each marking its slots at its tier. */
  private markPlan(plan: PatientSearchPlan, marks: Marks): void {
    const inner = plan.text.length >= MIN_INNER_MATCH_LENGTH;
    this.eachOf('full', plan.joined, true, PATIENT_MATCH.exactName, marks);
    this.everyToken('name', plan.tokens, PATIENT_MATCH.namePrefix, marks);
    if (plan.digits) {
      this.phoneMatches(plan.digits, PATIENT_MATCH.contact, marks);
    }
    if (inner) {
      this.eachOf('email', plan.text, false, PATIENT_MATCH.contact, marks);
      this.everyToken('diagnosis', plan.tokens, PATIENT_MATCH.other, marks);
    }
    if (plan.code) {
      this.eachOf('code', plan.code, false, PATIENT_MATCH.other, marks);
    }
  }
}

/** A listing's filters as a test of a slot's flags (and of the therapist's patients). */
class SlotFilter {
  private readonly statuses: number;
  private readonly rtm: number | null;
  private readonly treated: ReadonlySet<number> | null;

  constructor(
    private readonly flags: Uint8Array,
    filter: PatientListFilter,
    treatedBy: ReadonlyMap<number, ReadonlySet<number>>,
  ) {
    this.statuses =
      filter.status === 'all'
        ? ACTIVE | DISCHARGED
        : filter.status === 'active'
          ? ACTIVE
          : DISCHARGED;
    this.rtm = filter.rtm === undefined ? null : filter.rtm ? RTM_COVERED : 0;
    this.treated =
      filter.treatedBy === undefined ? null : (treatedBy.get(filter.treatedBy) ?? new Set());
  }

  admits(slot: number): boolean {
    const flag = this.flags[slot]!;
    return (
      (flag & this.statuses) !== 0 &&
      (this.rtm === null || (flag & RTM_COVERED) === this.rtm) &&
      (this.treated === null || this.treated.has(slot))
    );
  }
}

/**
 * A search's matches: the best tier of each roster position, how many patients each tier holds,
 * and where each tier's first match may be (the page is read from there). Plain loops over typed
 * arrays: a broad search marks 30,000 slots.
 */
class Marks {
  readonly perTier = [0, 0, 0, 0];
  readonly firstAt: number[];

  constructor(
    /** Filled with NO_MATCH, one byte a roster position. */
    readonly best: Uint8Array,
    private readonly position: Int32Array,
    private readonly filter: SlotFilter,
  ) {
    this.firstAt = [best.length, best.length, best.length, best.length];
  }

  add(slot: number, tier: number): void {
    if (!this.filter.admits(slot)) {
      return;
    }
    const at = this.position[slot]!;
    const was = this.best[at]!;
    if (tier < was) {
      this.best[at] = tier;
      this.firstAt[tier] = Math.min(this.firstAt[tier]!, at);
      this.perTier[tier] = (this.perTier[tier] ?? 0) + 1;
      if (was !== NO_MATCH) {
        this.perTier[was] = (this.perTier[was] ?? 0) - 1;
      }
    }
  }

  addRun(slots: readonly number[], start: number, end: number, tier: number): void {
    for (let at = start; at < end; at += 1) {
      this.add(slots[at]!, tier);
    }
  }
}
