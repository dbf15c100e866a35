import { NO_VIDEO_DETAILS_MESSAGE } from '@homestretch/contract/hep/approval-request';
import type { Program } from '@homestretch/contract/hep/program';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { userFixture, videoFixture } from '../../../test/fixtures';
import {
  approvalDetailsFixture,
  hepItemFixture,
  hepVideoFixture,
  miniSquatMovement,
  programFixture,
} from '../../../test/hep-fixtures';
import { errorBody } from '../../../test/mock-api';
import { recordApi } from '../../../test/record-api';
import { patientFixture } from '../../../test/record-fixtures';
import { renderApp, resetAuth } from '../../../test/render-app';
import { STALE_ORDER_MESSAGE } from './program-panel';

async function openProgram() {
  renderApp('/patient/12/dashboard');
  // The panel's lazy chunk first shows a loading card of the same name: wait for the list.
  await screen.findByRole('list', { name: /Program/ }, { timeout: 8000 });
  return screen.getByRole('region', { name: 'Home exercise program' });
}

function rowTitles(panel: HTMLElement): string[] {
  return within(within(panel).getByRole('list', { name: /Program/ }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent ?? '');
}

// The panel and its picker are lazy chunks: loaded once here, not inside a test's time.
beforeAll(async () => {
  await import('./program-panel');
  await import('./exercise-picker');
});

beforeEach(() => {
  resetAuth();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 20, 12, 0));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the home exercise program panel', () => {
  it('shows the program in order with sets × reps and notes, and saves an inline edit', async () => {
    const api = recordApi({
      'PATCH /video/hep/therapist/12/502': ({ body }) => ({
        body: { ...hepItemFixture(1), ...(body as object) },
      }),
    });
    const user = userEvent.setup();
    const panel = await openProgram();
    expect(rowTitles(panel)).toEqual(['Bird dog', 'Cat-cow stretch', 'Glute bridge']);
    const first = within(panel).getByRole('article', { name: '1. Bird dog' });
    expect(within(first).getByText('3 sets × 10 reps')).toBeInTheDocument();
    expect(within(first).getByText('Keep your back flat.')).toBeInTheDocument();

    const second = within(panel).getByRole('article', { name: '2. Cat-cow stretch' });
    await user.click(within(second).getByRole('button', { name: 'Edit Cat-cow stretch' }));
    const reps = within(second).getByLabelText('Reps');
    await user.clear(reps);
    await user.type(reps, '150');
    await user.click(within(second).getByRole('button', { name: 'Save' }));
    expect(within(second).getByText('Reps must be at most 100')).toBeInTheDocument();
    await user.clear(reps);
    await user.type(reps, '12');
    await user.type(within(second).getByLabelText('Notes for the patient'), 'Slowly');
    await user.click(within(second).getByRole('button', { name: 'Save' }));

    expect(await within(second).findByText('3 sets × 12 reps')).toBeInTheDocument();
    expect(within(second).getByText('Slowly')).toBeInTheDocument();
    expect(api.bodiesOf('PATCH /video/hep/therapist/12/502')).toEqual([
      { reps: 12, description: 'Slowly' },
    ]);
  });

  it('sets a hold beside sets and reps, refusing one over ten minutes, and takes it away again', async () => {
    const api = recordApi({
      'PATCH /video/hep/therapist/12/502': ({ body }) => ({
        body: { ...hepItemFixture(1), ...(body as object) },
      }),
    });
    const user = userEvent.setup();
    const panel = await openProgram();
    const second = within(panel).getByRole('article', { name: '2. Cat-cow stretch' });
    await user.click(within(second).getByRole('button', { name: 'Edit Cat-cow stretch' }));
    const hold = within(second).getByLabelText('Hold (seconds)');
    expect(hold).toHaveValue(null);
    await user.type(hold, '700');
    await user.click(within(second).getByRole('button', { name: 'Save' }));
    expect(within(second).getByText('Hold must be at most 600 seconds')).toBeInTheDocument();
    await user.clear(hold);
    await user.type(hold, '3');
    await user.click(within(second).getByRole('button', { name: 'Save' }));
    expect(await within(second).findByText('3 sets × 10 reps, hold 3 seconds')).toBeInTheDocument();

    await user.click(within(second).getByRole('button', { name: 'Edit Cat-cow stretch' }));
    await user.clear(within(second).getByLabelText('Hold (seconds)'));
    await user.click(within(second).getByRole('button', { name: 'Save' }));
    expect(await within(second).findByText('3 sets × 10 reps')).toBeInTheDocument();
    expect(api.bodiesOf('PATCH /video/hep/therapist/12/502')).toEqual([
      { hold_seconds: 3 },
      { hold_seconds: null },
    ]);
  });

  it('asks for the program on a date once typing pauses, never for a year the server refuses', async () => {
    const api = recordApi({
      'GET /video/hep/therapist/12/history': { body: { results: [], count: 0 } },
    });
    const user = userEvent.setup();
    const panel = await openProgram();
    await user.click(within(panel).getByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Program history' });
    await user.click(within(dialog).getByRole('tab', { name: 'Program on a date' }));
    const date = within(dialog).getByLabelText('Date');
    // A date field's value as the year is typed digit by digit.
    for (const value of ['0002-11-18', '0020-11-18', '0202-11-18', '2026-11-18']) {
      fireEvent.change(date, { target: { value } });
    }
    expect(
      await within(dialog).findByRole('region', { name: 'Program on Nov 18, 2026' }),
    ).toBeInTheDocument();
    const asked = api.fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.searchParams.has('as_of'))
      .map((url) => url.searchParams.get('as_of'));
    expect(asked).toEqual(['2026-11-18']);
  });

  it('removes an item, lists it under removed items, and restores it', async () => {
    let program: Program = programFixture();
    const api = recordApi({
      'GET /video/hep/therapist/12': () => ({ body: program }),
      'DELETE /video/hep/therapist/12': () => {
        const removed = { ...hepItemFixture(1), deleted_at: '2026-11-20T16:00:00.000Z' };
        program = programFixture(3, {
          items: [hepItemFixture(0), { ...hepItemFixture(2), order: 2 }],
          removed: [removed],
        });
        return { body: program };
      },
      'POST /api/v1/heps/502/restore/': () => {
        program = programFixture(3, {
          items: [
            hepItemFixture(0),
            { ...hepItemFixture(2), order: 2 },
            { ...hepItemFixture(1), order: 3 },
          ],
        });
        return { body: program };
      },
      'GET /video/hep/therapist/12/history': { body: { results: [], count: 0 } },
    });
    const user = userEvent.setup();
    const panel = await openProgram();
    await user.click(within(panel).getByRole('button', { name: 'Remove Cat-cow stretch' }));

    const removed = await within(panel).findByRole('region', { name: 'Removed items' });
    expect(within(removed).getByText('Cat-cow stretch')).toBeInTheDocument();
    expect(rowTitles(panel)).toEqual(['Bird dog', 'Glute bridge']);
    expect(api.bodiesOf('DELETE /video/hep/therapist/12')).toEqual([{ hep_ids: [502] }]);

    await user.click(within(removed).getByRole('button', { name: 'Restore Cat-cow stretch' }));
    await waitFor(() =>
      expect(rowTitles(panel)).toEqual(['Bird dog', 'Glute bridge', 'Cat-cow stretch']),
    );
    expect(within(panel).queryByRole('region', { name: 'Removed items' })).not.toBeInTheDocument();
  });

  it('moves an item with the arrow keys on its handle, sending every item in the new order', async () => {
    const api = recordApi({
      'POST /api/v1/heps/set_order/': ({ body }) => {
        const ids = (body as { hep_ids: number[] }).hep_ids;
        return {
          body: programFixture(3, {
            items: ids.map((id, index) => ({ ...hepItemFixture(id - 501), order: index + 1 })),
          }),
        };
      },
    });
    const user = userEvent.setup();
    const panel = await openProgram();
    within(panel).getByRole('button', { name: 'Move Glute bridge' }).focus();
    await user.keyboard('{ArrowUp}');

    expect(rowTitles(panel)).toEqual(['Bird dog', 'Glute bridge', 'Cat-cow stretch']);
    expect(within(panel).getByRole('button', { name: 'Move Glute bridge' })).toHaveFocus();
    expect(screen.getByText('Glute bridge moved to place 2 of 3.')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.bodiesOf('POST /api/v1/heps/set_order/')).toEqual([{ hep_ids: [501, 503, 502] }]),
    );

    await user.click(within(panel).getByRole('button', { name: 'Move Bird dog down' }));
    await waitFor(() => expect(api.bodiesOf('POST /api/v1/heps/set_order/')).toHaveLength(2));
    expect(api.bodiesOf('POST /api/v1/heps/set_order/')[1]).toEqual({ hep_ids: [503, 501, 502] });
  });

  it('says so and reloads when the order was made from a stale program (409)', async () => {
    const api = recordApi({
      'POST /api/v1/heps/set_order/': {
        status: 409,
        body: errorBody('conflict', 'The program has changed: reload it'),
      },
    });
    const user = userEvent.setup();
    const panel = await openProgram();
    within(panel).getByRole('button', { name: 'Move Bird dog' }).focus();
    await user.keyboard('{End}');

    expect(await within(panel).findByText(STALE_ORDER_MESSAGE)).toBeInTheDocument();
    await waitFor(() =>
      expect(rowTitles(panel)).toEqual(['Bird dog', 'Cat-cow stretch', 'Glute bridge']),
    );
    expect(api.calls().filter((call) => call === 'GET /video/hep/therapist/12')).toHaveLength(2);
  });

  it('adds a recommended and a library exercise with their sets and reps, then records the send', async () => {
    const recommended = {
      ...hepVideoFixture(201, 'Prone press-up'),
      sets: 2,
      reps: 8,
      reasons: [
        'Progression of Prone on elbows, done for 3 weeks',
        'Low back pain, week 8: late phase',
      ],
      reason: 'Progression of Prone on elbows, done for 3 weeks',
      condition: 'low-back-pain',
      phase: 'late',
    };
    const library = videoFixture({ id: 301, title: 'Wall squat', sets: 4, reps: 300 });
    const api = recordApi({
      'GET /video/recommendations': {
        body: {
          phase: 'late',
          region: 'Back',
          code: 'M5450',
          condition: 'low-back-pain',
          week: 8,
          explanation: 'M54.50: Low back pain, week 8, late phase.',
          videos: [recommended],
        },
      },
      'GET /video/list': { body: { results: [library], count: 1 } },
      'GET /video/library': { body: { results: [], count: 0 } },
      'POST /analytics/video-recommendation-interaction': { status: 201, body: { id: 1 } },
      'POST /analytics/hep-send-event': { status: 500, body: errorBody('internal', 'boom') },
      'POST /video/hep/therapist/12': { status: 201, body: programFixture(5) },
    });
    const user = userEvent.setup();
    const panel = await openProgram();
    await user.click(within(panel).getByRole('button', { name: 'Add exercises' }));
    const picker = await screen.findByRole(
      'dialog',
      { name: 'Add exercises for Maria Alvarez' },
      { timeout: 5000 },
    );

    const why = await within(picker).findByRole('list', { name: 'Why Prone press-up' });
    expect(within(why).getByText('Low back pain, week 8: late phase')).toBeInTheDocument();
    expect(within(picker).getByText(/Late phase, week 8/)).toBeInTheDocument();
    const asked = api.fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname === '/video/recommendations');
    expect(Object.fromEntries(asked?.searchParams ?? [])).toEqual({
      diagnosis_name: 'Low back pain, unspecified',
      onboarded_at: '2026-09-01T14:00:00.000Z',
      therapist_id: '7',
      patient_id: '12',
    });

    await user.click(within(picker).getByRole('button', { name: 'Choose Prone press-up' }));
    await user.click(await within(picker).findByRole('button', { name: 'Choose Wall squat' }));
    const sets = within(picker).getByLabelText('Sets for Wall squat');
    expect(within(picker).getByLabelText('Reps for Wall squat')).toHaveValue(100);
    await user.clear(sets);
    await user.type(sets, '2');
    await user.click(within(picker).getByRole('button', { name: 'Send (2)' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.bodiesOf('POST /video/hep/therapist/12')).toEqual([
      [
        { video_id: 201, sets: 2, reps: 8, hold_seconds: null, folder_id: null, folder_name: null },
        {
          video_id: 301,
          sets: 2,
          reps: 100,
          hold_seconds: null,
          folder_id: null,
          folder_name: null,
        },
      ],
    ]);
    expect(api.bodiesOf('POST /analytics/video-recommendation-interaction')).toEqual([
      { patient: 12, video: 201, phase: 'late', interaction_type: 'add' },
    ]);
    expect(api.bodiesOf('POST /analytics/hep-send-event')).toEqual([
      { patient: 12, recommended_videos: [201], sent_videos: [201, 301], phase: 'late' },
    ]);
  });

  it('lists the physical-therapy collection until strength and conditioning is asked for, draws a modelled exercise as its figure and takes its hold', async () => {
    const squat = videoFixture({
      id: 401,
      title: 'Mini squat',
      source: 'catalogue',
      collection: 'physical-therapy',
      movement_id: 'mini-squat',
      movement: miniSquatMovement,
      video_url: null,
      thumbnail_url: null,
      sets: 2,
      reps: 10,
      hold_seconds: 3,
    });
    const clean = videoFixture({
      id: 402,
      title: 'Hang clean',
      source: 'catalogue',
      collection: 'strength-and-conditioning',
      video_url: null,
      frame_urls: ['/video/402/frames/0', '/video/402/frames/1'],
    });
    const api = recordApi({
      'GET /api/v1/patients/12/': { body: patientFixture({ diagnosis: null }) },
      'GET /video/list': ({ url }) => ({
        body:
          url.searchParams.get('collection') === 'physical-therapy'
            ? { results: [squat], count: 1 }
            : { results: [squat, clean], count: 2 },
      }),
      'POST /video/hep/therapist/12': { status: 201, body: programFixture(4) },
    });
    const user = userEvent.setup();
    const panel = await openProgram();
    await user.click(within(panel).getByRole('button', { name: 'Add exercises' }));
    const picker = await screen.findByRole('dialog', {}, { timeout: 5000 });
    const library = await within(picker).findByRole('list', { name: 'Library videos' });
    const include = within(picker).getByRole('checkbox', {
      name: 'Include strength and conditioning',
    });
    expect(include).not.toBeChecked();
    expect(within(library).getAllByRole('listitem')).toHaveLength(1);
    // The figure at its start, drawn by the server, in place of a photo.
    expect(
      within(library).getByRole('listitem').querySelector('img[src="/video/401/figure/start"]'),
    ).not.toBeNull();

    await user.click(include);
    expect(await within(picker).findByText('Hang clean')).toBeInTheDocument();
    const asked = api.fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/video/list')
      .map((url) => url.searchParams.get('collection'));
    expect(asked[0]).toBe('physical-therapy');
    expect(asked.at(-1)).toBeNull();

    await user.click(within(library).getByRole('button', { name: 'Play Mini squat' }));
    const preview = await screen.findByRole('dialog', { name: 'Mini squat' });
    expect(
      await within(preview).findByRole('img', {
        name: 'Mini squat: moving from the start to the end position and back',
      }),
    ).toBeInTheDocument();
    await user.click(within(preview).getByRole('button', { name: 'Pause Mini squat' }));
    expect(within(preview).getByRole('button', { name: 'Play Mini squat' })).toBeInTheDocument();
    await user.click(within(preview).getByRole('button', { name: 'Close' }));

    await user.click(within(picker).getByRole('button', { name: 'Choose Mini squat' }));
    expect(within(picker).getByLabelText('Hold in seconds for Mini squat')).toHaveValue(3);
    await user.click(within(picker).getByRole('button', { name: 'Send (1)' }));
    await waitFor(() => expect(api.bodiesOf('POST /video/hep/therapist/12')).toHaveLength(1));
    expect(api.bodiesOf('POST /video/hep/therapist/12')).toEqual([
      [{ video_id: 401, sets: 2, reps: 10, hold_seconds: 3, folder_id: null, folder_name: null }],
    ]);
  });

  it('asks for no recommendations when the patient has no diagnosis (spec §5)', async () => {
    const api = recordApi({
      'GET /api/v1/patients/12/': { body: patientFixture({ diagnosis: null }) },
      'GET /video/list': { body: { results: [], count: 0 } },
      'GET /video/library': { body: { results: [], count: 0 } },
    });
    const user = userEvent.setup();
    const panel = await openProgram();
    await user.click(within(panel).getByRole('button', { name: 'Add exercises' }));
    const picker = await screen.findByRole('dialog');
    expect(
      await within(picker).findByText(/Recommendations need the patient’s diagnosis/),
    ).toBeInTheDocument();
    expect(api.calls()).not.toContain('GET /video/recommendations');
  });
});

