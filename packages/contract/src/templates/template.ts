import { z } from 'zod';
import { IdParamSchema, IdSchema } from '../common/fields';
import {
  HEP_MAX_ITEMS,
  HepVideoSchema,
  HoldSecondsSchema,
  PersonRefSchema,
  RepsSchema,
  SetsSchema,
  firstRepeatedVideo,
} from '../hep/hep-item';
import { ConditionSchema, PhaseSchema } from '../library/catalogue-entry';

/**
 * A program template (issue 32 item 6): a named, ordered list of exercises with their doses for
 * one condition and phase, which fills the program builder in one step. The shipped ones (built
 * from the physical-therapy catalogue) are every clinic's and read-only; a clinic copies one to
 * change it, or writes its own (docs/decisions/034-program-templates.md).
 */

export const MAX_TEMPLATE_NAME_LENGTH = 100;
export const MAX_TEMPLATE_NOTES_LENGTH = 1_000;
/** A template is a starting program: no longer than a program may be. */
export const MAX_TEMPLATE_ITEMS = HEP_MAX_ITEMS;

/** `shipped`: Homestretch's, every clinic's, read-only; `clinic`: the clinic's own. */
export const TEMPLATE_SOURCES = ['shipped', 'clinic'] as const;
export const TemplateSourceSchema = z.enum(TEMPLATE_SOURCES, {
  error: `Source is one of ${TEMPLATE_SOURCES.join(', ')}`,
});
export type TemplateSource = z.infer<typeof TemplateSourceSchema>;

export const TemplateNameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(MAX_TEMPLATE_NAME_LENGTH, `Name is at most ${MAX_TEMPLATE_NAME_LENGTH} characters`);

export const TemplateNotesSchema = z
  .string()
  .trim()
  .max(MAX_TEMPLATE_NOTES_LENGTH, `Notes are at most ${MAX_TEMPLATE_NOTES_LENGTH} characters`);

/** One exercise of a template as it is written: a library video and its dose. */
export const TemplateEntrySchema = z.object({
  video_id: IdSchema,
  sets: SetsSchema,
  reps: RepsSchema,
  hold_seconds: HoldSecondsSchema.nullable().optional(),
});
export type TemplateEntry = z.input<typeof TemplateEntrySchema>;

/** What a clinic writes: the whole template at once (create, or replace on update). */
export const TemplateBodySchema = z.object({
  name: TemplateNameSchema,
  condition: ConditionSchema,
  phase: PhaseSchema,
  notes: TemplateNotesSchema.optional().default(''),
  items: z
    .array(TemplateEntrySchema)
    .min(1, 'Choose at least one exercise')
    .max(MAX_TEMPLATE_ITEMS, `At most ${MAX_TEMPLATE_ITEMS} exercises`)
    .superRefine((entries, ctx) => {
      const repeated = firstRepeatedVideo(entries);
      if (repeated !== null) {
        ctx.addIssue({ code: 'custom', message: `Video ${repeated} is in the list twice` });
      }
    }),
});
export type TemplateBody = z.input<typeof TemplateBodySchema>;

/** One exercise of a template as it is read: its video as a program shows it, and its dose. */
export const TemplateItemSchema = z.object({
  video_id: z.number().int(),
  video: HepVideoSchema,
  sets: z.number().int(),
  reps: z.number().int(),
  hold_seconds: z.number().int().nullable(),
  /** 1-based place: the order the exercises fill the program in. */
  order: z.number().int(),
});
export type TemplateItem = z.infer<typeof TemplateItemSchema>;

const templateFields = {
  id: z.number().int(),
  name: z.string(),
  condition: ConditionSchema,
  phase: PhaseSchema,
  /** For a shipped template, why these exercises (the reasoning written beside its data). */
  notes: z.string(),
  source: TemplateSourceSchema,
  /** The caller may change and delete it: a clinic template's author or the administrator. */
  can_edit: z.boolean(),
  /** Who wrote it; null for a shipped template, or once that account is gone. */
  author: PersonRefSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
};

/** A template with its exercises (GET one, and the answer of every change). */
export const ProgramTemplateSchema = z.object({
  ...templateFields,
  items: z.array(TemplateItemSchema),
});
export type ProgramTemplate = z.infer<typeof ProgramTemplateSchema>;

/** A template as a list shows it: the exercises' titles in order, not their videos. */
export const TemplateSummarySchema = z.object({
  ...templateFields,
  exercises: z.array(z.string()),
});
export type TemplateSummary = z.infer<typeof TemplateSummarySchema>;

export const TemplateIdParamsSchema = z.object({ templateId: IdParamSchema });
