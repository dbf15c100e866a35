import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  hepItemFixture,
  hepVideoFixture,
  miniSquatMovement,
  programFixture,
} from '../../test/hep-fixtures';
import { recordApi } from '../../test/record-api';
import { renderApp, resetAuth } from '../../test/render-app';

beforeEach(() => {
  resetAuth();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the printed program', () => {
  it('prints a modelled exercise as its start and end figure beside its dose and steps', async () => {
    const squat = hepVideoFixture(401, 'Mini squat', {
      source: 'catalogue',
      video_url: null,
      thumbnail_url: null,
      description: 'Stand tall.\nBend your knees a little.',
      movement_id: 'mini-squat',
      movement: miniSquatMovement,
    });
    recordApi({
      'GET /video/hep/therapist/12': {
        body: programFixture(2, {
          items: [
            hepItemFixture(0, { video_id: 401, video: squat, sets: 2, reps: 10, hold_seconds: 3 }),
            hepItemFixture(1),
          ],
        }),
      },
    });
    renderApp('/patient/12/program/print');
    const squatItem = (await screen.findByRole('heading', { name: '1. Mini squat' })).closest('li');
    const item = within(squatItem as HTMLElement);
    expect(item.getByRole('img', { name: 'Mini squat: start and end positions' })).toHaveAttribute(
      'src',
      '/video/401/figure/start-end',
    );
    expect(item.getByText('2 sets × 10 reps, hold 3 seconds')).toBeInTheDocument();
    expect(item.getByText(/Bend your knees a little\./)).toBeInTheDocument();

    // An exercise without a model keeps its picture and draws no figure.
    const other = within(
      screen.getByRole('heading', { name: /^2\. / }).closest('li') as HTMLElement,
    );
    expect(other.queryByRole('img', { name: /positions$/ })).not.toBeInTheDocument();
  });
});
