import { MovementModelSchema } from '@homestretch/contract/library/movement';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExerciseFigure } from './exercise-figure';

const miniSquat = MovementModelSchema.parse({
  view: 'side',
  posture: 'standing',
  start: {},
  end: {
    left: { hipFlexion: 30, kneeFlexion: 60, ankleDorsiflexion: 30 },
    right: { hipFlexion: 30, kneeFlexion: 60, ankleDorsiflexion: 30 },
  },
  moving: 'both',
  counted: { joint: 'kneeFlexion', side: 'right', from: 0, to: 60 },
});

function prefersReducedMotion(reduce: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ExerciseFigure', () => {
  it('loops the figure with a pause button that becomes play', async () => {
    prefersReducedMotion(false);
    render(<ExerciseFigure movement={miniSquat} label="Mini squat" />);
    expect(
      screen.getByRole('img', {
        name: 'Mini squat: moving from the start to the end position and back',
      }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pause Mini squat' }));
    expect(screen.getByRole('button', { name: 'Play Mini squat' })).toBeInTheDocument();
  });

  it('shows the start and end side by side, still, when the user asks for reduced motion', () => {
    prefersReducedMotion(true);
    render(<ExerciseFigure movement={miniSquat} label="Mini squat" />);
    expect(screen.getByRole('img', { name: 'Mini squat: start position' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Mini squat: end position' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('draws the moving side in the brand colour', async () => {
    prefersReducedMotion(true);
    const { container } = render(<ExerciseFigure movement={miniSquat} label="Mini squat" />);
    await act(async () => undefined);
    expect(container.querySelector('line[stroke^="var(--color-brand-600"]')).not.toBeNull();
  });
});
