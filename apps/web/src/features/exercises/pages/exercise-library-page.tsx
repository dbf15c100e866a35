import { ComingSoon } from '../../../ui/coming-soon';

/** exercise_library (/exercise-library) — built in a later issue; no sample data until then. */
export function ExerciseLibraryPage() {
  return (
    <ComingSoon
      screen="Exercise library"
      description="The exercise videos and folders you build home exercise programs from, with sharing between therapists."
    />
  );
}
