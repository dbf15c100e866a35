import type { Recommendations } from '@homestretch/contract/hep/recommendations';
import { MovementModelSchema } from '@homestretch/contract/library/movement';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hepVideoFixture } from '../../../test/hep-fixtures';
import { RecommendedExercises } from './recommended-exercises';

const heelSlide = MovementModelSchema.parse({
  view: 'side',
  posture: 'supine',
  start: { right: { hipFlexion: 10, kneeFlexion: 10 } },
  end: { right: { hipFlexion: 60, kneeFlexion: 90 } },
  moving: 'right',
  counted: { joint: 'kneeFlexion', side: 'right', from: 10, to: 90 },
});

const answer: Recommendations = {
  phase: 'early',
  region: 'Knee and thigh',
  code: 'Z96651',
  condition: 'knee-replacement',
  week: 3,
  explanation:
    'Z96.651: Knee replacement, week 3, early phase (middle from week 4, late from week 8).',
  videos: [
    {
      ...hepVideoFixture(1, 'Heel slide', {
        source: 'catalogue',
        thumbnail_url: null,
        movement_id: 'heel-slide',
        movement: heelSlide,
      }),
      sets: 2,
      reps: 10,
      reason: 'Progression of Quad set, done for 2 weeks',
      reasons: [
        'Progression of Quad set, done for 2 weeks',
        'Knee replacement, week 3: early phase — knee range of motion',
      ],
      condition: 'knee-replacement',
      phase: 'early',
    },
    {
      ...hepVideoFixture(2, 'Our ankle pumps'),
      sets: 1,
      reps: 20,
      reason: 'Knee replacement, week 3: early phase — ankle range of motion',
      reasons: ['Knee replacement, week 3: early phase — ankle range of motion'],
      condition: 'knee-replacement',
      phase: 'early',
    },
  ],
};

function Panel({ data }: { data: Recommendations }) {
  const state = useQuery({ queryKey: ['recommendations'], queryFn: () => Promise.resolve(data) });
  return (
    <RecommendedExercises
      state={state}
      asked
      stateOf={() => 'free'}
      onChoose={() => undefined}
      onPreview={() => undefined}
    />
  );
}

function renderPanel(data: Recommendations) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Panel data={data} />
    </QueryClientProvider>,
  );
}

describe('RecommendedExercises', () => {
  it('says what the list was chosen for and why each exercise, in a line', async () => {
    renderPanel(answer);
    expect(
      await screen.findByText('Early phase, week 3 · Knee replacement · Z96.651'),
    ).toBeVisible();
    expect(screen.getByText(answer.explanation)).toBeVisible();
    const why = screen.getByRole('list', { name: 'Why Heel slide' });
    expect(
      within(why)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(answer.videos[0]?.reasons);
    expect(
      within(screen.getByRole('list', { name: 'Why Our ankle pumps' })).getByText(
        'Knee replacement, week 3: early phase — ankle range of motion',
      ),
    ).toBeVisible();
  });

  it("draws a catalogue exercise's figure, its start and end, where it has no picture", async () => {
    renderPanel(answer);
    expect(await screen.findByRole('img', { name: 'Heel slide: start position' })).toBeVisible();
    expect(screen.getByRole('img', { name: 'Heel slide: end position' })).toBeVisible();
    // A clinic film keeps its poster.
    expect(screen.queryByRole('img', { name: /Our ankle pumps/ })).toBeNull();
  });

  it('explains an empty list', async () => {
    const explanation =
      'Z47.1 names no condition or body region the catalogue treats: choose the exercises from the library.';
    renderPanel({
      ...answer,
      condition: null,
      region: null,
      code: 'Z471',
      explanation,
      videos: [],
    });
    expect(await screen.findByText(explanation)).toBeVisible();
  });
});
