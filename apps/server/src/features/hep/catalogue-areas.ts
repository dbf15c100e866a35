/**
 * Where a catalogue exercise works, finer than the body part it is filed under, so that a
 * recommendation never calls an exercise a match for a diagnosis whose site it does not work
 * (issue 30, item 3): the catalogue files Dumbbell Shrug, Rhomboids-SMR and Inverted Row under
 * Back, yet none of them moves or loads the lumbar spine; it files Inchworm and Kneeling Hip
 * Flexor under Knee and thigh, yet they work the hip and the whole chain.
 *
 * Source and logic: read by us from each entry's own instructions (assets/exercises) and the
 * joint it moves, loads or stretches across. Only the regions whose diagnoses name sites far
 * apart are split: the back (low back against mid back, with the shoulder girdle apart), the knee
 * (against the hip and the whole body), the arm (forearm, elbow and wrist against the chest), the
 * ankle and the core (the abdominals against the pelvic floor, which no catalogue entry trains).
 * In the other regions (neck, shoulder, hip) every site is the region's one area.
 */
import type { BodyPart } from '@homestretch/contract/library/video';
import type { DiagnosisRegion } from './icd10-regions';

export type Area =
  | 'low back'
  | 'mid back'
  | 'shoulder girdle'
  | 'knee'
  | 'hip'
  | 'whole body'
  | 'forearm'
  | 'chest'
  | 'ankle'
  | 'abdominals'
  | 'pelvic floor';

/** The photographed catalogue entries (assets/exercises/subset.json) of the split regions. */
export const CATALOGUE_AREAS: Readonly<Record<string, Area>> = {
  // Filed under Back
  Cat_Stretch: 'low back',
  Chair_Lower_Back_Stretch: 'low back',
  Childs_Pose: 'low back',
  Dancers_Stretch: 'low back',
  Hug_A_Ball: 'low back',
  Hug_Knees_To_Chest: 'low back',
  Hyperextensions_With_No_Hyperextension_Bench: 'low back',
  'Lower_Back-SMR': 'low back',
  Pelvic_Tilt_Into_Bridge: 'low back',
  Pyramid: 'low back',
  Spinal_Stretch: 'low back',
  Standing_Pelvic_Tilt: 'low back',
  Superman: 'low back',
  'Bent_Over_Two-Dumbbell_Row': 'mid back',
  Dumbbell_Incline_Row: 'mid back',
  Inverted_Row: 'mid back',
  'Latissimus_Dorsi-SMR': 'mid back',
  Middle_Back_Stretch: 'mid back',
  'One-Arm_Dumbbell_Row': 'mid back',
  'Rhomboids-SMR': 'mid back',
  'Side-Lying_Floor_Stretch': 'mid back',
  Upper_Back_Stretch: 'mid back',
  Dumbbell_Shrug: 'shoulder girdle',
  Dynamic_Back_Stretch: 'shoulder girdle',
  One_Arm_Against_Wall: 'shoulder girdle',
  'Scapular_Pull-Up': 'shoulder girdle',
  'Upright_Row_-_With_Bands': 'shoulder girdle',
  // Filed under Knee and thigh: the knee's movers, and the stretches of muscles across it
  '90_90_Hamstring': 'knee',
  Ball_Leg_Curl: 'knee',
  Bodyweight_Squat: 'knee',
  Bodyweight_Walking_Lunge: 'knee',
  Chair_Leg_Extended_Stretch: 'knee',
  Dumbbell_Lunges: 'knee',
  Dumbbell_Step_Ups: 'knee',
  Goblet_Squat: 'knee',
  'Hamstring-SMR': 'knee',
  Hamstring_Stretch: 'knee',
  'Leg-Up_Hamstring_Stretch': 'knee',
  'On-Your-Back_Quad_Stretch': 'knee',
  On_Your_Side_Quad_Stretch: 'knee',
  Prone_Manual_Hamstring: 'knee',
  Quad_Stretch: 'knee',
  'Quadriceps-SMR': 'knee',
  Runners_Stretch: 'knee',
  Seated_Band_Hamstring_Curl: 'knee',
  Seated_Floor_Hamstring_Stretch: 'knee',
  Sit_Squats: 'knee',
  Split_Squat_with_Dumbbells: 'knee',
  'Squats_-_With_Bands': 'knee',
  Standing_Elevated_Quad_Stretch: 'knee',
  Standing_Hamstring_and_Calf_Stretch: 'knee',
  Standing_Toe_Touches: 'knee',
  Front_Leg_Raises: 'hip',
  Hip_Flexion_with_Band: 'hip',
  Kneeling_Hip_Flexor: 'hip',
  Rear_Leg_Raises: 'hip',
  Standing_Hip_Flexors: 'hip',
  'Stiff-Legged_Dumbbell_Deadlift': 'hip',
  Inchworm: 'whole body',
  // Filed under Arm, chest and wrist
  Dumbbell_Lying_Pronation: 'forearm',
  Dumbbell_Lying_Supination: 'forearm',
  Kneeling_Forearm_Stretch: 'forearm',
  'Seated_Dumbbell_Palms-Down_Wrist_Curl': 'forearm',
  'Seated_Dumbbell_Palms-Up_Wrist_Curl': 'forearm',
  Standing_Biceps_Stretch: 'forearm',
  Triceps_Stretch: 'forearm',
  Wrist_Circles: 'forearm',
  Chest_And_Front_Of_Shoulder_Stretch: 'chest',
  Chest_Stretch_on_Stability_Ball: 'chest',
  'Incline_Push-Up': 'chest',
  // Filed under Ankle and calf, though it circles the knees
  Knee_Circles: 'knee',
};

