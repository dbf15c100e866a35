import { z } from 'zod';

/**
 * What a program's items show of a video's tags (body part, level, source) and its status, in a
 * module of their own: the patient dashboard and the patient app read them without the library's
 * filing tags (video-filing.ts) or the video's whole schema. video.ts re-exports both.
 */

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

/** The catalogue's difficulty tag; clinic videos have none. */
export const LEVELS = ['beginner', 'intermediate', 'expert'] as const;

export const BodyPartSchema = z.enum(BODY_PARTS, {
  error: `Body part is one of ${BODY_PARTS.join(', ')}`,
});
export const LevelSchema = z.enum(LEVELS);

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

export type BodyPart = (typeof BODY_PARTS)[number];
export type Level = (typeof LEVELS)[number];
