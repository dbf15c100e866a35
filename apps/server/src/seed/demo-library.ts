/**
 * The demo clinic's library (issue 11): a shared folder and a private one of the staff
 * therapist's, filled from the physical-therapy catalogue, and its exercises copied into the clinic and
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

/** Physical-therapy catalogue ids (features/library/pt-catalogue/), by the programs they suit. */
const DEMO_FOLDERS: readonly DemoFolder[] = [
  {
    name: 'Knee replacement, weeks 1-6',
    isShared: true,
    exercises: [
      'quad-set',
      'heel-slide',
      'ankle-pumps',
      'heel-prop',
      'straight-leg-raise',
      'short-arc-quad',
    ],
  },
  {
    name: 'Low back pain',
    isShared: false,
    exercises: [
      'pelvic-tilt',
      'cat-camel',
      'lower-trunk-rotation',
      'knee-to-chest',
      'abdominal-brace',
      'bird-dog',
    ],
  },
];

/**
 * Catalogue exercises the therapist copied and adjusted for the clinic's programs; a copy keeps
 * its exercise's movement model, so its figure and clinical tags come with it.
 */
const DEMO_COPIES = [
  {
    exercise: 'sit-to-stand',
    title: 'Sit to stand from a chair',
    sets: 3,
    reps: 8,
    unhealthyBodyPart: 'Knee',
    purposeOfTreatment: 'Quadriceps strength after knee replacement',
  },
  {
    exercise: 'pelvic-tilt',
    title: 'Pelvic tilt, knees bent',
    sets: 2,
    reps: 10,
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