/** The area of the entries of a split region that the list above does not name. */
const REGION_AREAS: Partial<Record<BodyPart, Area>> = {
  'Ankle and calf': 'ankle',
  Core: 'abdominals',
};

/** The areas that work a diagnosis site; null where any exercise of the region does. */
const SITE_AREAS: Readonly<Record<string, readonly Area[]>> = {
  lumbar: ['low back'],
  lumbosacral: ['low back'],
  sacral: ['low back'],
  sacrococcygeal: ['low back'],
  sacroiliac: ['low back'],
  coccyx: ['low back'],
  thoracic: ['mid back'],
  thoracolumbar: ['low back', 'mid back'],
  spine: ['low back', 'mid back'],
  'pelvic floor': ['pelvic floor'],
  'abdominal wall': ['abdominals'],
  ribs: ['chest'],
};

/** The regions whose every site asks for one area, unless SITE_AREAS names the site. */
const SPLIT_REGION_AREAS: Partial<Record<BodyPart, readonly Area[]>> = {
  Back: ['low back', 'mid back'],
  'Knee and thigh': ['knee'],
  'Arm, chest and wrist': ['forearm'],
  'Ankle and calf': ['ankle'],
  Core: ['abdominals'],
};

/** A catalogue entry's area; null when its region is not split. */
export function catalogueArea(catalogueId: string | null, bodyPart: BodyPart): Area | null {
  return (
    (catalogueId === null ? undefined : CATALOGUE_AREAS[catalogueId]) ??
    REGION_AREAS[bodyPart] ??
    null
  );
}

/**
 * Whether a video works the diagnosis' site. A clinic's own video is taken as filed: its
 * therapists chose the region. A catalogue entry must also work the site's area.
 */
export function worksDiagnosisSite(
  video: { bodyPart: BodyPart; catalogueId: string | null; fromCatalogue: boolean },
  diagnosis: DiagnosisRegion,
): boolean {
  if (video.bodyPart !== diagnosis.region) {
    return false;
  }
  const wanted = SITE_AREAS[diagnosis.site] ?? SPLIT_REGION_AREAS[diagnosis.region];
  if (!video.fromCatalogue || wanted === undefined) {
    return true;
  }
  const area = catalogueArea(video.catalogueId, video.bodyPart);
  return area !== null && wanted.includes(area);
}
