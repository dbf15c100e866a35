import { figureDrawing } from '@homestretch/contract/library/figure-svg';
import { MovementModelSchema } from '@homestretch/contract/library/movement';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { wallSquatMovement } from '../../../test/fixtures';
import { FigureThumb, startEndLayout } from './figure-thumb';

/** A heel slide: lying on the back, one heel sliding toward the seat. */
const heelSlide = MovementModelSchema.parse({
  view: 'side',
  posture: 'supine',
  start: {},
  end: { right: { hipFlexion: 60, kneeFlexion: 90 } },
  moving: 'right',
  counted: { joint: 'kneeFlexion', side: 'right', from: 0, to: 90 },
});

const aspectOf = (viewBox: string) => {
  const [, , w = 0, h = 1] = viewBox.split(' ').map(Number);
  return w / h;
};

function prefersReducedMotion(reduce: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

/** The figure's markup: what changes as it moves. */
const markupOf = (container: HTMLElement) => container.querySelector('svg')?.innerHTML ?? '';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a card’s figure', () => {
  it('draws the start and end still, and moves through the exercise while its card is active', async () => {
    prefersReducedMotion(false);
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    const { container, rerender } = render(<FigureThumb movement={wallSquatMovement} />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('data-figure', 'still');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    const start = markupOf(container);
    expect(start).toContain('<path');

    rerender(<FigureThumb movement={wallSquatMovement} moving />);
    expect(container.querySelector('svg')).toHaveAttribute('data-figure', 'moving');
    // Past the start's hold and halfway down: the knees have bent.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_500);
    });
    expect(markupOf(container)).not.toBe(start);

    // Let go, it shows its start and end again at once.
    rerender(<FigureThumb movement={wallSquatMovement} />);
    expect(markupOf(container)).toBe(start);
  });

  it('sets a standing exercise side by side and one lying down one above the other', () => {
    const standing = startEndLayout(figureDrawing(wallSquatMovement));
    expect(aspectOf(standing.viewBox)).toBeGreaterThan(
      aspectOf(figureDrawing(wallSquatMovement).viewBox.join(' ')),
    );
    const lying = startEndLayout(figureDrawing(heelSlide));
    expect(aspectOf(lying.viewBox)).toBeLessThan(
      aspectOf(figureDrawing(heelSlide).viewBox.join(' ')),
    );
    // Two frames, each its own group, and the arrow between them.
    for (const layout of [standing, lying]) {
      expect(layout.markup.match(/<g transform=/g)).toHaveLength(2);
    }
  });

  it('stays still for those who ask for less motion', () => {
    prefersReducedMotion(true);
    const { container } = render(<FigureThumb movement={wallSquatMovement} moving />);
    expect(container.querySelector('svg')).toHaveAttribute('data-figure', 'still');
  });
});