describe('questions from the patient app', () => {
  it('lists open questions first and marks one answered', async () => {
    const question = {
      id: 71,
      request_content: 'Can I do the bridges after my walk?',
      created_at: '2026-11-19T13:00:00.000Z',
      resolved_at: null,
      resolved_by: null,
    };
    let answered = false;
    const api = recordApi({
      'GET /video/hep/therapist/12': () => ({
        body: programFixture(3, {
          patient_requests: [
            answered
              ? {
                  ...question,
                  resolved_at: '2026-11-20T16:00:00.000Z',
                  resolved_by: { id: 7, first_name: 'Dana', last_name: 'Reyes' },
                }
              : question,
          ],
        }),
      }),
      'POST /video/hep_request/71/resolve': () => {
        answered = true;
        return { body: { ...question, resolved_at: '2026-11-20T16:00:00.000Z' } };
      },
    });
    const user = userEvent.setup();
    const panel = await openProgram();
    const questions = within(panel).getByRole('region', { name: 'Questions from the patient' });
    expect(within(questions).getByText(question.request_content)).toBeInTheDocument();
    await user.click(within(questions).getByRole('button', { name: 'Mark answered' }));
    expect(await within(questions).findByText(/answered by Dana Reyes/)).toBeInTheDocument();
    expect(within(questions).queryByRole('button', { name: 'Mark answered' })).toBeNull();
    expect(api.calls()).toContain('POST /video/hep_request/71/resolve');
  });
});

