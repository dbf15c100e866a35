import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TemplateList } from '@homestretch/contract/templates/list-templates';
import type { ProgramTemplate } from '@homestretch/contract/templates/template';
import { auditLog, videos } from '../../db/schema';
import { call, clinicWithStaff, testAppForFile, unique } from '../../test/harness';
import { loadExerciseCatalogue } from '../library/library.api';
import { loadShippedTemplates } from './templates.api';
import { SHIPPED_TEMPLATES } from './shipped-templates';

/**
 * Program templates through the API (issue 32 item 6): the shipped ones every clinic reads and
 * copies, a clinic's own written, changed and deleted by its author or the administrator, and
 * another clinic's never found.
 */
const t = testAppForFile();

beforeAll(async () => {
  await loadExerciseCatalogue(t.db);
  await loadShippedTemplates(t.db);
  // A second start changes nothing and duplicates nothing.
  await loadShippedTemplates(t.db);
}, 120_000);

type Clinic = Awaited<ReturnType<typeof clinicWithStaff>>;

async function catalogueVideo(exerciseId: string): Promise<number> {
  const [row] = await t.db
    .select({ id: videos.id })
    .from(videos)
    .where(eq(videos.externalId, exerciseId));
  return row!.id;
}

async function clinicFilm(clinic: Clinic, values: Partial<typeof videos.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(videos)
    .values({
      clinicId: clinic.clinic.id,
      ownerUserId: clinic.staff.therapist.user.id,
      title: unique('Our step-down'),
      storageKey: 'films/step.mp4',
      ...values,
    })
    .returning();
  return row!;
}

const list = async (cookie: string, query = '') =>
  (
    await call(t, { method: 'GET', url: `/api/v1/program-templates${query}`, cookie })
  ).json() as TemplateList;

async function shippedId(cookie: string, condition: string, phase: string): Promise<number> {
  const found = await list(cookie, `?condition=${condition}&phase=${phase}&source=shipped`);
  expect(found.count).toBe(1);
  return found.results[0]!.id;
}

describe('shipped templates', () => {
  it('are every clinic’s: one per condition and phase, read with their exercises and doses', async () => {
    const { staff } = await clinicWithStaff(t);
    const all = await list(staff.therapist.cookie, '?source=shipped');
    expect(all.count).toBe(SHIPPED_TEMPLATES.length);
    expect(all.results[0]).toMatchObject({
      name: 'Knee osteoarthritis, early phase',
      source: 'shipped',
      can_edit: false,
      author: null,
    });

    const id = await shippedId(staff.supervisor.cookie, 'knee-replacement', 'early');
    const read = await call(t, {
      method: 'GET',
      url: `/api/v1/program-templates/${id}`,
      cookie: staff.supervisor.cookie,
    });
    expect(read.statusCode).toBe(200);
    const template = read.json() as ProgramTemplate;
    expect(template.notes).toMatch(/heel slide/);
    expect(template.items.map((item) => item.video.movement_id)).toEqual([
      'ankle-pumps',
      'quad-set',
      'heel-slide',
      'heel-prop',
      'straight-leg-raise',
      'short-arc-quad',
    ]);
    // The catalogue's dose, and the figure's model with each video.
    expect(template.items[0]).toMatchObject({ order: 1, video: { source: 'catalogue' } });
    expect(template.items.every((item) => item.video.movement !== null)).toBe(true);
  });

  it('are read-only: a change or a delete is refused saying to copy it, the administrator too', async () => {
    const { staff } = await clinicWithStaff(t);
    const id = await shippedId(staff.admin.cookie, 'neck-pain', 'early');
    const put = await call(t, {
      method: 'PUT',
      url: `/api/v1/program-templates/${id}`,
      cookie: staff.admin.cookie,
      payload: {
        name: 'Mine now',
        condition: 'neck-pain',
        phase: 'early',
        items: [{ video_id: await catalogueVideo('chin-tuck'), sets: 1, reps: 1 }],
      },
    });
    expect(put.statusCode).toBe(403);
    expect(put.json()).toMatchObject({ error: { message: /Copy this template/ } });
    const del = await call(t, {
      method: 'DELETE',
      url: `/api/v1/program-templates/${id}`,
      cookie: staff.admin.cookie,
    });
    expect(del.statusCode).toBe(403);
  });

  it('are copied into the clinic under their name, the copy theirs to change', async () => {
    const { staff } = await clinicWithStaff(t);
    const id = await shippedId(staff.therapist.cookie, 'ankle-sprain', 'middle');
    const copy = await call(t, {
      method: 'POST',
      url: `/api/v1/program-templates/${id}/copy`,
      cookie: staff.therapist.cookie,
    });
    expect(copy.statusCode).toBe(201);
    const copied = copy.json() as ProgramTemplate;
    const shipped = (
      await call(t, {
        method: 'GET',
        url: `/api/v1/program-templates/${id}`,
        cookie: staff.therapist.cookie,
      })
    ).json() as ProgramTemplate;
    expect(copied).toMatchObject({
      name: shipped.name,
      source: 'clinic',
      can_edit: true,
      author: { id: staff.therapist.user.id },
    });
    expect(
      copied.items.map(({ video_id, sets, reps, hold_seconds }) => ({
        video_id,
        sets,
        reps,
        hold_seconds,
      })),
    ).toEqual(
      shipped.items.map(({ video_id, sets, reps, hold_seconds }) => ({
        video_id,
        sets,
        reps,
        hold_seconds,
      })),
    );
    // The clinic's version is listed before the shipped one.
    const both = await list(staff.therapist.cookie, '?condition=ankle-sprain&phase=middle');
    expect(both.results.map((row) => row.source)).toEqual(['clinic', 'shipped']);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'template.copy'), eq(auditLog.targetId, String(copied.id))));
    expect(audit).toMatchObject({ actorUserId: staff.therapist.user.id, details: { from: id } });
  });
});

