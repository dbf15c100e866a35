/**
 * Shipped data and demo seed on a real (in-memory PGlite) database. One database for the file:
 * creating and migrating PGlite takes seconds, and each scenario reads what the loaders wrote.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, count, eq, gt, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { EmailSchema, Icd10CodeSchema } from '@homestretch/contract/common/fields';
import { PhoneSchema } from '@homestretch/contract/common/phone';
import { BirthdaySchema, GenderSchema } from '@homestretch/contract/patients/patient';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, openPglite } from '../db/client';
import {
  catalogueExercises,
  chatMessages,
  chatReads,
  chatSessions,
  clinics,
  functionalDataEntries,
  healthDaily,
  healthSamples,
  hepApprovalRequests,
  hepCompletions,
  hepItemEvents,
  hepItems,
  hepPatientRequests,
  icd10Codes,
  interactionLogs,
  monitoringDays,
  monitoringSessions,
  patients,
  patientTherapists,
  shippedData,
  users,
  libraryFolderVideos,
  libraryFolders,
  tasks,
  videos,
  voiceCalls,
} from '../db/schema';
import { verifyPassword } from '../platform/passwords';
import { personNameColumns } from '../platform/search-text';
import { catalogueLogger } from '../test/statement-catalogue';
import {
  DEMO_ACCOUNTS,
  DEMO_CLINIC_CODE,
  DEMO_CLINIC_NAME,
  DEMO_PASSWORD,
  NORTHSIDE_ACCOUNTS,
  NORTHSIDE_CLINIC_CODE,
  seedDemo,
} from './demo-seed';
import { conditionOf } from '../features/hep/hep.api';
import { DEMO_PATIENTS, NORTHSIDE_PATIENTS } from './demo-people';
import {
  EXERCISES_DIR,
  PT_CATALOGUE,
  loadExerciseCatalogue,
  readExerciseCatalogue,
} from '../features/library/library.api';
import { loadIcd10Codes } from './icd10';
import { col, queryRows } from '../platform/sql-rows';

const NOW = new Date('2026-11-02T15:00:00Z');
const DAY_MS = 86_400_000;

let database: Database;
let db: Db;

beforeAll(async () => {
  database = await openPglite({ logger: catalogueLogger() });
  await database.migrate();
  db = database.db;
});

afterAll(async () => {
  await database.close();
});

async function rowCount(table: PgTable) {
  const [row] = await db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

async function clinicByCode(code: string) {
  const [clinic] = await db.select().from(clinics).where(eq(clinics.code, code));
  if (!clinic) {
    throw new Error(`clinic ${code} missing`);
  }
  return clinic;
}

async function icd10Indexes(): Promise<string[]> {
  return queryRows(
    db,
    sql`select indexdef from pg_indexes where tablename = 'icd10_codes' order by indexname`,
    (row) => col.string(row, 'indexdef'),
  );
}

describe('ICD-10-CM codes', () => {
  it('loads the whole FY2026 code set once, with codes stored without the dot', async () => {
    const indexesBefore = await icd10Indexes();

    expect(await loadIcd10Codes(db)).toBe(98_186);
    // The loader drops secondary indexes for speed; they must all be back, unchanged.
    expect(await icd10Indexes()).toEqual(indexesBefore);
    expect(await rowCount(icd10Codes)).toBe(98_186);
    const rows = await db
      .select()
      .from(icd10Codes)
      .where(inArray(icd10Codes.code, ['M545', 'M5450']));
    expect(rows).toEqual(
      expect.arrayContaining([
        { code: 'M5450', description: 'Low back pain, unspecified', billable: true },
        { code: 'M545', description: 'Low back pain', billable: false },
      ]),
    );

    expect(await loadIcd10Codes(db)).toBe(0);
    expect(await rowCount(icd10Codes)).toBe(98_186);
  });
});

describe('exercise catalogue', () => {
  it('adds the physical-therapy exercises and all 873 of strength and conditioning once', async () => {
    const pt = PT_CATALOGUE.length;
    expect(await loadExerciseCatalogue(db)).toBe(pt + 873);
    expect(await loadExerciseCatalogue(db)).toBe(0);

    const rows = await db.select().from(videos).where(isNull(videos.clinicId));
    expect(rows).toHaveLength(pt + 873);
    expect(new Set(rows.map((row) => row.externalId)).size).toBe(pt + 873);
    expect(rows.every((row) => row.searchVector !== null)).toBe(true);
    const fitness = rows.filter((row) => row.collection === 'strength-and-conditioning');
    expect(fitness).toHaveLength(873);
    expect(fitness.filter((row) => row.frameKeys.length === 2)).toHaveLength(154);
    expect(fitness.every((row) => row.level !== null && row.movementId === null)).toBe(true);
    // Each PT exercise follows its own movement model, stored with its sources written out.
    const physical = rows.filter((row) => row.collection === 'physical-therapy');
    expect(physical).toHaveLength(pt);
    expect(physical.every((row) => row.movementId === row.externalId)).toBe(true);
    expect(await rowCount(catalogueExercises)).toBe(pt);
    const [stored] = await db
      .select()
      .from(catalogueExercises)
      .where(eq(catalogueExercises.id, 'wall-squat'));
    expect(stored?.entry).toMatchObject({
      name: 'Wall squat',
      movement: { view: 'side', counted: { joint: 'kneeFlexion' } },
    });
    expect(stored?.entry.sources[0]).toMatchObject({ url: expect.stringMatching(/^https:/) });
    for (const entry of await readExerciseCatalogue()) {
      for (const image of entry.images) {
        expect(fs.existsSync(path.join(EXERCISES_DIR, image)), image).toBe(true);
      }
    }
    const stretch = rows.find((row) => row.externalId === 'Chin_To_Chest_Stretch');
    expect(stretch).toMatchObject({
      title: 'Chin To Chest Stretch',
      bodyParts: 'Neck',
      purpose: 'Stretching',
      position: 'Other',
      reps: 1,
      sets: 3,
      status: 'ready',
      thumbnailKey: null,
      frameKeys: ['images/Chin_To_Chest_Stretch/0.jpg', 'images/Chin_To_Chest_Stretch/1.jpg'],
      level: 'beginner',
    });
    expect(stretch?.description).toContain('30 seconds');
    expect(fitness.find((row) => row.purpose === 'Strength')).toMatchObject({ reps: 10, sets: 2 });
    // Outside the PT subset the body part follows the first primary muscle; a lift or a jump
    // works the whole body, so a search for "knee" no longer lists Olympic lifts.
    expect(rows.find((row) => row.externalId === 'Barbell_Squat')).toMatchObject({
      bodyParts: 'Knee and thigh',
      equipment: 'Barbell',
      frameKeys: [],
    });
    for (const lift of ['Hang Clean', 'Alternating Hang Clean', 'Knee Tuck Jump']) {
      expect(
        rows.find((row) => row.title === lift),
        lift,
      ).toMatchObject({ bodyParts: 'Full body' });
    }
  });

  const chinToChest = and(isNull(videos.clinicId), eq(videos.externalId, 'Chin_To_Chest_Stretch'));
  const chinToChestTitle = async () =>
    (await db.select({ title: videos.title }).from(videos).where(chinToChest))[0]?.title;

  it('rewrites a catalogue row whose shipped data changed, and only that one', async () => {
    await loadExerciseCatalogue(db);
    // The row as an earlier release shipped it, loaded from that release's files.
    await db.update(videos).set({ title: 'Chin To Chest (old name)' }).where(chinToChest);
    await db.update(shippedData).set({ fingerprint: 'an earlier release' });
    expect(await loadExerciseCatalogue(db)).toBe(1);
    expect(await chinToChestTitle()).toBe('Chin To Chest Stretch');
    expect(await loadExerciseCatalogue(db)).toBe(0);
  });

  it('leaves the rows alone on a start whose shipped files made the same rows last time', async () => {
    await loadExerciseCatalogue(db);
    await db.update(videos).set({ title: 'Edited by hand' }).where(chinToChest);
    expect(await loadExerciseCatalogue(db)).toBe(0);
    expect(await chinToChestTitle()).toBe('Edited by hand');
    await db.update(videos).set({ title: 'Chin To Chest Stretch' }).where(chinToChest);
  });
});

describe('demo seed', () => {
  const logs: string[] = [];

  beforeAll(async () => {
    // As on start: the catalogue is loaded before the demo clinic's library is made from it.
    await loadExerciseCatalogue(db);
    const result = await seedDemo(db, { now: NOW, log: (message) => logs.push(message) });
    expect(result.created).toBe(true);
  });

  it("fills the demo therapist's library from the PT catalogue: a shared and a private folder, two adjusted copies", async () => {
    const folders = await db.select().from(libraryFolders);
    expect(folders.map((folder) => [folder.name, folder.isShared]).sort()).toEqual([
      ['Knee replacement, weeks 1-6', true],
      ['Low back pain', false],
    ]);
    const held = await db.select().from(libraryFolderVideos);
    expect(held).toHaveLength(12);
    const copies = await db.select().from(videos).where(isNotNull(videos.clinicId));
    expect(copies.map((video) => [video.title, video.movementId]).sort()).toEqual([
      ['Pelvic tilt, knees bent', 'pelvic-tilt'],
      ['Sit to stand from a chair', 'sit-to-stand'],
    ]);
    expect(copies.every((video) => video.searchVector)).toBe(true);
  });

  it('gives every patient a program with its history and ticked days, and one change waiting', async () => {
    const items = await db.select().from(hepItems);
    const programs = new Set(items.map((item) => item.patientId));
    const everyone = await db
      .select({ id: patients.id })
      .from(patients)
      .where(eq(patients.clinicId, items[0]!.clinicId));
    expect(programs.size).toBe(everyone.length);
    // Every item's current state is the last state its history gives it.
    const events = await db.select().from(hepItemEvents).orderBy(hepItemEvents.id);
    for (const item of items) {
      const last = events.filter((event) => event.hepItemId === item.id).at(-1);
      if (item.deletedAt) {
        expect(last?.kind).toBe('removed');
      } else {
        expect(last?.after).toMatchObject({ sets: item.sets, reps: item.reps, order: item.order });
      }
    }
    const completions = await db.select().from(hepCompletions);
    expect(completions.length).toBeGreaterThan(1000);
    expect(completions.every((row) => row.setsDone >= 1)).toBe(true);
    const requests = await db.select().from(hepApprovalRequests);
    expect(requests.filter((row) => row.status === 'pending')).toHaveLength(1);
    expect(requests.filter((row) => row.status === 'approved').length).toBeGreaterThan(3);
    // The remote PT's approved programs name his request beside the approving supervisor.
    const approved = new Set(
      requests.filter((row) => row.status === 'approved').map((row) => row.id),
    );
    expect(items.some((item) => approved.has(item.approvalRequestId ?? 0))).toBe(true);
    expect(await db.select().from(hepPatientRequests)).toHaveLength(1);
  });

  it("gives each patient a program of catalogue exercises tagged for their diagnosis' condition", async () => {
    const rows = await db
      .select({
        code: patients.selectedCode,
        movementId: videos.movementId,
        conditions: sql<string[] | null>`${catalogueExercises.entry} -> 'conditions'`,
      })
      .from(hepItems)
      .innerJoin(patients, eq(patients.id, hepItems.patientId))
      .innerJoin(videos, eq(videos.id, hepItems.videoId))
      .leftJoin(catalogueExercises, eq(catalogueExercises.id, videos.movementId));
    const misfits = rows.filter((row) => {
      const condition = conditionOf(row.code ?? '');
      return condition !== null && !(row.conditions ?? []).includes(condition);
    });
    expect(misfits).toEqual([]);
    // Only the elbow and wrist diagnoses, which the catalogue has no exercises for, go without.
    const withoutModel = rows.filter((row) => row.movementId === null);
    expect([...new Set(withoutModel.map((row) => row.code))].sort()).toEqual(['G5601', 'M7711']);
  });

  it('gives the RTM patients a month of monitoring in progress, never one therapist on two at once', async () => {
    const days = await db.select().from(monitoringDays);
    const byPatient = new Map<number, number>();
    for (const row of days.filter((day) => day.day >= '2026-11-01')) {
      byPatient.set(row.patientId, (byPatient.get(row.patientId) ?? 0) + row.seconds);
    }
    const minutes = [...byPatient.values()].map((seconds) => Math.floor(seconds / 60));
    // NOW is 2 November: this month has one day before today, last month a whole one.
    expect(minutes.some((value) => value > 0)).toBe(true);
    expect(days.some((day) => day.day.startsWith('2026-10'))).toBe(true);
    const sessions = await db.select().from(monitoringSessions);
    expect(sessions.every((session) => session.endedAt && session.endedAt <= NOW)).toBe(true);
    const total = (rows: { seconds: number }[]) => rows.reduce((sum, row) => sum + row.seconds, 0);
    expect(total(days)).toBe(total(sessions));
    for (const a of sessions) {
      const overlapping = sessions.filter(
        (b) =>
          b.id !== a.id &&
          b.userId === a.userId &&
          b.startedAt < a.endedAt! &&
          a.startedAt < b.endedAt!,
      );
      expect(overlapping).toEqual([]);
    }
  });

  it('runs once: a second run finds the demo clinic and changes nothing', async () => {
    const tables = [
      clinics,
      users,
      patients,
      patientTherapists,
      healthSamples,
      healthDaily,
      interactionLogs,
      functionalDataEntries,
      hepItems,
      hepItemEvents,
      voiceCalls,
      tasks,
    ];
    const before = await Promise.all(tables.map((table) => rowCount(table)));

    const again = await seedDemo(db, {
      now: new Date(NOW.getTime() + DAY_MS),
      log: (message) => logs.push(message),
    });

    expect(again).toEqual({ created: false, patients: 0, samples: 0 });
    expect(await Promise.all(tables.map((table) => rowCount(table)))).toEqual(before);
    // Both runs say loudly that accounts with a public password exist.
    expect(logs.filter((message) => message.includes(DEMO_PASSWORD))).toHaveLength(2);
  });

  it('creates one account of each role, all with the demo password, and links the patient account', async () => {
    const clinic = await clinicByCode(DEMO_CLINIC_CODE);
    expect(clinic).toMatchObject({ name: DEMO_CLINIC_NAME, timeZone: 'America/New_York' });
    expect(clinic.initialNote).not.toBe('');
    const staff = await db.select().from(users).where(eq(users.clinicId, clinic.id));
    expect(staff.map((user) => [user.email, user.role]).sort()).toEqual(
      DEMO_ACCOUNTS.map((account) => [account.email, account.role]).sort(),
    );
    expect(new Set(staff.map((user) => user.passwordHash)).size).toBe(1);
    expect(new Set(staff.map((user) => user.approvalStatus))).toEqual(new Set(['approved']));
    expect(await verifyPassword(staff[0]?.passwordHash ?? '', DEMO_PASSWORD)).toBe(true);

    const admin = staff.find((user) => user.role === 'admin');
    expect(clinic.supportUserId).toBe(admin?.id);
    const patientUser = staff.find((user) => user.role === 'patient');
    const [linked] = await db
      .select()
      .from(patients)
      .where(eq(patients.userId, patientUser?.id ?? -1));
    expect(linked).toMatchObject({
      clinicId: clinic.id,
      firstName: patientUser?.firstName,
      email: patientUser?.email,
    });
  });

  it('gives every patient at least one therapist, always of the patient’s own clinic', async () => {
    const crossed = await db
      .select({ patientId: patientTherapists.patientId })
      .from(patientTherapists)
      .innerJoin(patients, eq(patients.id, patientTherapists.patientId))
      .innerJoin(users, eq(users.id, patientTherapists.userId))
      .where(
        sql`${users.clinicId} is distinct from ${patients.clinicId} or ${patientTherapists.clinicId} <> ${patients.clinicId}`,
      );
    expect(crossed).toEqual([]);
    const withoutTherapist = await db
      .select({ id: patients.id })
      .from(patients)
      .where(
        sql`not exists (select 1 from ${patientTherapists} where ${patientTherapists.patientId} = ${patients.id})`,
      );
    expect(withoutTherapist).toEqual([]);
  });

  it('keeps Northside separate, with its own therapist and five patients', async () => {
    const riverside = await clinicByCode(DEMO_CLINIC_CODE);
    const northside = await clinicByCode(NORTHSIDE_CLINIC_CODE);
    const perClinic = await db
      .select({ clinicId: patients.clinicId, n: count() })
      .from(patients)
      .groupBy(patients.clinicId);
    expect(perClinic).toEqual(
      expect.arrayContaining([
        { clinicId: riverside.id, n: DEMO_PATIENTS.length },
        { clinicId: northside.id, n: NORTHSIDE_PATIENTS.length },
      ]),
    );
    const [therapist] = await db
      .select()
      .from(users)
      .where(eq(users.email, NORTHSIDE_ACCOUNTS[0].email));
    expect(therapist?.clinicId).toBe(northside.id);
    const northsideSamples = await db
      .select({ n: count() })
      .from(healthSamples)
      .where(eq(healthSamples.clinicId, northside.id));
    expect(northsideSamples[0]?.n).toBeGreaterThan(0);
  });

  it('has 40-70k health samples, none in the future, each named uniquely per patient', async () => {
    const [stats] = await db
      .select({
        n: count(),
        latest: sql<string>`max(${healthSamples.recordedAt})`,
        names: sql<number>`count(distinct (${healthSamples.patientId}, ${healthSamples.sampleId}))::int`,
      })
      .from(healthSamples);
    expect(stats?.n).toBeGreaterThanOrEqual(40_000);
    expect(stats?.n).toBeLessThanOrEqual(70_000);
    expect(stats?.names).toBe(stats?.n);
    expect(new Date(stats?.latest ?? '').getTime()).toBeLessThanOrEqual(NOW.getTime());
  });

  it('rolls each day up to exactly the raw samples, days counted in the clinic’s time zone', async () => {
    for (const code of [DEMO_CLINIC_CODE, NORTHSIDE_CLINIC_CODE]) {
      const clinic = await clinicByCode(code);
      const [patient] = await db
        .select()
        .from(patients)
        .where(eq(patients.clinicId, clinic.id))
        .orderBy(patients.id)
        .limit(1);
      const samples = await db
        .select()
        .from(healthSamples)
        .where(eq(healthSamples.patientId, patient?.id ?? -1));
      const daily = await db
        .select()
        .from(healthDaily)
        .where(eq(healthDaily.patientId, patient?.id ?? -1));

      const localDate = new Intl.DateTimeFormat('en-CA', { timeZone: clinic.timeZone });
      const expected = new Map<
        string,
        {
          count: number;
          sum: number;
          min: number;
          max: number;
          secondarySum: number | null;
          last: (typeof samples)[number];
        }
      >();
      for (const sample of samples) {
        const key = `${sample.metric} ${localDate.format(sample.recordedAt)}`;
        const day = expected.get(key);
        if (!day) {
          expected.set(key, {
            count: 1,
            sum: sample.value,
            min: sample.value,
            max: sample.value,
            secondarySum: sample.secondaryValue,
            last: sample,
          });
          continue;
        }
        day.count += 1;
        day.sum += sample.value;
        day.min = Math.min(day.min, sample.value);
        day.max = Math.max(day.max, sample.value);
        day.secondarySum =
          sample.secondaryValue === null
            ? day.secondarySum
            : (day.secondarySum ?? 0) + sample.secondaryValue;
        day.last = sample.recordedAt >= day.last.recordedAt ? sample : day.last;
      }

      expect(daily).toHaveLength(expected.size);
      for (const row of daily) {
        const want = expected.get(`${row.metric} ${row.day}`);
        expect(want, `${row.metric} ${row.day}`).toBeDefined();
        expect(row).toMatchObject({
          clinicId: clinic.id,
          count: want?.count,
          min: want?.min,
          max: want?.max,
          lastValue: want?.last.value,
        });
        expect(row.sum).toBeCloseTo(want?.sum ?? NaN, 6);
        expect(row.secondarySum ?? 0).toBeCloseTo(want?.secondarySum ?? 0, 6);
        expect(row.lastRecordedAt).toEqual(want?.last.recordedAt);
      }
    }
  });

  it('stores patient fields exactly as the contract would accept them from a form', async () => {
    for (const patient of await db.select().from(patients)) {
      const name = `${patient.firstName} ${patient.lastName}`;
      expect(PhoneSchema.parse(patient.phone), name).toBe(patient.phone);
      expect(EmailSchema.parse(patient.email), name).toBe(patient.email);
      expect(GenderSchema.safeParse(patient.gender).success, name).toBe(true);
      expect(BirthdaySchema.safeParse(patient.birthday).success, name).toBe(true);
      expect(Icd10CodeSchema.parse(patient.selectedCode), name).toBe(patient.selectedCode);
      expect(patient, name).toMatchObject(personNameColumns(patient.firstName, patient.lastName));
    }
  });

  it('gives every patient a real billable ICD-10-CM code with its official description', async () => {
    await loadIcd10Codes(db);
    const matched = await db
      .select({ n: count() })
      .from(patients)
      .innerJoin(
        icd10Codes,
        and(
          eq(icd10Codes.code, patients.selectedCode),
          eq(icd10Codes.description, patients.diagnosis),
        ),
      )
      .where(eq(icd10Codes.billable, true));
    expect(matched[0]?.n).toBe(DEMO_PATIENTS.length + NORTHSIDE_PATIENTS.length);
  });

  it('has discharged patients and active ones gone quiet, for the banners and filters', async () => {
    const clinic = await clinicByCode(DEMO_CLINIC_CODE);
    const discharged = await db
      .select({ n: count() })
      .from(patients)
      .where(and(eq(patients.clinicId, clinic.id), eq(patients.status, 'discharged')));
    expect(discharged[0]?.n).toBe(4);
    const threeDaysAgo = new Date(NOW.getTime() - 3 * DAY_MS);
    const quiet = await db
      .select({ id: patients.id })
      .from(patients)
      .where(
        and(
          eq(patients.clinicId, clinic.id),
          ne(patients.status, 'discharged'),
          lt(patients.lastActivityAt, threeDaysAgo),
        ),
      );
    expect(quiet.length).toBeGreaterThanOrEqual(3);
    const recent = await db
      .select({ id: patients.id })
      .from(patients)
      .where(and(eq(patients.clinicId, clinic.id), gt(patients.lastActivityAt, threeDaysAgo)));
    expect(recent.length).toBeGreaterThan(30);
  });
});

describe('demo calls and tasks', () => {
  it('gives the demo therapist two answered calls, each logged once with its duration, and one unanswered', async () => {
    const clinic = await clinicByCode(DEMO_CLINIC_CODE);
    const calls = await db.select().from(voiceCalls).where(eq(voiceCalls.clinicId, clinic.id));
    expect(calls.map((call) => call.outcome).sort()).toEqual(['CALL_NOK', 'CALL_OK', 'CALL_OK']);
    for (const call of calls.filter((row) => row.outcome === 'CALL_OK')) {
      const logs = await db
        .select()
        .from(interactionLogs)
        .where(eq(interactionLogs.voiceCallId, call.id));
      expect(logs).toHaveLength(1);
      expect(logs[0]?.callDurationSeconds).toBe(call.durationSeconds);
      expect(logs[0]?.patientId).toBe(call.patientId);
    }
    expect(calls.every((call) => call.createdAt < NOW)).toBe(true);
  });

  it('makes the tasks the demo data calls for, each about an active, RTM-covered patient', async () => {
    const clinic = await clinicByCode(DEMO_CLINIC_CODE);
    const made = await db
      .select({ kind: tasks.kind, status: patients.status, covered: patients.isRtmCovered })
      .from(tasks)
      .innerJoin(patients, eq(patients.id, tasks.patientId))
      .where(eq(tasks.clinicId, clinic.id));
    expect(made.map((task) => task.kind)).toContain('no_data');
    expect(made.every((task) => task.status === 'active' && task.covered)).toBe(true);
  });
});

describe('demo conversations', () => {
  it('has Maria’s question waiting unread for Dana, an outdated reminder and a support thread', async () => {
    const clinic = await clinicByCode(DEMO_CLINIC_CODE);
    const sessions = await db
      .select()
      .from(chatSessions)
      .where(eq(chatSessions.clinicId, clinic.id))
      .orderBy(chatSessions.id);
    expect(sessions.map((session) => session.kind)).toEqual(['patient', 'patient', 'support']);
    const [maria, jose, support] = sessions;
    const dana = DEMO_ACCOUNTS.find((account) => account.role === 'therapist');
    const [therapist] = await db
      .select()
      .from(users)
      .where(eq(users.email, dana?.email ?? ''));
    const [danaRead] = await db
      .select()
      .from(chatReads)
      .where(
        and(eq(chatReads.sessionId, maria?.id ?? 0), eq(chatReads.userId, therapist?.id ?? 0)),
      );
    // Maria's last message is after Dana's read mark: one unread.
    expect(danaRead?.lastReadMessageId).toBeLessThan(maria?.lastMessageId ?? 0);
    expect(NOW.getTime() - (jose?.lastActivityAt.getTime() ?? NOW.getTime())).toBeGreaterThan(
      7 * DAY_MS,
    );
    const supportLines = await db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, support?.id ?? 0))
      .orderBy(chatMessages.id);
    expect(supportLines[0]?.message).toBe(clinic.initialNote);
    expect(supportLines[0]?.senderUserId).toBe(clinic.supportUserId);
    const all = await db.select().from(chatMessages).where(eq(chatMessages.clinicId, clinic.id));
    expect(all.every((message) => message.createdAt < NOW)).toBe(true);
  });

  it('quotes the pain figures Maria’s record holds (issue 30, item 5)', async () => {
    const clinic = await clinicByCode(DEMO_CLINIC_CODE);
    const [maria] = await db
      .select()
      .from(chatSessions)
      .where(and(eq(chatSessions.clinicId, clinic.id), eq(chatSessions.kind, 'patient')))
      .orderBy(chatSessions.id)
      .limit(1);
    const lines = await db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, maria?.id ?? 0))
      .orderBy(chatMessages.id);
    const pain = await db
      .select()
      .from(healthSamples)
      .where(
        and(eq(healthSamples.patientId, maria?.patientId ?? 0), eq(healthSamples.metric, 'pain')),
      )
      .orderBy(healthSamples.recordedAt);
    const before = (at: Date) => pain.filter((report) => report.recordedAt <= at).at(-1)?.value;
    const quoted = lines.find((line) => line.message.includes('pain report'));
    expect(quoted).toBeDefined();
    const figures = /pain report was (\d+)(?:, (?:down|up) from (\d+))?/.exec(
      quoted?.message ?? '',
    );
    expect(Number(figures?.[1])).toBe(before(quoted?.createdAt ?? NOW));
    if (figures?.[2] !== undefined) {
      expect(Number(figures[2])).toBe(before(lines[0]?.createdAt ?? NOW));
    }
    expect(lines.some((line) => /knee was|step-ups/.test(line.message))).toBe(false);
  });
});
