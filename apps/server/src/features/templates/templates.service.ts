/**
 * Program templates (issue 32 item 6): the clinic's own condition templates beside the shipped
 * ones, each a named list of exercises with doses for one condition and phase. A shipped one is
 * copied to be changed; a clinic one is changed by its author or the administrator
 * (template-rules.ts). Every change writes its audit row in its transaction.
 */
import type {
  TemplateList,
  TemplateListQuery,
} from '@homestretch/contract/templates/list-templates';
import type {
  ProgramTemplate,
  TemplateBodySchema,
  TemplateSummary,
} from '@homestretch/contract/templates/template';
import type { z } from 'zod';
import { writeAudit } from '../../platform/audit';
import { type AuthedCtx, type ClinicScope, clinicScope } from '../../platform/context';
import { forbidden, notFound } from '../../platform/errors';
import { checkEntryVideos, toHepVideo } from '../hep/hep.api';
import {
  TEMPLATE_REFUSAL_MESSAGES,
  compareTemplates,
  copyName,
  templateChangeRefusal,
} from './template-rules';
import {
  type TemplateItemValues,
  type TemplateRow,
  deleteTemplate as deleteTemplateRow,
  findTemplate,
  findTemplateItems,
  insertTemplate,
  listTemplates as listTemplateRows,
  replaceTemplateItems,
  updateTemplate as updateTemplateRow,
} from './templates.repo';

type TemplateBody = z.output<typeof TemplateBodySchema>;

