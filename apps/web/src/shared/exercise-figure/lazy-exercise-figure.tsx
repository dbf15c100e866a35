import { lazy, Suspense } from 'react';
import type { ExerciseFigureProps } from './exercise-figure';

// The drawing code (contract library/figure-svg.ts and the pose it solves, 12 KB) is a chunk of
// its own, fetched when a figure is first looped: the patient opening an exercise, the
// therapist previewing one. Nothing draws it on arriving at a screen (lists and the printed
// program show FigureImage), so scripts/check-web-budgets.mjs counts it as on demand; a screen
// that loops a figure on arrival imports ExerciseFigure itself, and then it counts there.
const ExerciseFigure = lazy(async () => ({
  default: (await import('./exercise-figure')).ExerciseFigure,
}));

/**
 * The exercise figure, loaded when first drawn. Until then an empty box holds its place
 * (`className` sizes both), so the row or screen does not jump when it arrives.
 */
export function LazyExerciseFigure(props: ExerciseFigureProps) {
  return (
    <Suspense fallback={<div aria-hidden="true" className={props.className} />}>
      <ExerciseFigure {...props} />
    </Suspense>
  );
}