describe('a clinic’s own templates', () => {
  it('are written by a therapist from clinic films and catalogue exercises, changed and deleted', async () => {
    const clinic = await clinicWithStaff(t);
    const { staff } = clinic;
    const film = await clinicFilm(clinic);
    const wallSquat = await catalogueVideo('wall-squat');
    const created = await call(t, {
      method: 'POST',
      url: '/api/v1/program-templates',
      cookie: staff.therapist.cookie,
      payload: {
        name: '  TKA week 6 ',
        condition: 'knee-replacement',
        phase: 'middle',
        notes: 'Our protocol after week 6.',
        items: [
          { video_id: film.id, sets: 3, reps: 10 },
          { video_id: wallSquat, sets: 2, reps: 5, hold_seconds: 20 },
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    const template = created.json() as ProgramTemplate;
    expect(template).toMatchObject({
      name: 'TKA week 6',
      source: 'clinic',
      can_edit: true,
      items: [
        {
          video_id: film.id,
          sets: 3,
          reps: 10,
          hold_seconds: null,
          order: 1,
          video: { source: 'clinic' },
        },
        { video_id: wallSquat, sets: 2, reps: 5, hold_seconds: 20, order: 2 },
      ],
    });

    // The colleague reads it, may not change it; the administrator may.
    const colleagueView = (
      await call(t, {
        method: 'GET',
        url: `/api/v1/program-templates/${template.id}`,
        cookie: staff.remote_therapist.cookie,
      })
    ).json() as ProgramTemplate;
    expect(colleagueView.can_edit).toBe(false);
    const body = {
      name: 'TKA week 6',
      condition: 'knee-replacement',
      phase: 'middle',
      items: [
        { video_id: wallSquat, sets: 3, reps: 8, hold_seconds: 10 },
        { video_id: film.id, sets: 3, reps: 12 },
      ],
    };
    const refused = await call(t, {
      method: 'PUT',
      url: `/api/v1/program-templates/${template.id}`,
      cookie: staff.remote_therapist.cookie,
      payload: body,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { message: /wrote this template/ } });

    const changed = await call(t, {
      method: 'PUT',
      url: `/api/v1/program-templates/${template.id}`,
      cookie: staff.admin.cookie,
      payload: body,
    });
    expect(changed.statusCode).toBe(200);
    expect(
      (changed.json() as ProgramTemplate).items.map((item) => [item.video_id, item.reps]),
    ).toEqual([
      [wallSquat, 8],
      [film.id, 12],
    ]);
    expect((changed.json() as ProgramTemplate).notes).toBe('');

    const mine = await list(staff.therapist.cookie, '?source=clinic');
    expect(mine.results.map((row) => [row.name, row.exercises.length])).toEqual([
      ['TKA week 6', 2],
    ]);

    const deleted = await call(t, {
      method: 'DELETE',
      url: `/api/v1/program-templates/${template.id}`,
      cookie: staff.therapist.cookie,
    });
    expect(deleted.statusCode).toBe(200);
    expect(
      (
        await call(t, {
          method: 'GET',
          url: `/api/v1/program-templates/${template.id}`,
          cookie: staff.therapist.cookie,
        })
      ).statusCode,
    ).toBe(404);
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, String(template.id)));
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining(['template.create', 'template.update', 'template.delete']),
    );
  });

  it('refuse bad input with the field named, and a video the clinic does not have', async () => {
    const clinic = await clinicWithStaff(t);
    const other = await clinicWithStaff(t);
    const cookie = clinic.staff.therapist.cookie;
    const chinTuck = await catalogueVideo('chin-tuck');
    const bad = await call(t, {
      method: 'POST',
      url: '/api/v1/program-templates',
      cookie,
      payload: { name: '', condition: 'tennis-elbow', phase: 'early', items: [] },
    });
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json() as { error: { fields: Record<string, string> } }).error.fields;
    expect(Object.keys(fields).sort()).toEqual(['condition', 'items', 'name']);

    const repeated = await call(t, {
      method: 'POST',
      url: '/api/v1/program-templates',
      cookie,
      payload: {
        name: 'Neck',
        condition: 'neck-pain',
        phase: 'early',
        items: [
          { video_id: chinTuck, sets: 1, reps: 1 },
          { video_id: chinTuck, sets: 2, reps: 1 },
        ],
      },
    });
    expect(repeated.statusCode).toBe(400);

    const theirFilm = await clinicFilm(other);
    const foreign = await call(t, {
      method: 'POST',
      url: '/api/v1/program-templates',
      cookie,
      payload: {
        name: 'Neck',
        condition: 'neck-pain',
        phase: 'early',
        items: [{ video_id: theirFilm.id, sets: 1, reps: 1 }],
      },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({
      error: { message: `Video ${theirFilm.id} is not in your clinic's library` },
    });
  });

  it('are another clinic’s secret: not listed, not found, not copied, not changed', async () => {
    const clinic = await clinicWithStaff(t);
    const other = await clinicWithStaff(t);
    const made = await call(t, {
      method: 'POST',
      url: '/api/v1/program-templates',
      cookie: other.staff.admin.cookie,
      payload: {
        name: unique('Their protocol'),
        condition: 'posture',
        phase: 'late',
        items: [{ video_id: await catalogueVideo('band-row'), sets: 2, reps: 12 }],
      },
    });
    const theirs = made.json() as ProgramTemplate;
    const cookie = clinic.staff.admin.cookie;
    expect((await list(cookie, '?source=clinic')).count).toBe(0);
    for (const [method, url] of [
      ['GET', `/api/v1/program-templates/${theirs.id}`],
      ['POST', `/api/v1/program-templates/${theirs.id}/copy`],
      ['DELETE', `/api/v1/program-templates/${theirs.id}`],
    ] as const) {
      expect((await call(t, { method, url, cookie })).statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('are not the front desk’s: an office manager reads none and writes none', async () => {
    const { staff } = await clinicWithStaff(t);
    expect(
      (
        await call(t, {
          method: 'GET',
          url: '/api/v1/program-templates',
          cookie: staff.manager.cookie,
        })
      ).statusCode,
    ).toBe(403);
    const copy = await call(t, {
      method: 'POST',
      url: `/api/v1/program-templates/${await shippedId(staff.supervisor.cookie, 'posture', 'early')}/copy`,
      cookie: staff.supervisor.cookie,
    });
    // Supervisors read templates to judge programs; they do not write them.
    expect(copy.statusCode).toBe(403);
  });
});
