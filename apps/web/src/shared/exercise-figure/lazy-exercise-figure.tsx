import { lazy, Suspense } from 'react';
import type { ExerciseFigureProps } from './exercise-figure';

// The drawing code (contract library/figure-svg.ts and the pose it solves) is a chunk of its
// own, fetched by the first figure a screen draws: screens that draw none never load it, and
// those that do (the dashboard's program, the patient app) keep their first download in budget
// (scripts/check-web-budgets.mjs).
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
