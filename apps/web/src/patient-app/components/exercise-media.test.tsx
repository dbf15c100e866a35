import type { HepVideo } from '@homestretch/contract/hep/hep-item';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { miniSquatMovement } from '../../test/hep-fixtures';
import { ExerciseMedia, FRAME_MS } from './exercise-media';

const video: HepVideo = {
  id: 7,
  title: 'Cat Stretch',
  description: '',
  body_parts: 'Back',
  source: 'catalogue',
  level: 'beginner',
  video_url: null,
  thumbnail_url: null,
  frame_urls: ['/video/7/frames/0', '/video/7/frames/1'],
  is_archived: false,
  movement_id: null,
  movement: null,
};

const step = () => screen.getByText(/^Step \d of 2$/).textContent;

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the photo loop of a catalogue exercise', () => {
  it('moves on as Play is pressed, keeps going step by step, and stays put once paused', () => {
    render(<ExerciseMedia video={video} />);
    expect(step()).toBe('Step 1 of 2');

    // Two photos at one a step: Play must answer at once, or a patient who looks a few seconds
    // later finds the loop back on step 1 and thinks it never started (issue 30, item 7).
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(step()).toBe('Step 2 of 2');
    act(() => {
      vi.advanceTimersByTime(FRAME_MS);
    });
    expect(step()).toBe('Step 1 of 2');
    act(() => {
      vi.advanceTimersByTime(FRAME_MS);
    });
    expect(step()).toBe('Step 2 of 2');

    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    act(() => {
      vi.advanceTimersByTime(10 * FRAME_MS);
    });
    expect(step()).toBe('Step 2 of 2');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('the figure of an exercise with a movement model', () => {
  function prefersReducedMotion(reduce: boolean): void {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: reduce && query.includes('reduce'),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
  }
  const squat: HepVideo = {
    ...video,
    title: 'Mini squat',
    frame_urls: [],
    movement_id: 'mini-squat',
    movement: miniSquatMovement,
  };

  beforeEach(() => {
    vi.useRealTimers();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('loops the figure in place of photos, with a pause button a finger can find', async () => {
    prefersReducedMotion(false);
    render(<ExerciseMedia video={squat} />);
    expect(
      await screen.findByRole('img', {
        name: 'Mini squat: moving from the start to the end position and back',
      }),
    ).toBeInTheDocument();
    const pause = screen.getByRole('button', { name: 'Pause Mini squat' });
    expect(pause).toHaveClass('size-12');
    fireEvent.click(pause);
    expect(screen.getByRole('button', { name: 'Play Mini squat' })).toBeInTheDocument();
  });

  it('shows the start and end side by side for a patient who asks for reduced motion', async () => {
    prefersReducedMotion(true);
    render(<ExerciseMedia video={squat} />);
    expect(
      await screen.findByRole('img', { name: 'Mini squat: start position' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Mini squat: end position' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('plays a clinic film rather than its figure', () => {
    render(<ExerciseMedia video={{ ...squat, video_url: '/video/7/file' }} />);
    expect(screen.getByLabelText('Video: Mini squat')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
