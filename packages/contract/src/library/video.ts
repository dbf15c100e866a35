import { z } from 'zod';
import { IdParamSchema, IdSchema } from '../common/fields';
import { CatalogueIdSchema } from './catalogue-id';
import { MovementModelSchema } from './movement';

/**
 * The body parts a video is filed under. The shipped catalogue's regions (assets/exercises) map
 * onto these; `Other` is the default of spec §3.
 */
export const BODY_PARTS = [
  'Neck',
  'Shoulder',
  'Back',
  'Hip and glutes',
  'Knee and thigh',
  'Ankle and calf',
  'Core',
  'Arm, chest and wrist',
  'Full body',
  'Other',
] as const;

/** What the exercise is for; the catalogue's categories are among them. Default `Other`. */
export const PURPOSES = [
  'Strength',
  'Stretching',
  'Mobility',
  'Balance',
  'Endurance',
  'Cardio',
  'Plyometrics',
  'Powerlifting',
  'Olympic weightlifting',
  'Strongman',
  'Other',
] as const;

/** The patient's position while doing it. Default `Other` (the catalogue does not say). */
export const POSITIONS = [
  'Standing',
  'Sitting',
  'Lying on back',
  'Lying on stomach',
  'Side lying',
  'Kneeling',
  'Hands and knees',
  'Other',
] as const;

/**
 * What the patient needs. `-` is spec §3's default, "not said"; `None` means nothing is needed.
 * The catalogue's equipment values are among these.
 */
export const EQUIPMENT = [
  '-',
  'None',
  'Body only',
  'Bands',
  'Dumbbell',
  'Barbell',
  'Kettlebells',
  'Cable',
  'Machine',
  'Medicine ball',
  'Exercise ball',
  'Foam roll',
  'E-z curl bar',
  'Chair',
  'Step',
  'Towel',
  'Wall',
  'Counter',
  'Doorway',
  'Bed',
  'Mat',
  'Stick',
  'Weight',
  'Other',
] as const;

/**
 * The shipped catalogue's two collections: the physical-therapy exercises (issue 32, each with a
 * movement model and its figure) listed first, and the public fitness data set as "Strength and
 * conditioning", which the program builder leaves out until asked. Clinic videos are in neither.
 */
export const COLLECTIONS = ['physical-therapy', 'strength-and-conditioning'] as const;
export const CollectionSchema = z.enum(COLLECTIONS, {
  error: `Collection is one of ${COLLECTIONS.join(', ')}`,
});
export type Collection = z.infer<typeof CollectionSchema>;
export const COLLECTION_LABELS: Record<Collection, string> = {
  'physical-therapy': 'Physical therapy',
  'strength-and-conditioning': 'Strength and conditioning',
};

/** The catalogue's difficulty tag; clinic videos have none. */
export const LEVELS = ['beginner', 'intermediate', 'expert'] as const;

export const BodyPartSchema = z.enum(BODY_PARTS, {
  error: `Body part is one of ${BODY_PARTS.join(', ')}`,
});
export const PurposeSchema = z.enum(PURPOSES, {
  error: `Purpose is one of ${PURPOSES.join(', ')}`,
});
export const PositionSchema = z.enum(POSITIONS, {
  error: `Position is one of ${POSITIONS.join(', ')}`,
});
export const EquipmentSchema = z.enum(EQUIPMENT, {
  error: `Equipment is one of ${EQUIPMENT.join(', ')}`,
});
export const LevelSchema = z.enum(LEVELS);

/** spec §3 Video defaults: what a new upload holds until the therapist edits it. */
export const VIDEO_DEFAULTS = {
  body_parts: 'Other',
  purpose: 'Other',
  position: 'Other',
  title: 'Untitled Video',
  equipment: '-',
  reps: 1,
  sets: 1,
  unhealthy_body_part: '-',
  purpose_of_treatment: '-',
  description: '-',
} as const satisfies Record<string, string | number>;

/**
 * Where a video is in its life: `uploading` until the last byte lands, `processing` while the
 * poster and duration are read, `ready` to play, `failed` when the file could not be read as a
 * video. Catalogue items are always `ready`.
 */
export const VIDEO_STATUSES = ['uploading', 'processing', 'ready', 'failed'] as const;
export const VideoStatusSchema = z.enum(VIDEO_STATUSES);
export type VideoStatus = z.infer<typeof VideoStatusSchema>;

/** `catalogue`: the shipped exercises every clinic sees, read-only; `clinic`: the clinic's own. */
export const VIDEO_SOURCES = ['catalogue', 'clinic'] as const;
export const VideoSourceSchema = z.enum(VIDEO_SOURCES);
export type VideoSource = z.infer<typeof VideoSourceSchema>;

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
  movement: MovementModelSchema.nullable(),
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

export type BodyPart = (typeof BODY_PARTS)[number];
export type Purpose = (typeof PURPOSES)[number];
export type Position = (typeof POSITIONS)[number];
export type Equipment = (typeof EQUIPMENT)[number];
export type Level = (typeof LEVELS)[number];

/**
 * Where a video's media is served (HTTP range requests, spec §7 playback): the film, its poster,
 * and a catalogue item's photos by index. These are the `video_url`, `thumbnail_url` and
 * `frame_urls` of VideoSchema; only the clinic's staff and patients whose program holds the
 * video may fetch them. `figure` is the figure of a video with a `movement`, drawn on the
 * server as an SVG image (FIGURE_FRAMES), so a list or a printed page shows it without the
 * drawing code the looping figure needs.
 */
export const VIDEO_MEDIA_PATHS = {
  file: '/video/:id/file',
  poster: '/video/:id/poster',
  frame: '/video/:id/frames/:index',
  figure: '/video/:id/figure/:frame',
} as const;

/** The figure images: the start position alone, or the start and end side by side (print). */
export const FIGURE_FRAMES = ['start', 'start-end'] as const;
export type FigureFrame = (typeof FIGURE_FRAMES)[number];

export const videoFileUrl = (id: number) => `/video/${id}/file`;
export const videoPosterUrl = (id: number) => `/video/${id}/poster`;
export const videoFrameUrl = (id: number, index: number) => `/video/${id}/frames/${index}`;
export const videoFigureUrl = (id: number, frame: FigureFrame) => `/video/${id}/figure/${frame}`;
