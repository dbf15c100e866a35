/**
 * The program templates' queries (issue 32 item 6). Every function takes the caller's clinic: a
 * template is read when it is the clinic's or shipped (no clinic), and written only when it is
 * the clinic's, so another clinic's template is never found.
 */
import type { Condition, Phase } from '@homestretch/contract/library/catalogue-entry';
import type { TemplateSource } from '@homestretch/contract/templates/template';
import { type SQL, and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { programTemplateItems, programTemplates, users, videos } from '../../db/schema';
import type { ClinicScope } from '../../platform/context';
import { onlyRow } from '../../platform/db-errors';
import { type HepVideoRow, hepVideoColumns } from '../hep/hep.api';

export interface TemplateRow {
  id: number;
  clinicId: number | null;
  authorUserId: number | null;
  authorFirstName: string | null;
  authorLastName: string | null;
  name: string;
  condition: Condition;
  phase: Phase;
  notes: string;
  createdAt: Date;
  updatedAt: Date;
}

export type TemplateSummaryRow = TemplateRow & { exercises: string[] };

export type TemplateItemRow = HepVideoRow & {
  position: number;
  sets: number;
  reps: number;
  holdSeconds: number | null;
};

export interface TemplateFilters {
  condition?: Condition;
  phase?: Phase;
  source?: TemplateSource;
}

export interface TemplateFields {
  name: string;
  condition: Condition;
  phase: Phase;
  notes: string;
}

export interface TemplateItemValues {
  videoId: number;
  sets: number;
  reps: number;
  holdSeconds: number | null;
}

const templateColumns = {
  id: programTemplates.id,
  clinicId: programTemplates.clinicId,
  authorUserId: programTemplates.authorUserId,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  name: programTemplates.name,
  condition: programTemplates.condition,
  phase: programTemplates.phase,
  notes: programTemplates.notes,
  createdAt: programTemplates.createdAt,
  updatedAt: programTemplates.updatedAt,
};

/** The clinic's own templates and the shipped ones. */
const seenBy = (scope: ClinicScope): SQL =>
  or(eq(programTemplates.clinicId, scope.clinicId), isNull(programTemplates.clinicId))!;

/** The templates the clinic sees, each with its exercises' titles in order. */
export async function listTemplates(
  db: Db,
  scope: ClinicScope,
  filters: TemplateFilters,
): Promise<TemplateSummaryRow[]> {
  const conditions: SQL[] = [seenBy(scope)];
  if (filters.condition !== undefined) {
    conditions.push(eq(programTemplates.condition, filters.condition));
  }
  if (filters.phase !== undefined) {
    conditions.push(eq(programTemplates.phase, filters.phase));
  }
  if (filters.source !== undefined) {
    conditions.push(
      filters.source === 'shipped'
        ? isNull(programTemplates.clinicId)
        : eq(programTemplates.clinicId, scope.clinicId),
    );
  }
  return db
    .select({
      ...templateColumns,
      exercises: sql<
        string[]
      >`coalesce((select array_agg(${videos.title} order by ${programTemplateItems.position}) from ${programTemplateItems} join ${videos} on ${videos.id} = ${programTemplateItems.videoId} where ${programTemplateItems.templateId} = ${programTemplates.id}), '{}')`,
    })
    .from(programTemplates)
    .leftJoin(users, eq(users.id, programTemplates.authorUserId))
    .where(and(...conditions));
}

/** One template the clinic sees, or null (another clinic's is not found). */
export async function findTemplate(
  db: Db,
  scope: ClinicScope,
  id: number,
): Promise<TemplateRow | null> {
  const [row] = await db
    .select(templateColumns)
    .from(programTemplates)
    .leftJoin(users, eq(users.id, programTemplates.authorUserId))
    .where(and(eq(programTemplates.id, id), seenBy(scope)));
  return row ?? null;
}

/** A template's exercises with their videos, in order. */
export async function findTemplateItems(
  db: Db,
  scope: ClinicScope,
  templateId: number,
): Promise<TemplateItemRow[]> {
  return db
    .select({
      ...hepVideoColumns,
      position: programTemplateItems.position,
      sets: programTemplateItems.sets,
      reps: programTemplateItems.reps,
      holdSeconds: programTemplateItems.holdSeconds,
    })
    .from(programTemplateItems)
    .innerJoin(programTemplates, eq(programTemplates.id, programTemplateItems.templateId))
    .innerJoin(videos, eq(videos.id, programTemplateItems.videoId))
    .where(and(eq(programTemplateItems.templateId, templateId), seenBy(scope)))
    .orderBy(asc(programTemplateItems.position));
}

export async function insertTemplate(
  db: Db,
  scope: ClinicScope,
  authorUserId: number,
  fields: TemplateFields,
): Promise<number> {
  const rows = await db
    .insert(programTemplates)
    .values({ clinicId: scope.clinicId, authorUserId, ...fields })
    .returning({ id: programTemplates.id });
  return onlyRow(rows, 'insert programTemplates').id;
}

/** Rewrites a clinic template's fields; false when the clinic has no such template. */
export async function updateTemplate(
  db: Db,
  scope: ClinicScope,
  id: number,
  fields: TemplateFields,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(programTemplates)
    .set({ ...fields, updatedAt: now })
    .where(and(eq(programTemplates.id, id), eq(programTemplates.clinicId, scope.clinicId)))
    .returning({ id: programTemplates.id });
  return rows.length > 0;
}

/** A clinic template's exercises, replaced by these in this order. */
export async function replaceTemplateItems(
  db: Db,
  scope: ClinicScope,
  templateId: number,
  items: readonly TemplateItemValues[],
): Promise<void> {
  const owned = sql`exists (select 1 from ${programTemplates} where ${programTemplates.id} = ${templateId} and ${programTemplates.clinicId} = ${scope.clinicId})`;
  await db
    .delete(programTemplateItems)
    .where(and(eq(programTemplateItems.templateId, templateId), owned));
  if (items.length === 0) {
    return;
  }
  await db.execute(sql`
    insert into ${programTemplateItems} (template_id, position, video_id, sets, reps, hold_seconds)
    select ${templateId}, item.position, item.video_id, item.sets, item.reps, item.hold_seconds
    from jsonb_to_recordset(${JSON.stringify(
      items.map((item, index) => ({
        position: index + 1,
        video_id: item.videoId,
        sets: item.sets,
        reps: item.reps,
        hold_seconds: item.holdSeconds,
      })),
    )}::jsonb) as item(position int, video_id int, sets int, reps int, hold_seconds int)
    where ${owned}
  `);
}

/** Deletes a clinic template (its items go with it); false when the clinic has no such one. */
export async function deleteTemplate(db: Db, scope: ClinicScope, id: number): Promise<boolean> {
  const rows = await db
    .delete(programTemplates)
    .where(and(eq(programTemplates.id, id), eq(programTemplates.clinicId, scope.clinicId)))
    .returning({ id: programTemplates.id });
  return rows.length > 0;
}