describe('a remote PT’s changes (approval-request editing, spec §4)', () => {
  const remote = userFixture({
    id: 9,
    first_name: 'Marcus',
    last_name: 'Bell',
    role: 'remote_therapist',
  });
  // Only those who treat the patient change the program (docs/decisions/031).
  const treatedByRemote = patientFixture({
    therapists: [
      { id: 7, first_name: 'Dana', last_name: 'Reyes', role: 'therapist' },
      { id: 9, first_name: 'Marcus', last_name: 'Bell', role: 'remote_therapist' },
    ],
  });

  it('edits a draft and sends it for approval; an empty draft is refused on the client', async () => {
    const api = recordApi({
      'GET /api/v1/users/': { body: { results: [remote], count: 1 } },
      'GET /api/v1/patients/12/': { body: treatedByRemote },
      'GET /video/hep/therapist/12': { body: programFixture(2, { needs_approval: true }) },
      'POST /video/hep-approval-requests/12': { status: 201, body: approvalDetailsFixture() },
    });
    const user = userEvent.setup();
    const panel = await openProgram();
    expect(within(panel).queryByRole('button', { name: 'Add exercises' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Edit program' }));

    const draft = await within(panel).findByRole('list', { name: 'Draft program' });
    await user.click(within(draft).getByRole('button', { name: 'Remove Bird dog' }));
    await user.click(within(draft).getByRole('button', { name: 'Remove Cat-cow stretch' }));
    await user.click(within(panel).getByRole('button', { name: 'Send for approval' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent(NO_VIDEO_DETAILS_MESSAGE);
    expect(api.calls()).not.toContain('POST /video/hep-approval-requests/12');

    const leftOut = within(panel).getByRole('region', { name: 'Left out of the program' });
    await user.click(within(leftOut).getByRole('button', { name: 'Put back Cat-cow stretch' }));
    const row = within(panel).getByRole('article', { name: '1. Cat-cow stretch' });
    expect(within(row).getByText('Changed')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Edit Cat-cow stretch' }));
    await user.type(within(row).getByLabelText('Hold (seconds)'), '5');
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    expect(await within(row).findByText(/Hold none → 5 seconds/)).toBeInTheDocument();
    await user.type(
      within(panel).getByLabelText('Note for the supervisor (optional)'),
      'Less for now',
    );
    await user.click(within(panel).getByRole('button', { name: 'Send for approval' }));

    await waitFor(() =>
      expect(api.bodiesOf('POST /video/hep-approval-requests/12')).toEqual([
        {
          dashboard: 12,
          hep_data: [
            {
              video_id: 102,
              _sets: 3,
              _reps: 10,
              hold_seconds: 5,
              order: 1,
              folder_id: null,
              folder_name: null,
              description: '',
            },
          ],
          note: 'Less for now',
        },
      ]),
    );
    // Sending leaves edit: the program as it is shows again.
    expect(await within(panel).findByRole('button', { name: 'Edit program' })).toBeInTheDocument();
  });

  it('shows the request waiting, its proposal by folder, and the last decision', async () => {
    const details = approvalDetailsFixture();
    recordApi({
      'GET /api/v1/users/': { body: { results: [remote], count: 1 } },
      'GET /api/v1/patients/12/': { body: treatedByRemote },
      'GET /video/hep/therapist/12': {
        body: programFixture(2, {
          needs_approval: true,
          pending_request: {
            id: 31,
            created_at: '2026-11-19T15:00:00.000Z',
            requested_by: { id: 9, first_name: 'Marcus', last_name: 'Bell' },
          },
          last_outcome: {
            request_id: 30,
            status: 'approved_with_changes',
            decided_by: { id: 3, first_name: 'Helen', last_name: 'Castillo' },
            decided_at: '2026-11-10T15:00:00.000Z',
            note: 'Fewer reps to start',
          },
        }),
      },
      'GET /video/hep/patient/12/pending': {
        body: {
          request: details,
          grouped_videos: [{ folder_id: 4, folder_name: 'Low back', videos: details.proposed }],
        },
      },
    });
    const user = userEvent.setup();
    const panel = await openProgram();
    expect(within(panel).getByText(/Waiting for approval since Nov 19, 2026/)).toBeInTheDocument();
    expect(within(panel).getByText(/Approved with changes/)).toBeInTheDocument();
    expect(within(panel).getByText('“Fewer reps to start”')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: /Show proposed program/ }));
    expect(await within(panel).findByText('Low back')).toBeInTheDocument();
    expect(within(panel).getByText(/2\. Cat-cow stretch · 3 sets × 15 reps/)).toBeInTheDocument();

    // Revising starts from the proposal, not from the program as it is.
    await user.click(within(panel).getByRole('button', { name: 'Revise the request' }));
    const draft = await within(panel).findByRole('list', { name: 'Draft program' });
    expect(within(draft).getByText('3 sets × 15 reps')).toBeInTheDocument();
  });
});
