/**
 * Clinic rosters in memory, so that a search of 100,000 patients needs no database round trip
 * (issue 3: p95 under 30 ms at 50 concurrent searches; bench/). A roster is loaded on its
 * clinic's first search, in the background (searches meanwhile go to SQL), and kept current by
 * the change feed: every committed change of a patient or of their therapists names the patient,
 * and the next search of that clinic waits until those rows are read again. While the feed is
 * down, or a load or refresh fails, the cache answers nothing and SQL answers everything
 * (docs/decisions/008-in-memory-caches.md).
 */
import { type SQL, and, asc, eq, gt, inArray, ne } from 'drizzle-orm';
import type { Patient } from '@homestretch/contract/patients/patient';
import type { Db } from '../../db/client';
import { clinics, patientTherapists, patients, users } from '../../db/schema';
import type { Change, ChangeFeed } from '../../platform/change-feed';
import type { AppDeps } from '../../platform/context';
import {
  type PatientRow,
  type TherapistOfPatient,
  patientDto,
} from '../../platform/patient-directory';
import { compareCodePoints } from '../../platform/search-text';
import type { PatientListFilter, PatientSearchPlan } from './patient-search';
import { RosterIndex } from './roster-index';

/** Rows a load reads at a time: the event loop serves requests between them. */
const LOAD_CHUNK = 5_000;

interface ClinicRoster {
  index: RosterIndex<PatientRow> | null;
  clinicCode: string;
  staff: Map<number, TherapistOfPatient>;
  /** Patients named by the feed since they were last read. */
  changed: Set<number>;
  staffChanged: Set<number>;
  refreshing: Promise<void> | null;
}

export interface RosterCache {
  /**
   * One page of a clinic's roster from memory, or null when memory cannot answer (not loaded
   * yet, the feed is down): the caller asks SQL. A null starts loading the clinic.
   */
  list(
    clinicId: number,
    filter: PatientListFilter,
    plan: PatientSearchPlan | null,
    page: { limit: number; offset: number },
  ): Promise<{ results: Patient[]; rows: PatientRow[]; count: number } | null>;
}

/** Whether the feed named rows of the roster that have not been read again yet. */
function stale(roster: ClinicRoster): boolean {
  return roster.changed.size > 0 || roster.staffChanged.size > 0;
}

const caches = new WeakMap<ChangeFeed, RosterCache>();

/** The roster cache of this app (one per change feed), or null when it has none. */
export function rosterCacheOf(ctx: AppDeps): RosterCache | null {
  const feed = ctx.changes;
  if (!feed || ctx.config.rosterCachePatients === 0) {
    return null;
  }
  let cache = caches.get(feed);
  if (!cache) {
    cache = createRosterCache(ctx.db, feed, {
      maxPatients: ctx.config.rosterCachePatients,
      onError: (error) => ctx.log.error({ err: error }, 'roster cache: falling back to SQL'),
    });
    caches.set(feed, cache);
  }
  return cache;
}

