import { lazyComponent } from '../../../lib/lazy-component';

/*
 * The figure renderer (contract figure-svg and movement-pose, about 9 KB gzip) is a chunk of its own,
 * fetched by the first card, preview or page that draws a figure: a library page of clinic films
 * only, or a screen that draws none, never loads it (issue 32 item 8).
 */

/** A card's still figure that moves while pointed at. */
export const figureThumb = lazyComponent(async () => (await import('./figure-thumb')).FigureThumb);

/** The looping figure with its pause button (or start and end, for reduced motion). */
export const exerciseFigure = lazyComponent(
  async () => (await import('../../../shared/exercise-figure/exercise-figure')).ExerciseFigure,
);
