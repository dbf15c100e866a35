import { ComingSoon } from '../../../ui/coming-soon';

/** exercise_edit (/exercise-edit/:id) — built in a later issue; no sample data until then. */
export function ExerciseEditPage() {
  return (
    <ComingSoon
      screen="Edit exercise"
      description="Change an exercise video's title, body part, purpose, position, equipment, sets, reps and description."
    />
  );
}
