import { z } from 'zod';
import { IdParamSchema, IdSchema } from '../common/fields';
import { BodyPartSchema, LevelSchema, VideoSourceSchema } from '../library/video-tags';
import { CatalogueIdSchema } from '../library/catalogue-id';
import { MovementModelWireSchema } from '../library/movement-wire';

/**
 * A patient's home exercise program (spec §3 HEP item). `dashboardId` in the paths of spec §7
 * names the patient, as the patient dashboard's route does (`/patient/:id/dashboard`): each
 * patient has one persistent program, changed item by item and never rebuilt, so a removed item
 * can be restored and every change is kept (GET /video/hep/{hepId}/history).
 */

/** The range for sets and reps in a program: 1 to 100. */
export const HEP_MIN_COUNT = 1;
export const HEP_MAX_COUNT = 100;
export const HEP_MAX_NOTE_LENGTH = 1_000;
/** A program longer than this is no longer a home program a patient can do in a day. */
export const HEP_MAX_ITEMS = 50;
export const HEP_MAX_FOLDER_NAME_LENGTH = 200;

function countSchema(label: string) {
  return z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(HEP_MIN_COUNT, `${label} must be at least ${HEP_MIN_COUNT}`)
    .max(HEP_MAX_COUNT, `${label} must be at most ${HEP_MAX_COUNT}`);
}
export const SetsSchema = countSchema('Sets');
export const RepsSchema = countSchema('Reps');

/** A hold longer than ten minutes is a rest, not an exercise's hold. */
export const HEP_MIN_HOLD_SECONDS = 1;
export const HEP_MAX_HOLD_SECONDS = 600;

/** How long each rep is held ("hold 3 seconds"): the patient app's hold timer starts there. */
export const HoldSecondsSchema = z
  .number({ error: 'Hold must be a number of seconds' })
  .int('Hold must be a whole number of seconds')
  .min(HEP_MIN_HOLD_SECONDS, `Hold must be at least ${HEP_MIN_HOLD_SECONDS} second`)
  .max(HEP_MAX_HOLD_SECONDS, `Hold must be at most ${HEP_MAX_HOLD_SECONDS} seconds`);

/** The therapist's notes for the patient on one exercise ("keep your back flat"). */
export const HepNoteSchema = z
  .string()
  .trim()
  .max(HEP_MAX_NOTE_LENGTH, `Notes are at most ${HEP_MAX_NOTE_LENGTH} characters`);

export const FolderNameSchema = z
  .string()
  .trim()
  .max(
    HEP_MAX_FOLDER_NAME_LENGTH,
    `Folder name is at most ${HEP_MAX_FOLDER_NAME_LENGTH} characters`,
  );

export const DashboardIdParamsSchema = z.object({ dashboardId: IdParamSchema });
export const HepIdParamsSchema = z.object({ hepId: IdParamSchema });
export const DashboardHepParamsSchema = z.object({
  dashboardId: IdParamSchema,
  hepId: IdParamSchema,
});

/** What a program shows of its video: enough to list, print and play it. */
export const HepVideoSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  body_parts: BodyPartSchema,
  source: VideoSourceSchema,
  level: LevelSchema.nullable(),
  video_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  frame_urls: z.array(z.string()),
  /** Deleted from the library since; the program keeps it. */
  is_archived: z.boolean(),
  /** The catalogue exercise it follows and its movement model, drawn as its figure (VideoSchema). */
  movement_id: CatalogueIdSchema.nullable(),
  movement: MovementModelWireSchema.nullable(),
});
export type HepVideo = z.infer<typeof HepVideoSchema>;

export const PersonRefSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
});
export type PersonRef = z.infer<typeof PersonRefSchema>;

/** spec §3 HEP item. Instants are ISO 8601 in UTC. */
export const HepItemSchema = z.object({
  id: z.number().int(),
  video_id: z.number().int(),
  video: HepVideoSchema,
  sets: z.number().int(),
  reps: z.number().int(),
  /** Seconds each rep is held; null when the exercise has no hold (not in spec §3). */
  hold_seconds: z.number().int().nullable(),
  /** 1-based place in the program; the patient does the exercises in this order. */
  order: z.number().int(),
  folder_id: z.number().int().nullable(),
  folder_name: z.string().nullable(),
  description: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Who made the last change (null once that account is gone). */
  updated_by: PersonRefSchema.nullable(),
  /**
   * Who proposed the last change when it came from an approval request (`updated_by` is the
   * supervisor who approved it); null for a direct change.
   */
  proposed_by: PersonRefSchema.nullable().optional(),
  /** When it was removed; null for an item in the program. */
  deleted_at: z.string().nullable(),
});
export type HepItem = z.infer<typeof HepItemSchema>;

/** One exercise to add (spec §7: {video_id, sets, reps} with optional order, folder_id, folder_name). */
export const HepEntrySchema = z.object({
  video_id: IdSchema,
  sets: SetsSchema,
  reps: RepsSchema,
  /** Seconds each rep is held; no hold when left out (beyond spec §7's entry). */
  hold_seconds: HoldSecondsSchema.nullable().optional(),
  /** Where to put it (1-based); after the last item when left out. */
  order: z.number().int('Order must be a whole number').min(1, 'Order starts at 1').optional(),
  /** The library folder it was picked from, kept so the program can show it. */
  folder_id: IdSchema.nullable().optional(),
  folder_name: FolderNameSchema.nullable().optional(),
  description: HepNoteSchema.optional(),
});
export type HepEntry = z.input<typeof HepEntrySchema>;

/** No video twice in one list: the message names the one repeated. */
export function firstRepeatedVideo(entries: readonly { video_id: number }[]): number | null {
  const seen = new Set<number>();
  for (const entry of entries) {
    if (seen.has(entry.video_id)) {
      return entry.video_id;
    }
    seen.add(entry.video_id);
  }
  return null;
}
