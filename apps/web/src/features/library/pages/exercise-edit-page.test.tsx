import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  catalogueVideoFixture,
  settingsFixture,
  userFixture,
  videoDetailFixture,
  videoFixture,
  wallSquatExerciseFixture,
  wallSquatVideoFixture,
} from '../../../test/fixtures';
import { errorBody, mockApi, type MockHandler, type MockReply } from '../../../test/mock-api';
import { renderApp, resetAuth } from '../../../test/render-app';

const KNEE = videoFixture();

function signedIn(routes: Record<string, MockHandler | MockReply>) {
  return mockApi({
    'GET /api/v1/users/': { body: { results: [userFixture()], count: 1 } },
    'GET /user/settings-info': { body: settingsFixture },
    ...routes,
  });
}

beforeAll(async () => {
  await import('./exercise-edit-page');
});

beforeEach(() => {
  resetAuth();
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1280 });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('exercise edit', () => {
  it('checks the details with the contract before sending, then saves the whole form', async () => {
    const api = signedIn({
      'GET /video/101': { body: videoDetailFixture(KNEE) },
      'PATCH /video/101': ({ body }) => ({ body: { ...KNEE, ...(body as object) } }),
      'GET /video/list': { body: { results: [], count: 0 } },
    });
    const user = userEvent.setup();
    renderApp('/exercise-edit/101');

    const sets = await screen.findByRole('spinbutton', { name: 'Sets' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Seated knee extension');
    await user.clear(sets);
    await user.type(sets, '0');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('At least 1 set')).toBeVisible();
    await waitFor(() => expect(sets).toHaveFocus());
    expect(api.calls()).not.toContain('PATCH /video/101');

    await user.clear(sets);
    await user.type(sets, '4');
    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, ' Knee extension, seated ');
    await user.click(screen.getByRole('button', { name: /Position/ }));
    await user.click(screen.getByRole('option', { name: 'Standing' }));
    await user.type(screen.getByRole('textbox', { name: 'Purpose of treatment' }), 'Quadriceps');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(api.bodiesOf('PATCH /video/101')).toHaveLength(1));
    expect(api.bodiesOf('PATCH /video/101')[0]).toEqual({
      title: 'Knee extension, seated',
      description: 'Straighten the knee slowly, hold for two seconds.',
      body_parts: 'Knee and thigh',
      purpose: 'Strength',
      position: 'Standing',
      equipment: 'Chair',
      sets: 4,
      reps: 10,
      // Left blank: the contract's "not said".
      unhealthy_body_part: '-',
      purpose_of_treatment: 'Quadriceps',
      movement_id: null,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Knee extension, seated' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Undo changes' })).toBeDisabled();
  });

  it('asks before leaving with unsaved changes', async () => {
    signedIn({ 'GET /video/101': { body: videoDetailFixture(KNEE) } });
    const user = userEvent.setup();
    const { router } = renderApp('/exercise-edit/101');

    await user.type(await screen.findByRole('spinbutton', { name: 'Reps' }), '5');
    await user.click(screen.getByRole('button', { name: 'Exercise library' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe('/exercise-edit/101');
    expect(screen.getByRole('spinbutton', { name: 'Reps' })).toHaveValue(105);
  });

  it('shows a catalogue item read-only and copies it to the library', async () => {
    const copy = videoFixture({
      ...catalogueVideoFixture(),
      id: 556,
      source: 'clinic',
      can_edit: true,
      is_mine: true,
    });
    const api = signedIn({
      'GET /video/9001': { body: videoDetailFixture(catalogueVideoFixture()) },
      'POST /video/9001/copy': { status: 201, body: copy },
      'GET /video/list': { body: { results: [], count: 0 } },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/exercise-edit/9001');

    expect(await screen.findByText(/from the catalogue every clinic shares/)).toBeVisible();
    expect(screen.getByRole('img', { name: 'Start position' })).toHaveAttribute(
      'src',
      '/video/9001/frames/0',
    );
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Copy to my library' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exercise-edit/556'));
    expect(api.calls()).toContain('POST /video/9001/copy');
    expect(await screen.findByRole('button', { name: 'Save changes' })).toBeVisible();
  });

  it('explains why a colleague’s video is read-only', async () => {
    signedIn({
      'GET /video/101': {
        body: videoDetailFixture(
          videoFixture({
            is_mine: false,
            can_edit: false,
            owner: { id: 8, first_name: 'Milo', last_name: 'Grant' },
          }),
        ),
      },
    });
    renderApp('/exercise-edit/101');
    expect(
      await screen.findByText(
        'Only Milo Grant or your clinic’s administrator can change this video.',
      ),
    ).toBeVisible();
    expect(screen.getByText('By Milo Grant')).toBeVisible();
  });

  it('says a video that is not there is not found', async () => {
    signedIn({
      'GET /video/404': { status: 404, body: errorBody('not_found', 'Video not found') },
    });
    renderApp('/exercise-edit/404');
    expect(await screen.findByText('This video is not in your library')).toBeVisible();
  });

  it('shows a processing video and plays it once it is ready', async () => {
    let status: 'processing' | 'ready' = 'processing';
    signedIn({ 'GET /video/101': () => ({ body: videoDetailFixture({ ...KNEE, status }) }) });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { container } = renderApp('/exercise-edit/101');
      expect(await screen.findByText('Preparing the video')).toBeVisible();
      status = 'ready';
      await vi.advanceTimersByTimeAsync(3_000);
      await waitFor(() => expect(container.querySelector('video')).not.toBeNull());
      const video = container.querySelector('video') as HTMLVideoElement;
      expect(video).toHaveAttribute('src', '/video/101/file');
      expect(video).toHaveAttribute('poster', '/video/101/poster');
      expect(video).toHaveAttribute('preload', 'metadata');
    } finally {
      vi.useRealTimers();
    }
  });

  it('deletes the video after asking and goes back to the library', async () => {
    const api = signedIn({
      'GET /video/101': { body: videoDetailFixture(KNEE) },
      'DELETE /video/delete': { body: { deleted: [101], archived: [] } },
      'GET /video/list': { body: { results: [], count: 0 } },
      'GET /video/library': { body: { results: [], count: 0 } },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/exercise-edit/101');

    await user.click(await screen.findByRole('button', { name: 'Delete video' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete “Seated knee extension”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exercise-library'), {
      timeout: 5000,
    });
    expect(api.bodiesOf('DELETE /video/delete')).toEqual([{ videos: [101] }]);
  });

  it('gives a clinic film the movement model of a catalogue exercise, and takes it away', async () => {
    const wallSquat = wallSquatVideoFixture();
    const api = signedIn({
      'GET /video/101': { body: videoDetailFixture(KNEE) },
      'GET /video/list': ({ url }) => ({
        body:
          url.searchParams.get('search') === 'wall sit'
            ? { results: [wallSquat], count: 1 }
            : { results: [], count: 0 },
      }),
      'PATCH /video/101': ({ body }) => ({ body: { ...KNEE, ...(body as object) } }),
    });
    const user = userEvent.setup();
    renderApp('/exercise-edit/101');

    const model = await screen.findByRole('group', { name: 'Movement model' });
    await user.type(
      within(model).getByRole('searchbox', { name: 'Find a catalogue exercise' }),
      'wall sit',
    );
    await user.click(await within(model).findByRole('button', { name: 'Choose Wall squat' }));
    const listed = api.fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/video/list')
      .map((url) => Object.fromEntries(url.searchParams));
    expect(listed).toContainEqual({
      page: '1',
      scope: 'catalogue',
      collection: 'physical-therapy',
      search: 'wall sit',
    });
    expect(within(model).getByText(/This film is a/)).toHaveTextContent(
      'This film is a Wall squat',
    );
    // Its figure: the start and end positions, drawn from the model.
    await waitFor(() => expect(model.querySelector('svg[data-figure="still"]')).not.toBeNull());

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.bodiesOf('PATCH /video/101')).toHaveLength(1));
    expect(api.bodiesOf('PATCH /video/101')[0]).toMatchObject({ movement_id: 'wall-squat' });

    await user.click(within(model).getByRole('button', { name: 'Remove model' }));
    expect(within(model).queryByText(/This film is a/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.bodiesOf('PATCH /video/101')).toHaveLength(2));
    expect(api.bodiesOf('PATCH /video/101')[1]).toMatchObject({ movement_id: null });
  });

  it('says when no catalogue exercise matches the search for a model', async () => {
    signedIn({
      'GET /video/101': { body: videoDetailFixture(KNEE) },
      'GET /video/list': { body: { results: [], count: 0 } },
    });
    const user = userEvent.setup();
    renderApp('/exercise-edit/101');

    const model = await screen.findByRole('group', { name: 'Movement model' });
    await user.type(within(model).getByRole('searchbox'), 'yoga flow');
    expect(
      await within(model).findByText(/No physical-therapy exercise matches “yoga flow”/),
    ).toBeVisible();
  });

  it('shows a physical-therapy exercise with its figure, dose, steps and versions', async () => {
    signedIn({
      'GET /video/9100': {
        body: videoDetailFixture(wallSquatVideoFixture(), wallSquatExerciseFixture()),
      },
    });
    renderApp('/exercise-edit/9100');

    expect(await screen.findByText('Catalogue · Physical therapy')).toBeVisible();
    expect(
      await screen.findByRole('img', {
        name: 'Wall squat: moving from the start to the end position and back',
      }),
    ).toBeVisible();
    expect(screen.getByText('3 sets of 10, hold 5 s, once a day, 5 days a week')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Mini squat' })).toHaveAttribute(
      'href',
      '/exercise-edit/9101',
    );
    expect(screen.getByRole('link', { name: 'Wall squat with a ball' })).toHaveAttribute(
      'href',
      '/exercise-edit/9102',
    );
    // The steps are the exercise's: the stored description that repeats them is not shown.
    expect(screen.queryByText('Instructions for the patient')).toBeNull();
  });

  it('shows a colleague’s film beside the figure of the model it follows', async () => {
    signedIn({
      'GET /video/101': {
        body: videoDetailFixture(
          videoFixture({
            is_mine: false,
            can_edit: false,
            owner: { id: 8, first_name: 'Milo', last_name: 'Grant' },
            movement_id: 'wall-squat',
            movement: wallSquatVideoFixture().movement,
          }),
          wallSquatExerciseFixture(),
        ),
      },
    });
    renderApp('/exercise-edit/101');

    expect(await screen.findByLabelText('Video: Seated knee extension')).toBeVisible();
    expect(await screen.findByText('Movement model: Wall squat')).toBeVisible();
    expect(
      await screen.findByRole('img', {
        name: 'Wall squat: moving from the start to the end position and back',
      }),
    ).toBeVisible();
  });
});
