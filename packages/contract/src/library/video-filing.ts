import { z } from 'zod';

/**
 * How the library files a video beyond a program's view of it (video-tags.ts): purpose,
 * position, equipment, the catalogue's collections, and spec §3's defaults. video.ts re-exports
 * these.
 */

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

export const PurposeSchema = z.enum(PURPOSES, {
  error: `Purpose is one of ${PURPOSES.join(', ')}`,
});
export const PositionSchema = z.enum(POSITIONS, {
  error: `Position is one of ${POSITIONS.join(', ')}`,
});
export const EquipmentSchema = z.enum(EQUIPMENT, {
  error: `Equipment is one of ${EQUIPMENT.join(', ')}`,
});

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

export type Purpose = (typeof PURPOSES)[number];
export type Position = (typeof POSITIONS)[number];
export type Equipment = (typeof EQUIPMENT)[number];
