import type { HepVideo } from '@homestretch/contract/hep/hep-item';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
