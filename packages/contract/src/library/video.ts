import { z } from 'zod';
import { IdParamSchema, IdSchema } from '../common/fields';
import { CatalogueIdSchema } from './catalogue-id';
import { MovementModelWireSchema } from './movement-wire';
import { CollectionSchema, EquipmentSchema, PositionSchema, PurposeSchema } from './video-filing';
import { BodyPartSchema, LevelSchema, VideoSourceSchema, VideoStatusSchema } from './video-tags';

/** Sets and reps a program can ask for: at least one, at most a plausible day's work. */
export const MAX_SETS = 20;
export const MAX_REPS = 200;
export const MAX_TITLE_LENGTH = 200;
export const MAX_DESCRIPTION_LENGTH = 5_000;
export const MAX_NOTE_FIELD_LENGTH = 200;

export const VideoOwnerSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
});

/**
 * spec §3 Video, as the library shows it. `video_url` plays it (HTTP range requests) and is null
 * for catalogue items, which have no film: `frame_urls` are their start and end photos, shown as
 * a two-frame loop (empty when the source has none). `thumbnail_url` is the poster: a frame of
 * the film once ffmpeg has read it, the first photo of a catalogue item; null otherwise (the
 * player then shows the film's first frame). Instants are ISO 8601 in UTC.
 */
export const VideoSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  body_parts: BodyPartSchema,
  purpose: PurposeSchema,
  position: PositionSchema,
  equipment: EquipmentSchema,
  reps: z.number().int(),
  sets: z.number().int(),
  unhealthy_body_part: z.string(),
  purpose_of_treatment: z.string(),
  /** Seconds each rep is held, the exercise's default; null when it has no hold. */
  hold_seconds: z.number().int().nullable(),
  source: VideoSourceSchema,
  /** The catalogue collection; null for the clinic's own. */
  collection: CollectionSchema.nullable(),
  level: LevelSchema.nullable(),
  /**
   * The physical-therapy exercise whose movement model this video follows: its own for a
   * catalogue exercise, the one a clinic chose for its film ("this is a Wall Squat"), else null.
   * `movement` is that model, which the apps draw as a figure.
   */
  movement_id: CatalogueIdSchema.nullable(),
  movement: MovementModelWireSchema.nullable(),
  status: VideoStatusSchema,
  /** Uploaded by the caller. */
  is_mine: z.boolean(),
  /** The caller may edit and delete it (its uploader or the clinic's administrator). */
  can_edit: z.boolean(),
  owner: VideoOwnerSchema.nullable(),
  video_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  frame_urls: z.array(z.string()),
  duration_seconds: z.number().int().nullable(),
  /** Taken out of the library while a patient's program still holds it (DELETE /video/delete). */
  is_archived: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Video = z.infer<typeof VideoSchema>;

export const VideoIdParamsSchema = z.object({ id: IdParamSchema });

/** A list of video ids in a body: at least one, at most a page of bulk work, each once. */
export const VideoIdListSchema = z
  .array(IdSchema)
  .min(1, 'Choose at least one video')
  .max(500, 'At most 500 videos at a time')
  .transform((ids) => [...new Set(ids)]);

/** The editable text fields, trimmed; blank means spec §3's default `-`. */
function noteField(label: string) {
  return z
    .string()
    .trim()
    .max(MAX_NOTE_FIELD_LENGTH, `${label} is at most ${MAX_NOTE_FIELD_LENGTH} characters`)
    .transform((value) => (value === '' ? '-' : value));
}

/** What a therapist edits on exercise_edit. Every field is optional in a PATCH. */
export const VideoFieldsSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Title is required')
    .max(MAX_TITLE_LENGTH, `Title is at most ${MAX_TITLE_LENGTH} characters`),
  description: z
    .string()
    .trim()
    .max(MAX_DESCRIPTION_LENGTH, `Description is at most ${MAX_DESCRIPTION_LENGTH} characters`)
    .transform((value) => (value === '' ? '-' : value)),
  body_parts: BodyPartSchema,
  purpose: PurposeSchema,
  position: PositionSchema,
  equipment: EquipmentSchema,
  sets: z
    .number({ error: 'Sets is a whole number' })
    .int('Sets is a whole number')
    .min(1, 'At least 1 set')
    .max(MAX_SETS, `At most ${MAX_SETS} sets`),
  reps: z
    .number({ error: 'Reps is a whole number' })
    .int('Reps is a whole number')
    .min(1, 'At least 1 rep')
    .max(MAX_REPS, `At most ${MAX_REPS} reps`),
  unhealthy_body_part: noteField('Unhealthy body part'),
  purpose_of_treatment: noteField('Purpose of treatment'),
  /** A clinic film takes a catalogue exercise's movement model; null lets it go. */
  movement_id: CatalogueIdSchema.nullable(),
});
export type VideoFields = z.input<typeof VideoFieldsSchema>;

export * from './video-media';
export * from './video-filing';
export * from './video-tags';
