import { figureDrawing, shapeToSvg } from '@homestretch/contract/library/figure-svg';
import type { MovementModel } from '@homestretch/contract/library/movement';
import { useEffect, useMemo, useState } from 'react';
import { usePrefersReducedMotion } from '../../../shared/exercise-figure/exercise-figure';
import { figureProgress } from '../../../shared/exercise-figure/figure-timeline';
import { cx } from '../../../ui/cx';

/**
 * A catalogue exercise's figure as a card's picture (issue 32 item 3): the start position, still,
 * so a page of 25 cards stays calm; it moves through the exercise only while its card is pointed
 * at or focused (`moving`), and never for those who ask for reduced motion. This module holds
 * the figure renderer and is loaded on its own (lazy-figures.ts), so screens without
 * figures never fetch it.
 *
 * The shapes are written as markup (shapeToSvg) rather than as React elements: a page draws 25 of
 * them, and a string per card is far less work for React than some fifty nodes per card. The
 * markup is the contract's own drawing of numbers and colours, with no text from anyone.
 */
export function FigureThumb({
  movement,
  moving = false,
  className,
}: {
  movement: MovementModel;
  moving?: boolean;
  className?: string;
}) {
  const drawing = useMemo(() => figureDrawing(movement), [movement]);
  const reducedMotion = usePrefersReducedMotion();
  const animate = moving && !reducedMotion;
  const [t, setT] = useState(0);

  useEffect(() => {
    if (!animate) {
      return;
    }
    let frame = 0;
    const startedAt = performance.now();
    const tick = (now: number): void => {
      setT(figureProgress(movement, (now - startedAt) / 1000));
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [animate, movement]);

  // A card let go shows its start position again at once, not where the loop stopped.
  const shown = animate ? t : 0;
  const markup = useMemo(() => drawing.shapes(shown).map(shapeToSvg).join(''), [drawing, shown]);
  const [x, y, w, h] = drawing.viewBox;
  return (
    <svg
      aria-hidden="true"
      data-figure={animate ? 'moving' : 'still'}
      viewBox={`${x} ${y} ${w} ${h}`}
      preserveAspectRatio="xMidYMid meet"
      className={cx('bg-surface p-2', className)}
      dangerouslySetInnerHTML={{ __html: markup }}
    />
  );
}
