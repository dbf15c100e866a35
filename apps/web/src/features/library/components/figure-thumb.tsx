import {
  FIGURE_TONES,
  figureDrawing,
  shapeToSvg,
  type FigureDrawing,
} from '@homestretch/contract/library/figure-svg';
import type { MovementModel } from '@homestretch/contract/library/movement';
import { useEffect, useMemo, useState } from 'react';
import { usePrefersReducedMotion } from '../../../shared/exercise-figure/exercise-figure';
import { figureProgress } from '../../../shared/exercise-figure/figure-timeline';
import { cx } from '../../../ui/cx';

/** The shape of a card's picture box (aspect-video). */
const BOX = { w: 16, h: 9 };

/** The arrow from the start frame to the end frame, in the prop's grey. */
function arrow(from: [number, number], to: [number, number]): string {
  const [x1, y1] = from;
  const [x2, y2] = to;
  const angle = Math.atan2(y2 - y1, x2 - x1);
  const head = (turn: number) =>
    `${(x2 - 5 * Math.cos(angle + turn)).toFixed(1)} ${(y2 - 5 * Math.sin(angle + turn)).toFixed(1)}`;
  return `<path d="M${x1.toFixed(1)} ${y1.toFixed(1)}L${x2.toFixed(1)} ${y2.toFixed(1)}M${head(0.6)}L${x2.toFixed(1)} ${y2.toFixed(1)}L${head(-0.6)}" stroke="${FIGURE_TONES.prop}" stroke-width="2" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;
}

/**
 * The start and end positions with an arrow between them, side by side or one above the other,
 * whichever draws them larger in a card's box: a standing exercise is tall and sits side by side,
 * one lying down is long and stacks. The end frame carries the motion cues (figure-svg.ts).
 */
export function startEndLayout(drawing: FigureDrawing): { viewBox: string; markup: string } {
  const [x, y, w, h] = drawing.viewBox;
  const across = { w: 2 * w + Math.max(20, w * 0.15), h };
  const down = { w, h: 2 * h + Math.max(16, h * 0.2) };
  const scale = (size: { w: number; h: number }) => Math.min(BOX.w / size.w, BOX.h / size.h);
  const sideBySide = scale(across) >= scale(down);
  const size = sideBySide ? across : down;
  const frame = (t: number, dx: number, dy: number) =>
    `<g transform="translate(${(dx - x).toFixed(1)} ${(dy - y).toFixed(1)})">${drawing
      .shapes(t, { cues: t === 1 })
      .map(shapeToSvg)
      .join('')}</g>`;
  const gap = sideBySide ? size.w - 2 * w : size.h - 2 * h;
  const between = sideBySide
    ? arrow([w + gap * 0.25, h / 2], [w + gap * 0.75, h / 2])
    : arrow([w / 2, h + gap * 0.2], [w / 2, h + gap * 0.8]);
  const end = sideBySide ? frame(1, w + gap, 0) : frame(1, 0, h + gap);
  return {
    viewBox: `0 0 ${size.w.toFixed(1)} ${size.h.toFixed(1)}`,
    markup: `${frame(0, 0, 0)}${between}${end}`,
  };
}

/**
 * A catalogue exercise's figure as a card's picture (issue 32 item 3): its start and end
 * positions, still, so a page of 25 cards stays calm and each shows how the exercise moves; the
 * figure moves through the exercise only while its card is pointed at or focused (`moving`), and
 * never for those who ask for reduced motion. This module holds the figure renderer and is loaded
 * on its own (lazy-figures.ts), so screens without figures never fetch it.
 *
 * The shapes are written as markup (shapeToSvg) rather than as React elements: a page draws 25 of
 * them, and a string per card is far less work for React than a hundred nodes per card. The
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
  const still = useMemo(() => startEndLayout(drawing), [drawing]);
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

  const [x, y, w, h] = drawing.viewBox;
  const { viewBox, markup } = animate
    ? { viewBox: `${x} ${y} ${w} ${h}`, markup: drawing.shapes(t).map(shapeToSvg).join('') }
    : still;
  return (
    <svg
      aria-hidden="true"
      data-figure={animate ? 'moving' : 'still'}
      viewBox={viewBox}
      preserveAspectRatio="xMidYMid meet"
      className={cx('bg-surface p-2', className)}
      dangerouslySetInnerHTML={{ __html: markup }}
    />
  );
}