export function createRosterCache(
  db: Db,
  feed: ChangeFeed,
  options: { maxPatients: number; onError?: (error: unknown) => void },
): RosterCache {
  // Insertion order is use order: the first clinic is the one to evict.
  const rosters = new Map<number, ClinicRoster>();
  // Bumped when everything is forgotten: a load begun before must not land.
  let generation = 0;

  const forgetAll = () => {
    generation += 1;
    rosters.clear();
  };
  const forget = (clinicId: number) => rosters.delete(clinicId);

  feed.subscribe({
    reset: forgetAll,
    change(change: Change) {
      if (change.kind === 'clinics') {
        forget(change.clinic);
        return;
      }
      const roster = rosters.get(change.clinic);
      if (!roster || change.kind === 'sessions' || change.kind === 'sync') {
        return;
      }
      if (change.kind === 'users') {
        if (change.ids === null) {
          forget(change.clinic);
        } else {
          change.ids.forEach((id) => roster.staffChanged.add(id));
        }
      } else if (change.ids === null) {
        // Too many to name (a bulk change): read the clinic again, SQL answering meanwhile.
        forget(change.clinic);
      } else {
        for (const id of change.ids) {
          roster.changed.add(id);
        }
      }
    },
  });

  /** A load or refresh failed: this roster goes (not a newer one of the same clinic). */
  const fail = (clinicId: number, roster: ClinicRoster, error: unknown) => {
    if (rosters.get(clinicId) === roster) {
      forget(clinicId);
    }
    options.onError?.(error);
  };

  async function readLinks(where: SQL) {
    return db
      .select({
        patientId: patientTherapists.patientId,
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
      })
      .from(patientTherapists)
      .innerJoin(users, eq(users.id, patientTherapists.userId))
      .where(where);
  }

  function therapistsOf(links: Awaited<ReturnType<typeof readLinks>>, roster: ClinicRoster) {
    const byPatient = new Map<number, number[]>();
    for (const link of links) {
      roster.staff.set(link.id, {
        id: link.id,
        firstName: link.firstName,
        lastName: link.lastName,
        role: link.role,
      });
      const ids = byPatient.get(link.patientId);
      if (ids) {
        ids.push(link.id);
      } else {
        byPatient.set(link.patientId, [link.id]);
      }
    }
    return byPatient;
  }

  async function load(clinicId: number, roster: ClinicRoster): Promise<void> {
    const started = generation;
    const [clinic] = await db
      .select({ code: clinics.code })
      .from(clinics)
      .where(eq(clinics.id, clinicId));
    if (!clinic) {
      forget(clinicId);
      return;
    }
    const rows: PatientRow[] = [];
    for (let after = 0; ;) {
      const chunk = await db
        .select()
        .from(patients)
        .where(
          and(
            eq(patients.clinicId, clinicId),
            ne(patients.status, 'removed'),
            gt(patients.id, after),
          ),
        )
        .orderBy(asc(patients.id))
        .limit(LOAD_CHUNK);
      rows.push(...chunk);
      if (chunk.length < LOAD_CHUNK) {
        break;
      }
      after = chunk.at(-1)!.id;
    }
    const links = therapistsOf(await readLinks(eq(patientTherapists.clinicId, clinicId)), roster);
    if (started !== generation || rosters.get(clinicId) !== roster) {
      return;
    }
    roster.clinicCode = clinic.code;
    roster.index = new RosterIndex(
      rows.map((row) => ({ patient: row, therapists: links.get(row.id) ?? [] })),
    );
    evict();
  }

  /** Reads again what the feed named; a search waits for it, so it never answers from before. */
  async function refresh(clinicId: number, roster: ClinicRoster): Promise<void> {
    while (stale(roster)) {
      const ids = [...roster.changed];
      const staffIds = [...roster.staffChanged];
      roster.changed = new Set();
      roster.staffChanged = new Set();
      if (staffIds.length > 0) {
        const staff = await db
          .select({
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            role: users.role,
          })
          .from(users)
          .where(inArray(users.id, staffIds));
        staff.forEach((member) => roster.staff.set(member.id, member));
      }
      if (ids.length === 0) {
        continue;
      }
      const [rows, links] = await Promise.all([
        db.select().from(patients).where(inArray(patients.id, ids)),
        readLinks(inArray(patientTherapists.patientId, ids)),
      ]);
      const therapists = therapistsOf(links, roster);
      const found = new Map(rows.map((row) => [row.id, row]));
      for (const id of ids) {
        const row = found.get(id);
        if (row && row.clinicId === clinicId) {
          roster.index!.upsert(row, therapists.get(id) ?? []);
        } else {
          roster.index!.remove(id);
        }
      }
    }
  }

  function evict(): void {
    let total = [...rosters.values()].reduce((sum, roster) => sum + (roster.index?.size ?? 0), 0);
    for (const [clinicId, roster] of rosters) {
      if (total <= options.maxPatients) {
        return;
      }
      total -= roster.index?.size ?? 0;
      rosters.delete(clinicId);
    }
  }

  function start(clinicId: number): void {
    const roster: ClinicRoster = {
      index: null,
      clinicCode: '',
      staff: new Map(),
      changed: new Set(),
      staffChanged: new Set(),
      refreshing: null,
    };
    rosters.set(clinicId, roster);
    load(clinicId, roster).catch((error: unknown) => fail(clinicId, roster, error));
  }

  /** The clinic's roster once it holds every committed change the feed has named. */
  async function current(clinicId: number): Promise<ClinicRoster | null> {
    const roster = rosters.get(clinicId);
    if (!roster) {
      start(clinicId);
      return null;
    }
    if (!roster.index) {
      return null;
    }
    while (stale(roster)) {
      roster.refreshing ??= refresh(clinicId, roster).finally(() => (roster.refreshing = null));
      try {
        await roster.refreshing;
      } catch (error) {
        fail(clinicId, roster, error);
        return null;
      }
    }
    return rosters.get(clinicId) === roster ? roster : null;
  }

  const byName = (left: TherapistOfPatient, right: TherapistOfPatient) =>
    compareCodePoints(left.lastName, right.lastName) ||
    compareCodePoints(left.firstName, right.firstName) ||
    left.id - right.id;

  return {
    async list(clinicId, filter, plan, page) {
      if (!feed.live) {
        return null;
      }
      const roster = await current(clinicId);
      if (!roster?.index) {
        return null;
      }
      // Most recently used last: eviction takes the first.
      rosters.delete(clinicId);
      rosters.set(clinicId, roster);
      const { patients: rows, count } = roster.index.list(filter, plan, page);
      const results = rows.map((row) => {
        const therapists = (roster.index!.get(row.id)?.therapists ?? [])
          .flatMap((id) => roster.staff.get(id) ?? [])
          .sort(byName);
        return patientDto(row, roster.clinicCode, therapists);
      });
      return { results, rows, count };
    },
  };
}
