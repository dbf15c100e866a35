import { ComingSoon } from '../../../ui/coming-soon';

/** exercise_upload (/exercise-upload) — built in a later issue; no sample data until then. */
export function ExerciseUploadPage() {
  return (
    <ComingSoon
      screen="Upload exercise"
      description="Upload exercise videos with a progress bar; an interrupted upload resumes on its own."
    />
  );
}
