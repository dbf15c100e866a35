import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { wallSquatMovement } from '../../../test/fixtures';
import { FigureThumb } from './figure-thumb';

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
  it('draws the start position still, and moves through the exercise while its card is active', async () => {
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

    // Let go, it shows its start position again at once.
    rerender(<FigureThumb movement={wallSquatMovement} />);
    expect(markupOf(container)).toBe(start);
  });

  it('stays still for those who ask for less motion', () => {
    prefersReducedMotion(true);
    const { container } = render(<FigureThumb movement={wallSquatMovement} moving />);
    expect(container.querySelector('svg')).toHaveAttribute('data-figure', 'still');
  });
});
