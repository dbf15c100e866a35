import type { Video } from '@homestretch/contract/library/video';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  catalogueVideoFixture,
  folderFixture,
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
const BIRD_DOG = catalogueVideoFixture();
const KNEE_REHAB = folderFixture();
const WALL_SQUAT = wallSquatVideoFixture();
const MINI_SQUAT = wallSquatVideoFixture({
  id: 9101,
  title: 'Mini squat',
  movement_id: 'mini-squat',
});

function page(results: Video[], count = results.length): MockReply {
  return { body: { results, count } };
}

function signedIn(routes: Record<string, MockHandler | MockReply>) {
  return mockApi({
    'GET /api/v1/users/': { body: { results: [userFixture()], count: 1 } },
    'GET /user/settings-info': { body: settingsFixture },
    'GET /video/library': { body: { results: [KNEE_REHAB], count: 1 } },
    ...routes,
  });
}

function listQueries(api: ReturnType<typeof mockApi>) {
  return api.fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/video/list')
    .map((url) => Object.fromEntries(url.searchParams));
}

beforeAll(async () => {
  await import('./exercise-library-page');
});

beforeEach(() => {
  resetAuth();
  window.localStorage.clear();
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1280 });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('exercise library', () => {
  it('shows the clinic’s videos and the catalogue as cards, with the folders beside them', async () => {
    signedIn({ 'GET /video/list': page([KNEE, BIRD_DOG], 2) });
    renderApp('/exercise-library');

    const cards = await screen.findByRole('list', { name: 'Videos' });
    expect(within(cards).getByRole('link', { name: 'Seated knee extension' })).toHaveAttribute(
      'href',
      '/exercise-edit/101',
    );
    expect(
      within(cards).getByRole('button', { name: 'Copy Bird dog to my library' }),
    ).toBeVisible();
    expect(within(cards).getByRole('link', { name: 'Edit Seated knee extension' })).toBeVisible();
    // A catalogue item can be previewed and copied, never edited in place.
    expect(within(cards).queryByRole('link', { name: 'Edit Bird dog' })).toBeNull();
    expect(screen.getByText('2 videos')).toBeInTheDocument();
    const folders = screen.getByRole('complementary', { name: 'Folders' });
    expect(await within(folders).findByRole('button', { name: /^Knee rehab/ })).toBeVisible();
  });

  it('sends the chosen filters and the search once typing pauses, and shows the list view', async () => {
    const api = signedIn({ 'GET /video/list': page([KNEE]) });
    const user = userEvent.setup();
    renderApp('/exercise-library');
    await screen.findByRole('list', { name: 'Videos' });

    await user.click(screen.getByRole('button', { name: /Body part/ }));
    await user.click(screen.getByRole('option', { name: 'Knee and thigh' }));
    await user.click(screen.getByRole('button', { name: /^Show/ }));
    await user.click(screen.getByRole('option', { name: 'Catalogue' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'knee ext');

    await waitFor(() =>
      expect(listQueries(api).at(-1)).toEqual({
        page: '1',
        scope: 'catalogue',
        body_parts: 'Knee and thigh',
        search: 'knee ext',
      }),
    );
    // One request for the typed words, not one per key.
    expect(listQueries(api).filter((query) => query.search !== undefined)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'List' }));
    expect(screen.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    expect(window.localStorage.getItem('homestretch.exercise-library.view')).toBe('list');
  });

  it('follows a link clicked while a search waits for its pause', async () => {
    signedIn({
      'GET /video/list': page([KNEE]),
      'GET /video/101': { body: videoDetailFixture(KNEE) },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/exercise-library');

    await user.type(await screen.findByRole('searchbox', { name: 'Search' }), 'kne');
    await user.click(screen.getByRole('link', { name: 'Seated knee extension' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exercise-edit/101'), {
      timeout: 5000,
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(router.state.location.pathname).toBe('/exercise-edit/101');
  });

  it('says when nothing matches and clears the filters', async () => {
    const api = signedIn({
      'GET /video/list': ({ url }) => page(url.searchParams.has('purpose') ? [] : [KNEE]),
    });
    const user = userEvent.setup();
    renderApp('/exercise-library?purpose=Cardio&page=2');

    expect(await screen.findByText('No videos match these filters')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('link', { name: 'Seated knee extension' })).toBeVisible();
    expect(listQueries(api).at(-1)).toEqual({ page: '1', scope: 'all' });
  });

  it('shows a failed load in words and tries again', async () => {
    let fail = true;
    signedIn({
      'GET /video/list': () =>
        fail
          ? { status: 500, body: errorBody('internal', 'Something went wrong on our side.') }
          : page([KNEE]),
    });
    const user = userEvent.setup();
    renderApp('/exercise-library');

    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Something went wrong on our side.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Seated knee extension' })).toBeVisible();
  });

  it('creates a folder, then puts the chosen videos in it', async () => {
    const folders = [KNEE_REHAB];
    const created = folderFixture({ id: 32, name: 'Balance week 1', videos: [] });
    const api = signedIn({
      'GET /video/list': page([KNEE, BIRD_DOG], 2),
      'GET /video/library': () => ({ body: { results: folders, count: folders.length } }),
      'POST /video/library': () => {
        folders.push(created);
        return { status: 201, body: created };
      },
      'POST /video/library/bulk': { body: { results: [{ ...created, videos: [101, 9001] }] } },
    });
    const user = userEvent.setup();
    renderApp('/exercise-library');
    await screen.findByRole('list', { name: 'Videos' });

    await user.click(screen.getByRole('button', { name: 'New folder' }));
    const dialog = await screen.findByRole('dialog', { name: 'New folder' });
    await user.click(within(dialog).getByRole('button', { name: 'Create folder' }));
    expect(within(dialog).getByText('Folder name is required')).toBeVisible();
    await user.type(within(dialog).getByLabelText('Folder name'), '  Balance week 1 ');
    await user.click(within(dialog).getByRole('button', { name: 'Create folder' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.bodiesOf('POST /video/library')).toEqual([{ name: 'Balance week 1' }]);
    const panel = screen.getByRole('complementary', { name: 'Folders' });
    expect(await within(panel).findByRole('button', { name: /^Balance week 1/ })).toBeVisible();

    await user.click(screen.getByRole('checkbox', { name: 'Select Seated knee extension' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Bird dog' }));
    const bar = screen.getByRole('region', { name: 'Selected videos' });
    expect(bar).toHaveTextContent('2 selected');
    await user.click(within(bar).getByRole('button', { name: 'Add to folder' }));
    const add = await screen.findByRole('dialog', { name: 'Add 2 videos to folders' });
    await user.click(within(add).getByRole('checkbox', { name: /Balance week 1/ }));
    await user.click(within(add).getByRole('button', { name: 'Add to folder' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.bodiesOf('POST /video/library/bulk')).toEqual([
      { video_ids: [101, 9001], libraryfolder_ids: [32] },
    ]);
  });

  it('opens a folder, shares it and takes a video out of it', async () => {
    let shared = false;
    const api = signedIn({
      'GET /video/list': ({ url }) =>
        page(url.searchParams.get('folder') === '31' ? [KNEE] : [KNEE, BIRD_DOG]),
      'GET /video/library': () => ({
        body: { results: [{ ...KNEE_REHAB, is_shared: shared }], count: 1 },
      }),
      'POST /video/library/share': () => {
        shared = true;
        return { body: { results: [{ ...KNEE_REHAB, is_shared: true }] } };
      },
      'DELETE /video/library/delete': { body: { results: [{ ...KNEE_REHAB, videos: [] }] } },
    });
    const user = userEvent.setup();
    renderApp('/exercise-library');
    const panel = await screen.findByRole('complementary', { name: 'Folders' });

    await user.click(await within(panel).findByRole('button', { name: /^Knee rehab/ }));
    await waitFor(() => expect(listQueries(api).at(-1)).toMatchObject({ folder: '31' }));
    expect(await screen.findByText('Private: only you see it')).toBeVisible();

    await user.click(within(panel).getByRole('button', { name: 'Actions for folder Knee rehab' }));
    await user.click(screen.getByRole('button', { name: 'Share with the clinic' }));
    expect(await screen.findByText('Shared with your clinic')).toBeVisible();
    expect(api.bodiesOf('POST /video/library/share')).toEqual([
      { libraryfolder_ids: [31], is_shared: true },
    ]);

    await user.click(screen.getByRole('checkbox', { name: 'Select Seated knee extension' }));
    await user.click(screen.getByRole('button', { name: 'Remove from this folder' }));
    await waitFor(() =>
      expect(api.bodiesOf('DELETE /video/library/delete')).toEqual([
        { video_ids: [101], libraryfolder_ids: [31] },
      ]),
    );
  });

  it('deletes the chosen videos after asking and names those a program keeps', async () => {
    const other = videoFixture({ id: 102, title: 'Wall slide' });
    const api = signedIn({
      'GET /video/list': page([KNEE, other, BIRD_DOG], 3),
      'DELETE /video/delete': { body: { deleted: [101], archived: [102] } },
    });
    const user = userEvent.setup();
    renderApp('/exercise-library');
    await screen.findByRole('list', { name: 'Videos' });

    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete 2 videos?' });
    expect(confirm).toHaveTextContent('Catalogue items and other therapists’ videos');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(
      await screen.findByText(/Kept for the patients’ programs that use them: Wall slide/),
    ).toBeVisible();
    expect(api.bodiesOf('DELETE /video/delete')).toEqual([{ videos: [101, 102] }]);
  });

  it('copies a catalogue item and opens the copy to edit', async () => {
    const copy = videoFixture({
      ...BIRD_DOG,
      id: 555,
      source: 'clinic',
      is_mine: true,
      can_edit: true,
      owner: { id: 7, first_name: 'Dana', last_name: 'Reyes' },
    });
    signedIn({
      'GET /video/list': page([BIRD_DOG]),
      'POST /video/9001/copy': { status: 201, body: copy },
      'GET /video/555': { body: videoDetailFixture(copy) },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/exercise-library');

    await user.click(await screen.findByRole('button', { name: 'Copy Bird dog to my library' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exercise-edit/555'), {
      timeout: 5000,
    });
  });

  it('draws a catalogue exercise’s figure on its card and says its collection', async () => {
    signedIn({ 'GET /video/list': page([KNEE, WALL_SQUAT, BIRD_DOG]) });
    renderApp('/exercise-library');

    const cards = await screen.findByRole('list', { name: 'Videos' });
    const wallSquat = within(cards).getByRole('link', { name: 'Wall squat' }).closest('li')!;
    // The figure's code is a chunk of its own: it arrives after the cards.
    await waitFor(() => expect(wallSquat.querySelector('svg[data-figure]')).not.toBeNull());
    expect(wallSquat.querySelector('svg[data-figure]')).toHaveAttribute('data-figure', 'still');
    expect(within(wallSquat).getByText('Physical therapy')).toBeVisible();
    const birdDog = within(cards).getByRole('link', { name: 'Bird dog' }).closest('li')!;
    expect(within(birdDog).getByText('Strength and conditioning')).toBeVisible();
    expect(birdDog.querySelector('svg[data-figure]')).toBeNull();
    const knee = within(cards).getByRole('link', { name: 'Seated knee extension' }).closest('li')!;
    expect(knee.querySelector('svg[data-figure]')).toBeNull();
    expect(within(knee).queryByText('Physical therapy')).toBeNull();

    // Pointed at, its figure moves; the others stay still.
    await userEvent.setup().hover(wallSquat);
    expect(wallSquat.querySelector('svg[data-figure]')).toHaveAttribute('data-figure', 'moving');
  });

  it('narrows the catalogue to one collection through the address', async () => {
    const api = signedIn({ 'GET /video/list': page([WALL_SQUAT]) });
    const user = userEvent.setup();
    const { router } = renderApp('/exercise-library');
    await screen.findByRole('list', { name: 'Videos' });

    await user.click(screen.getByRole('button', { name: /^Collection/ }));
    await user.click(screen.getByRole('option', { name: 'Physical therapy' }));
    await waitFor(() =>
      expect(listQueries(api).at(-1)).toEqual({
        page: '1',
        scope: 'all',
        collection: 'physical-therapy',
      }),
    );
    expect(router.state.location.search).toBe('?collection=physical-therapy');

    await user.click(screen.getByRole('button', { name: /^Collection/ }));
    await user.click(screen.getByRole('option', { name: 'Both collections' }));
    // Both is the default: out of the address again.
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('previews a catalogue exercise with its figure, dose, steps and versions', async () => {
    const api = signedIn({
      'GET /video/list': page([WALL_SQUAT]),
      'GET /video/9100': { body: videoDetailFixture(WALL_SQUAT, wallSquatExerciseFixture()) },
      'GET /video/9101': {
        body: videoDetailFixture(
          MINI_SQUAT,
          wallSquatExerciseFixture({
            id: 'mini-squat',
            name: 'Mini squat',
            instructions: ['Stand tall.', 'Bend your knees a little.'],
            easier: [],
            harder: [{ id: 'wall-squat', name: 'Wall squat', video_id: 9100 }],
          }),
        ),
      },
    });
    const user = userEvent.setup();
    renderApp('/exercise-library');

    await user.click(await screen.findByRole('button', { name: 'Preview Wall squat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Wall squat' });
    expect(
      await within(dialog).findByRole('img', {
        name: 'Wall squat: moving from the start to the end position and back',
      }),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Pause Wall squat' })).toBeVisible();
    expect(
      await within(dialog).findByText('3 sets of 10, hold 5 s, once a day, 5 days a week'),
    ).toBeVisible();
    const steps = within(dialog).getByRole('region', { name: 'Steps' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Stand with your back to a wall.', 'Slide down until your knees bend a little.']);
    expect(within(dialog).getByText('Stop if your knee hurts more than a little.')).toBeVisible();
    expect(within(dialog).getByText('Knee osteoarthritis')).toBeVisible();
    expect(within(dialog).getByText('Middle and late phases')).toBeVisible();
    expect(
      within(dialog).getByRole('link', { name: /Knee osteoarthritis guideline/ }),
    ).toHaveAttribute('href', 'https://example.org/knee-guideline');

    // The easier version opens in the same preview, with the way back.
    await user.click(within(dialog).getByRole('button', { name: 'Mini squat' }));
    expect(await screen.findByRole('dialog', { name: 'Mini squat' })).toBeVisible();
    expect(await screen.findByText('Bend your knees a little.')).toBeVisible();
    expect(api.calls()).toContain('GET /video/9101');
    await user.click(screen.getByRole('button', { name: 'Back to Wall squat' }));
    expect(await screen.findByRole('dialog', { name: 'Wall squat' })).toBeVisible();
  });

  it('previews a clinic film with its own instructions beside the figure of its model', async () => {
    const film = videoFixture({ movement_id: 'wall-squat', movement: WALL_SQUAT.movement });
    signedIn({
      'GET /video/list': page([film]),
      'GET /video/101': { body: videoDetailFixture(film, wallSquatExerciseFixture()) },
    });
    const user = userEvent.setup();
    renderApp('/exercise-library');

    await user.click(await screen.findByRole('button', { name: 'Preview Seated knee extension' }));
    const dialog = await screen.findByRole('dialog', { name: 'Seated knee extension' });
    expect(within(dialog).getByLabelText('Video: Seated knee extension')).toBeVisible();
    expect(await within(dialog).findByText('Movement model: Wall squat')).toBeVisible();
    expect(
      await within(dialog).findByRole('img', {
        name: 'Wall squat: moving from the start to the end position and back',
      }),
    ).toBeVisible();
    expect(
      within(dialog).getByText('Straighten the knee slowly, hold for two seconds.'),
    ).toBeVisible();
    expect(within(dialog).getByText('Knee osteoarthritis')).toBeVisible();
    // The catalogue's steps are the wall squat's, not this film's: they are not shown.
    expect(within(dialog).queryByRole('region', { name: 'Steps' })).toBeNull();
  });
});