function baseOf(ctx: AuthedCtx, row: TemplateRow) {
  return {
    id: row.id,
    name: row.name,
    condition: row.condition,
    phase: row.phase,
    notes: row.notes,
    source: row.clinicId === null ? ('shipped' as const) : ('clinic' as const),
    can_edit: templateChangeRefusal(ctx.caller.user, row) === null,
    author:
      row.authorUserId === null
        ? null
        : {
            id: row.authorUserId,
            first_name: row.authorFirstName ?? '',
            last_name: row.authorLastName ?? '',
          },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The templates the caller's clinic sees, filtered by condition, phase and source. */
export async function listTemplates(
  ctx: AuthedCtx,
  query: TemplateListQuery,
): Promise<TemplateList> {
  const rows = await listTemplateRows(ctx.db, clinicScope(ctx), query);
  const results: TemplateSummary[] = rows
    .sort(compareTemplates)
    .map((row) => ({ ...baseOf(ctx, row), exercises: row.exercises }));
  return { results, count: results.length };
}

async function visibleTemplate(ctx: AuthedCtx, scope: ClinicScope, id: number) {
  const row = await findTemplate(ctx.db, scope, id);
  if (!row) {
    throw notFound('Template');
  }
  return row;
}

async function readTemplate(
  ctx: AuthedCtx,
  scope: ClinicScope,
  row: TemplateRow,
): Promise<ProgramTemplate> {
  const items = await findTemplateItems(ctx.db, scope, row.id);
  return {
    ...baseOf(ctx, row),
    items: items.map((item, index) => ({
      video_id: item.videoId,
      video: toHepVideo(item),
      sets: item.sets,
      reps: item.reps,
      hold_seconds: item.holdSeconds,
      order: index + 1,
    })),
  };
}

/** One template the clinic sees, with its exercises. */
export async function getTemplate(ctx: AuthedCtx, id: number): Promise<ProgramTemplate> {
  const scope = clinicScope(ctx);
  return readTemplate(ctx, scope, await visibleTemplate(ctx, scope, id));
}

/** A clinic template the caller may change: 404 when not seen, 403 saying why when not theirs. */
async function changeableTemplate(ctx: AuthedCtx, scope: ClinicScope, id: number) {
  const row = await visibleTemplate(ctx, scope, id);
  const refusal = templateChangeRefusal(ctx.caller.user, row);
  if (refusal !== null) {
    throw forbidden(TEMPLATE_REFUSAL_MESSAGES[refusal]);
  }
  return row;
}

function itemValues(body: TemplateBody): TemplateItemValues[] {
  return body.items.map((item) => ({
    videoId: item.video_id,
    sets: item.sets,
    reps: item.reps,
    holdSeconds: item.hold_seconds ?? null,
  }));
}

function fieldsOf(body: TemplateBody) {
  return { name: body.name, condition: body.condition, phase: body.phase, notes: body.notes };
}

function auditEntry(ctx: AuthedCtx, scope: ClinicScope, action: string, id: number) {
  return {
    action,
    clinicId: scope.clinicId,
    actorUserId: ctx.caller.user.id,
    targetType: 'program_template',
    targetId: id,
  };
}

/**
 * A new clinic template. Its videos follow a program's rules (the clinic's, not archived, or the
 * catalogue's, and ready to play), since a template fills a program.
 */
export async function createTemplate(ctx: AuthedCtx, body: TemplateBody): Promise<ProgramTemplate> {
  const scope = clinicScope(ctx);
  await checkEntryVideos(ctx, scope, body.items);
  const id = await ctx.db.transaction(async (tx) => {
    const created = await insertTemplate(tx, scope, ctx.caller.user.id, fieldsOf(body));
    await replaceTemplateItems(tx, scope, created, itemValues(body));
    await writeAudit(tx, ctx.meta, auditEntry(ctx, scope, 'template.create', created));
    return created;
  });
  return getTemplate(ctx, id);
}

/**
 * Replaces a clinic template with the one sent. A video archived since it was put in the
 * template may stay; a newly added one may not be archived.
 */
export async function updateTemplate(
  ctx: AuthedCtx,
  id: number,
  body: TemplateBody,
): Promise<ProgramTemplate> {
  const scope = clinicScope(ctx);
  await changeableTemplate(ctx, scope, id);
  const held = new Set((await findTemplateItems(ctx.db, scope, id)).map((item) => item.videoId));
  await checkEntryVideos(ctx, scope, body.items, held);
  await ctx.db.transaction(async (tx) => {
    if (!(await updateTemplateRow(tx, scope, id, fieldsOf(body), ctx.clock.now()))) {
      throw notFound('Template');
    }
    await replaceTemplateItems(tx, scope, id, itemValues(body));
    await writeAudit(tx, ctx.meta, auditEntry(ctx, scope, 'template.update', id));
  });
  return getTemplate(ctx, id);
}

/** Deletes a clinic template; programs filled from it keep their exercises. */
export async function deleteTemplate(ctx: AuthedCtx, id: number): Promise<void> {
  const scope = clinicScope(ctx);
  await changeableTemplate(ctx, scope, id);
  await ctx.db.transaction(async (tx) => {
    if (!(await deleteTemplateRow(tx, scope, id))) {
      throw notFound('Template');
    }
    await writeAudit(tx, ctx.meta, auditEntry(ctx, scope, 'template.delete', id));
  });
}

/**
 * A clinic copy of a template the caller sees, the caller's to change: the way a shipped template
 * becomes the clinic's own. Its exercises are copied as they are (an archived one included: the
 * author decides on it when editing).
 */
export async function copyTemplate(ctx: AuthedCtx, id: number): Promise<ProgramTemplate> {
  const scope = clinicScope(ctx);
  const source = await visibleTemplate(ctx, scope, id);
  const items = await findTemplateItems(ctx.db, scope, id);
  const copied = await ctx.db.transaction(async (tx) => {
    const created = await insertTemplate(tx, scope, ctx.caller.user.id, {
      name: copyName(source),
      condition: source.condition,
      phase: source.phase,
      notes: source.notes,
    });
    await replaceTemplateItems(
      tx,
      scope,
      created,
      items.map((item) => ({
        videoId: item.videoId,
        sets: item.sets,
        reps: item.reps,
        holdSeconds: item.holdSeconds,
      })),
    );
    await writeAudit(tx, ctx.meta, {
      ...auditEntry(ctx, scope, 'template.copy', created),
      details: { from: id },
    });
    return created;
  });
  return getTemplate(ctx, copied);
}
