import {
  FIGURE_TONES,
  figureDrawing,
  type FigureShape,
  type FigureTone,
} from '@homestretch/contract/library/figure-svg';
import { type MovementModel } from '@homestretch/contract/library/movement';
import { Pause, Play } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { figureProgress } from './figure-timeline';

/**
 * An exercise's figure (issue 32 item 3), drawn from its movement model: a loop between the
 * start and end positions with their holds and a pause button, or the two positions side by
 * side when the user asks for reduced motion or the caller wants them. Lists and the printed
 * program show the server's drawing instead (FigureImage), without this code.
 */

/** The design tokens behind each tone (apps/web/src/styles/tokens.css), the SVG colours as fallback. */
const TONE_COLOURS: Record<FigureTone, string> = {
  accent: `var(--color-brand-600, ${FIGURE_TONES.accent})`,
  ghost: FIGURE_TONES.ghost,
  body: FIGURE_TONES.body,
  muted: FIGURE_TONES.muted,
  prop: `var(--color-ink-subtle, ${FIGURE_TONES.prop})`,
  propFill: FIGURE_TONES.propFill,
  floor: FIGURE_TONES.floor,
  halo: `var(--color-surface, ${FIGURE_TONES.halo})`,
};

const fillOf = (fill: FigureTone | null): string => (fill === null ? 'none' : TONE_COLOURS[fill]);

function Shape({ shape }: { shape: FigureShape }) {
  const stroke = TONE_COLOURS[shape.tone];
  switch (shape.kind) {
    case 'line':
      return (
        <line
          x1={shape.x1}
          y1={shape.y1}
          x2={shape.x2}
          y2={shape.y2}
          stroke={stroke}
          strokeWidth={shape.width}
          strokeLinecap="round"
        />
      );
    case 'path':
      return (
        <path
          d={shape.d}
          stroke={stroke}
          strokeWidth={shape.width}
          strokeLinecap="round"
          strokeLinejoin="round"
          fill={fillOf(shape.fill)}
        />
      );
    case 'circle':
      return (
        <circle
          cx={shape.cx}
          cy={shape.cy}
          r={shape.r}
          fill={fillOf(shape.fill)}
          stroke={shape.width > 0 ? stroke : undefined}
          strokeWidth={shape.width > 0 ? shape.width : undefined}
        />
      );
    case 'rect':
      return (
        <rect
          x={shape.x}
          y={shape.y}
          width={shape.w}
          height={shape.h}
          rx={shape.rx}
          fill={fillOf(shape.fill)}
          stroke={shape.width > 0 ? stroke : undefined}
          strokeWidth={shape.width > 0 ? shape.width : undefined}
        />
      );
  }
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Whether the user asked the system for less motion (followed live). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia?.(REDUCED_MOTION).matches === true,
    () => false,
  );
}

export interface ExerciseFigureProps {
  movement: MovementModel;
  /** The exercise's name: the figure's accessible name starts with it. */
  label: string;
  /** `loop` animates (unless reduced motion is asked for); `start-end` draws both frames. */
  mode?: 'loop' | 'start-end';
  /** The pause button's size: `large` for a patient's finger on a phone. */
  controlSize?: 'regular' | 'large';
  className?: string;
}

export function ExerciseFigure({
  movement,
  label,
  mode = 'loop',
  controlSize = 'regular',
  className,
}: ExerciseFigureProps) {
  const drawing = useMemo(() => figureDrawing(movement), [movement]);
  const reducedMotion = usePrefersReducedMotion();
  const [playing, setPlaying] = useState(true);
  const [t, setT] = useState(0);
  // Seconds into the loop, kept across a pause so play resumes where it stopped.
  const elapsed = useRef(0);
  const animate = mode === 'loop' && !reducedMotion;

  useEffect(() => {
    if (!animate || !playing) {
      return;
    }
    let frame = 0;
    const startedAt = performance.now() - elapsed.current * 1000;
    const tick = (now: number): void => {
      elapsed.current = (now - startedAt) / 1000;
      setT(figureProgress(movement, elapsed.current));
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [animate, playing, movement]);

  const [x, y, w, h] = drawing.viewBox;
  if (!animate) {
    return (
      <figure className={className}>
        <div className="flex w-full items-end justify-center gap-2">
          {(['start', 'end'] as const).map((frame) => (
            <svg
              key={frame}
              viewBox={`${x} ${y} ${w} ${h}`}
              role="img"
              aria-label={`${label}: ${frame} position`}
              className="h-full max-h-48 w-1/2"
            >
              {drawing.shapes(frame === 'start' ? 0 : 1, { cues: true }).map((shape, index) => (
                <Shape key={index} shape={shape} />
              ))}
            </svg>
          ))}
        </div>
        <figcaption className="sr-only">{label}: start and end positions</figcaption>
      </figure>
    );
  }
  return (
    <figure className={`relative ${className ?? ''}`}>
      <svg
        viewBox={`${x} ${y} ${w} ${h}`}
        role="img"
        aria-label={`${label}: moving from the start to the end position and back`}
        className="h-full max-h-64 w-full"
      >
        {drawing.shapes(t).map((shape, index) => (
          <Shape key={index} shape={shape} />
        ))}
      </svg>
      <button
        type="button"
        onClick={() => setPlaying((value) => !value)}
        aria-label={playing ? `Pause ${label}` : `Play ${label}`}
        className={
          controlSize === 'large'
            ? 'absolute right-2 bottom-2 inline-flex size-12 items-center justify-center rounded-full bg-brand-700 text-surface shadow-card hover:bg-brand-800'
            : 'absolute right-1 bottom-1 rounded-control bg-surface/90 p-1.5 text-ink-muted shadow-card hover:text-brand-700'
        }
      >
        {playing ? (
          <Pause size={controlSize === 'large' ? 24 : 16} aria-hidden="true" />
        ) : (
          <Play size={controlSize === 'large' ? 24 : 16} aria-hidden="true" />
        )}
      </button>
    </figure>
  );
}
