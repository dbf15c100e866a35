/**
 * Brings the shipped templates in line with shipped-templates.ts on every start, after the
 * catalogue (each exercise is its catalogue video): one row per condition and phase, its
 * exercises rewritten with the catalogue's doses, and a template no longer shipped removed.
 * Clinics' copies are their own rows and are never touched.
 */
import { and, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { programTemplateItems, programTemplates, videos } from '../../db/schema';
import { lockSeedStep } from '../../platform/seed-lock';
import { PT_CATALOGUE, programDoseOf } from '../library/library.api';
import { SHIPPED_TEMPLATES } from './shipped-templates';
import { shippedKey, shippedName, shippedTemplateProblems } from './template-rules';

/** Writes the shipped templates; returns how many there are. */
export async function loadShippedTemplates(db: Db): Promise<number> {
  const catalogue = new Map(PT_CATALOGUE.map((entry) => [entry.id, entry]));
  const problems = SHIPPED_TEMPLATES.flatMap((template) =>
    shippedTemplateProblems(template, catalogue),
  );
  if (problems.length > 0) {
    throw new Error(`The shipped templates do not fit the catalogue:\n${problems.join('\n')}`);
  }
  const ids = [...new Set(SHIPPED_TEMPLATES.flatMap((template) => template.exercises))];
  return db.transaction(async (tx) => {
    await lockSeedStep(tx, 'program-templates');
    const videoRows = await tx
      .select({ id: videos.id, externalId: videos.externalId })
      .from(videos)
      .where(and(isNull(videos.clinicId), inArray(videos.externalId, ids)));
    const videoOf = new Map(videoRows.map((row) => [row.externalId, row.id]));
    const missing = ids.filter((id) => !videoOf.has(id));
    if (missing.length > 0) {
      throw new Error(`Catalogue videos missing for shipped templates: ${missing.join(', ')}`);
    }
    const keys = SHIPPED_TEMPLATES.map(shippedKey);
    await tx
      .delete(programTemplates)
      .where(and(isNull(programTemplates.clinicId), notInArray(programTemplates.shippedKey, keys)));
    const written = await tx
      .insert(programTemplates)
      .values(
        SHIPPED_TEMPLATES.map((template) => ({
          clinicId: null,
          shippedKey: shippedKey(template),
          name: shippedName(template.condition, template.phase),
          condition: template.condition,
          phase: template.phase,
          notes: template.why,
        })),
      )
      .onConflictDoUpdate({
        target: programTemplates.shippedKey,
        targetWhere: sql`${programTemplates.clinicId} is null`,
        set: {
          name: sql`excluded.name`,
          condition: sql`excluded.condition`,
          phase: sql`excluded.phase`,
          notes: sql`excluded.notes`,
        },
      })
      .returning({ id: programTemplates.id, shippedKey: programTemplates.shippedKey });
    const templateOf = new Map(written.map((row) => [row.shippedKey, row.id]));
    await tx.delete(programTemplateItems).where(
      inArray(
        programTemplateItems.templateId,
        written.map((row) => row.id),
      ),
    );
    await tx.insert(programTemplateItems).values(
      SHIPPED_TEMPLATES.flatMap((template) =>
        template.exercises.map((exercise, index) => {
          const dose = programDoseOf(catalogue.get(exercise)!.dose);
          return {
            templateId: templateOf.get(shippedKey(template))!,
            position: index + 1,
            videoId: videoOf.get(exercise)!,
            sets: dose.sets,
            reps: dose.reps,
            holdSeconds: dose.holdSeconds,
          };
        }),
      ),
    );
    return written.length;
  });
}
