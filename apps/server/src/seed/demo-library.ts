/**
 * The demo clinic's library (issue 11): a shared folder and a private one of the staff
 * therapist's, filled from the catalogue, and catalogue exercises copied into the clinic and
 * adjusted the way a therapist does, so a new user sees folders, sharing and editing at work.
 * Clinic films need real uploads; the demo ships none rather than pretend.
 */
import { and, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { libraryFolderVideos, libraryFolders, videos } from '../db/schema';
import { catalogueCopyValues } from '../features/library/library.api';

interface DemoFolder {
  name: string;
  isShared: boolean;
  exercises: readonly string[];
}

/** Catalogue ids (assets/exercises/subset.json) with photos, by the programs they suit. */
const DEMO_FOLDERS: readonly DemoFolder[] = [
  {
    name: 'Knee replacement, weeks 1-6',
    isShared: true,
    exercises: [
      'Chair_Leg_Extended_Stretch',
      'Sit_Squats',
      'Hamstring_Stretch',
      'On-Your-Back_Quad_Stretch',
      'Seated_Band_Hamstring_Curl',
      'Front_Leg_Raises',
    ],
  },
  {
    name: 'Low back pain',
    isShared: false,
    exercises: [
      'Cat_Stretch',
      'Childs_Pose',
      'Hug_Knees_To_Chest',
      'Standing_Pelvic_Tilt',
      'Dead_Bug',
      'Pelvic_Tilt_Into_Bridge',
    ],
  },
];

/** Catalogue exercises the therapist copied and adjusted for the clinic's programs. */
const DEMO_COPIES = [
  {
    exercise: 'Sit_Squats',
    title: 'Sit to stand from a chair',
    purpose: 'Strength',
    sets: 3,
    reps: 8,
    position: 'Sitting',
    equipment: 'Chair',
    unhealthyBodyPart: 'Knee',
    purposeOfTreatment: 'Quadriceps strength after knee replacement',
  },
  {
    exercise: 'Standing_Pelvic_Tilt',
    title: 'Pelvic tilt, standing',
    purpose: 'Mobility',
    sets: 2,
    reps: 10,
    position: 'Standing',
    equipment: 'None',
    unhealthyBodyPart: 'Lower back',
    purposeOfTreatment: 'Lumbar mobility and core control',
  },
] as const;

export async function seedDemoLibrary(
  tx: Db,
  clinicId: number,
  therapistId: number,
): Promise<void> {
  const wanted = [
    ...new Set([
      ...DEMO_FOLDERS.flatMap((folder) => folder.exercises),
      ...DEMO_COPIES.map((copy) => copy.exercise),
    ]),
  ];
  const catalogue = await tx
    .select()
    .from(videos)
    .where(and(isNull(videos.clinicId), inArray(videos.externalId, wanted)));
  const byExercise = new Map(catalogue.map((row) => [row.externalId, row]));
  const idOf = (exercise: string) => {
    const row = byExercise.get(exercise);
    if (!row) {
      throw new Error(`Demo library: catalogue exercise ${exercise} is missing`);
    }
    return row;
  };

  for (const folder of DEMO_FOLDERS) {
    const [created] = await tx
      .insert(libraryFolders)
      .values({ clinicId, ownerUserId: therapistId, name: folder.name, isShared: folder.isShared })
      .returning({ id: libraryFolders.id });
    if (!created) {
      throw new Error('folder not created');
    }
    await tx.insert(libraryFolderVideos).values(
      folder.exercises.map((exercise) => ({
        folderId: created.id,
        videoId: idOf(exercise).id,
        clinicId,
      })),
    );
  }

  await tx
    .insert(videos)
    .values(
      DEMO_COPIES.map(({ exercise, ...adjusted }) =>
        catalogueCopyValues({ clinicId, userId: therapistId }, idOf(exercise), adjusted),
      ),
    );
}
