import type { TodayItem, TodayProgram } from '@homestretch/contract/patient-app/program';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userFixture } from '../test/fixtures';
import { errorBody, mockApi } from '../test/mock-api';
import { setTabVisibility } from '../test/visibility';
import { UNREAD_REFRESH_MS } from './api/chat';
import { PatientApp } from './app';
import { startSession } from './lib/exercise-session';
import { saveProgram } from './lib/program-cache';
import { createAppQueryClient } from './query-client';

const patient = userFixture({ id: 41, first_name: 'Jordan', last_name: 'Lee', role: 'patient' });

function item(overrides: Partial<TodayItem> & { id: number; title: string }): TodayItem {
  const { title, ...rest } = overrides;
  return {
    video: {
      id: overrides.id + 100,
      title,
      description: 'Lie on your back, knees bent.',
      body_parts: 'Back',
      source: 'catalogue',
      level: 'beginner',
      video_url: null,
      thumbnail_url: `/video/${overrides.id + 100}/poster`,
      frame_urls: [
        `/video/${overrides.id + 100}/frames/0`,
        `/video/${overrides.id + 100}/frames/1`,
      ],
      is_archived: false,
      movement_id: null,
      movement: null,
    },
    sets: 2,
    reps: 10,
    hold_seconds: null,
    description: '',
    order: 1,
    sets_done: 0,
    ...rest,
  };
}

function programFixture(overrides: Partial<TodayProgram> = {}): TodayProgram {
  return {
    today: '2026-11-02',
    items: [
      item({ id: 1, title: 'Bridge', description: 'Squeeze your glutes at the top.' }),
      item({ id: 2, title: 'Heel slides', order: 2 }),
    ],
    // Monday to Sunday; today is the Monday.
    week: [
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
      '2026-11-08',
    ].map((date, index) => ({ date, complete: false, active: index === 0 })),
    adherence_percent: 46,
    streak_days: 2,
    updated_at: '2026-10-30T16:00:00.000Z',
    therapist: { first_name: 'Dana', last_name: 'Whitfield' },
    pain_today: null,
    ...overrides,
  };
}

function renderApp() {
  return render(
    <QueryClientProvider client={createAppQueryClient()}>
      <PatientApp />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.useRealTimers();
  setTabVisibility('visible');
  localStorage.clear();
  window.history.replaceState(null, '');
  vi.unstubAllGlobals();
});

describe('the patient app', () => {
  it('signs a patient in and shows today’s program, the week and the therapist', async () => {
    let signedIn = false;
    const api = mockApi({
      'GET /api/v1/users/': () =>
        signedIn
          ? { body: { results: [patient], count: 1 } }
          : { status: 401, body: errorBody('unauthenticated', 'Please sign in') },
      'POST /clinic/therapist/signin': () => {
        signedIn = true;
        return { body: { user: patient } };
      },
      'GET /app-api/program': { body: programFixture() },
    });
    const user = userEvent.setup();
    renderApp();

    await user.type(await screen.findByLabelText('Email'), 'jordan@example.org');
    await user.type(screen.getByLabelText('Password'), 'three calm words');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Hello, Jordan' })).toBeVisible();
    expect(
      screen.getByText(/Your program from Dana Whitfield, updated Oct 30, 2026/),
    ).toBeVisible();
    const rows = screen.getAllByRole('button', { name: /2 sets of 10/ });
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Bridge'),
      expect.stringContaining('Heel slides'),
    ]);
    expect(screen.getByText('2 days')).toBeVisible();
    expect(screen.getByText('46%')).toBeVisible();
    expect(screen.getByText('Today: started')).toBeInTheDocument();
    expect(api.bodiesOf('POST /clinic/therapist/signin')).toEqual([
      { email: 'jordan@example.org', password: 'three calm words' },
    ]);
  });

  it('refuses a staff account and signs it out again', async () => {
    const api = mockApi({
      'GET /api/v1/users/': { status: 401, body: errorBody('unauthenticated', 'Please sign in') },
      'POST /clinic/therapist/signin': { body: { user: userFixture() } },
      'POST /authentication/logout': { body: { ok: true } },
    });
    const user = userEvent.setup();
    renderApp();
    await user.type(await screen.findByLabelText('Email'), 'dana@example.org');
    await user.type(screen.getByLabelText('Password'), 'a password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('This app is for patients.')).toBeVisible();
    expect(api.calls()).toContain('POST /authentication/logout');
  });

  it('ticks sets, then sends the pain rating and the session’s minutes as health data', async () => {
    let program = programFixture();
    const api = mockApi({
      'GET /api/v1/users/': { body: { results: [patient], count: 1 } },
      'GET /app-api/program': () => ({ body: program }),
      'PUT /app-api/program/1/progress': ({ body }) => {
        const setsDone = (body as { sets_done: number }).sets_done;
        program = {
          ...program,
          items: program.items.map((entry) =>
            entry.id === 1 ? { ...entry, sets_done: setsDone } : entry,
          ),
        };
        return { body: program.items[0] };
      },
      'POST /app-api/health/samples': {
        body: { received: 2, created: 2, duplicates: 0, results: [] },
      },
    });
    const user = userEvent.setup();
    renderApp();

    await user.click(await screen.findByRole('button', { name: /Bridge/ }));
    expect(screen.getByRole('heading', { level: 1, name: 'Bridge' })).toBeVisible();
    expect(screen.getByText('Squeeze your glutes at the top.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(screen.getByRole('button', { name: 'Pause' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: /Set 2/ }));
    expect(await screen.findByText('2 of 2 done')).toBeVisible();
    expect(api.bodiesOf('PUT /app-api/program/1/progress')).toEqual([{ sets_done: 2 }]);

    await user.click(screen.getByRole('button', { name: /Next exercise/ }));
    await user.click(await screen.findByRole('button', { name: 'I’m done: rate my pain' }));
    await user.click(screen.getByRole('button', { name: 'Pain 3' }));
    await user.click(screen.getByRole('button', { name: 'Send to my clinic' }));

    expect(await screen.findByText(/Your pain rating of 3/)).toBeVisible();
    const [sent] = api.bodiesOf('POST /app-api/health/samples') as {
      samples: { id: string; type: string; level?: number; minutes?: number }[];
    }[];
    expect(sent?.samples.map((sample) => sample.type)).toEqual(['pain', 'engagement']);
    expect(sent?.samples[0]).toMatchObject({ level: 3 });
    const sessionId = sent?.samples[0]?.id.replace('app-pain-', '');
    expect(sent?.samples[1]?.id).toBe(`app-engagement-${sessionId}`);
  });

  it('shows the week Monday first, as the therapist does, with the days after today to come', async () => {
    const week = programFixture().week.map((day, index) => ({
      ...day,
      complete: index === 0,
      active: index <= 1,
    }));
    mockApi({
      'GET /api/v1/users/': { body: { results: [patient], count: 1 } },
      'GET /app-api/program': { body: programFixture({ today: '2026-11-04', week }) },
    });
    renderApp();
    const strip = await screen.findByRole('region', { name: 'This week' });
    const days = within(strip)
      .getAllByRole('listitem')
      .map((day) => day.textContent);
    expect(days).toEqual([
      'MMonday: all done',
      'TTuesday: started',
      'WToday: not done',
      'TThursday: to come',
      'FFriday: to come',
      'SSaturday: to come',
      'SSunday: to come',
    ]);
  });

  it('times the hold the therapist set, and offers no timer for an exercise without one', async () => {
    mockApi({
      'GET /api/v1/users/': { body: { results: [patient], count: 1 } },
      'GET /app-api/program': {
        body: programFixture({
          items: [
            item({ id: 1, title: 'Bridge', hold_seconds: 3 }),
            item({ id: 2, title: 'Heel slides', order: 2 }),
          ],
        }),
      },
    });
    const user = userEvent.setup();
    renderApp();
    expect(await screen.findByRole('button', { name: /Bridge.*hold 3 seconds/ })).toBeVisible();
    await user.click(screen.getByRole('button', { name: /Bridge/ }));
    expect(screen.getByText('2 sets of 10, hold 3 seconds')).toBeVisible();
    const timer = screen.getByRole('region', { name: 'Hold timer' });
    expect(within(timer).getByLabelText('3 seconds')).toHaveTextContent('0:03');

    await user.click(screen.getByRole('button', { name: /Next exercise/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Heel slides' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Hold timer' })).not.toBeInTheDocument();
  });

  it('does not ask for the pain again on a reload once today’s rating is in', async () => {
    const rated = programFixture({
      items: [
        item({ id: 1, title: 'Bridge', sets_done: 2 }),
        item({ id: 2, title: 'Heel slides' }),
      ],
      pain_today: { level: 3, recorded_at: '2026-11-02T15:20:00.000Z' },
    });
    mockApi({
      'GET /api/v1/users/': { body: { results: [patient], count: 1 } },
      'GET /app-api/program': { body: rated },
    });
    // The reload: the browser keeps the pain screen in its history; the rating's send forgot
    // the session on the phone.
    window.history.replaceState({ appView: { name: 'pain' }, depth: 1 }, '');
    const { unmount } = renderApp();
    expect(
      await screen.findByText('Your pain rating of 3 went to your clinic today.'),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'How is your pain now?' })).toBeNull();
    unmount();

    // On the program, the session is over: nothing to rate until another begins.
    window.history.replaceState(null, '');
    const { unmount: leave } = renderApp();
    expect(await screen.findByRole('button', { name: 'I’m done: rate my pain' })).toBeDisabled();
    expect(
      screen.getByText('Your pain rating went to your clinic today. Thank you!'),
    ).toBeVisible();
    leave();

    // A session begun after the rating (later that day) is rated in its turn.
    startSession(new Date('2026-11-02T18:00:00.000Z'));
    window.history.replaceState({ appView: { name: 'pain' }, depth: 1 }, '');
    renderApp();
    expect(await screen.findByRole('heading', { name: 'How is your pain now?' })).toBeVisible();
  });

  it('keeps the program readable offline, from the copy the phone kept', async () => {
    saveProgram({
      userId: patient.id,
      firstName: 'Jordan',
      savedAt: new Date().toISOString(),
      program: programFixture(),
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const user = userEvent.setup();
    renderApp();

    expect(await screen.findByRole('heading', { name: 'Hello, Jordan' })).toBeVisible();
    expect(screen.getByText(/You are offline/)).toBeVisible();
    expect(screen.getByText(/Showing your program from just now/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: /Bridge/ }));
    expect(screen.getByRole('button', { name: /Set 1/ })).toBeDisabled();
  });

  it('shows the kept program to its own account only', async () => {
    saveProgram({
      userId: 99,
      firstName: 'Someone',
      savedAt: new Date().toISOString(),
      program: programFixture(),
    });
    mockApi({
      'GET /api/v1/users/': { body: { results: [patient], count: 1 } },
      'GET /app-api/program': { status: 404, body: errorBody('not_found', 'No patient record') },
    });
    renderApp();
    expect(await screen.findByText('No patient record')).toBeVisible();
    expect(screen.queryByText('Bridge')).not.toBeInTheDocument();
  });

  it('says when there is no program yet', async () => {
    mockApi({
      'GET /api/v1/users/': { body: { results: [patient], count: 1 } },
      'GET /app-api/program': { body: programFixture({ items: [], therapist: null }) },
    });
    renderApp();
    expect(await screen.findByRole('heading', { name: 'No exercises yet' })).toBeVisible();
  });

  it('sends a question to the therapist', async () => {
    const api = mockApi({
      'GET /api/v1/users/': { body: { results: [patient], count: 1 } },
      'GET /app-api/program': { body: programFixture() },
      'POST /video/hep_request/create': {
        status: 201,
        body: {
          id: 5,
          request_content: 'Can I do the bridge twice?',
          created_at: '2026-11-02T15:00:00.000Z',
          resolved_at: null,
          resolved_by: null,
        },
      },
    });
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByRole('button', { name: 'Ask my therapist' }));
    await user.click(screen.getByRole('button', { name: 'Send my question' }));
    expect(screen.getByText('Write what you would like to ask')).toBeVisible();
    await user.type(screen.getByLabelText('Your question'), 'Can I do the bridge twice?');
    await user.click(screen.getByRole('button', { name: 'Send my question' }));
    expect(await screen.findByRole('heading', { name: 'Question sent' })).toBeVisible();
    expect(api.bodiesOf('POST /video/hep_request/create')).toEqual([
      { request_content: 'Can I do the bridge twice?' },
    ]);
  });

  it('opens the chat with the clinic, live, and sends a message (large type, same thread)', async () => {
    const staff = { id: 7, first_name: 'Dana', last_name: 'Whitfield', role: 'therapist' as const };
    const session = {
      id: 31,
      kind: 'patient' as const,
      patient: { id: 12, first_name: 'Jordan', last_name: 'Lee' },
      staff: null,
      support: null,
      last_message: null,
      unread_message_count: 1,
      recency: 'CHAT_RECENT' as const,
      last_activity_at: '2026-11-02T09:00:00.000Z',
    };
    const fromClinic = {
      id: 300,
      session: 31,
      message: 'How did the bridge go?',
      sender: staff,
      client_id: null,
      created_at: '2026-11-02T09:00:00.000Z',
    };
    let read = false;
    const api = mockApi({
      'GET /api/v1/users/': { body: { results: [patient], count: 1 } },
      'GET /app-api/program': { body: programFixture() },
      'GET /app-api/chat': () => ({
        body: { ...session, unread_message_count: read ? 0 : 1 },
      }),
      'GET /chat/unread': () => ({ body: { unread_message_count: read ? 0 : 1 } }),
      // The page answered is read on the server.
      'GET /chat/message': () => {
        read = true;
        return {
          body: { results: [fromClinic], count: 1, has_more: false, read_up_to: null, session },
        };
      },
      'POST /chat/session/31/read': {
        body: { session: 31, last_read_message_id: 300, unread_message_count: 0 },
      },
      'POST /chat/message': ({ body }) => ({
        status: 201,
        body: {
          ...fromClinic,
          id: 301,
          message: (body as { message: string }).message,
          sender: { id: 41, first_name: 'Jordan', last_name: 'Lee', role: 'patient' },
          client_id: (body as { client_id: string }).client_id,
        },
      }),
    });
    const user = userEvent.setup();
    renderApp();
    await user.click(
      await screen.findByRole('button', { name: 'Chat with your clinic, 1 unread message' }),
    );
    expect(await screen.findByRole('heading', { name: 'Chat with your clinic' })).toBeVisible();
    expect(await screen.findByText('How did the bridge go?')).toBeVisible();
    expect(screen.getByText('Dana Whitfield')).toBeVisible();

    const box = screen.getByRole('textbox', { name: 'Message' });
    // Connected once the live connection is up; until then the message would wait.
    expect(await screen.findByRole('button', { name: 'Send' })).toBeDisabled();
    await screen.findByRole('log', { name: 'Messages' });
    await vi.waitFor(() =>
      expect(screen.queryByText(/Waiting for connection. Messages you write/)).toBeNull(),
    );
    await user.type(box, 'Easy today{Enter}');
    expect(await screen.findByText('Sent')).toBeVisible();
    expect(api.bodiesOf('POST /chat/message')).toEqual([
      { session: 31, message: 'Easy today', client_id: expect.any(String) as string },
    ]);

    await user.click(screen.getByRole('button', { name: 'My program' }));
    expect(await screen.findByRole('heading', { name: /Hello, Jordan/ })).toBeVisible();
    // Read in the chat: back on the program, the badge is gone.
    expect(
      await screen.findByRole('button', { name: 'Chat with your clinic' }),
    ).toBeInTheDocument();
  });

  it('shows the unread count on the way to the chat, and keeps it current without a reload', async () => {
    // The minute's timer is set when the badge mounts: the clock is faked from the start, and
    // runs on its own meanwhile so the waits below still wait.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let unread = 3;
    const api = mockApi({
      'GET /api/v1/users/': { body: { results: [patient], count: 1 } },
      'GET /app-api/program': { body: programFixture() },
      'GET /chat/unread': () => ({ body: { unread_message_count: unread } }),
    });
    renderApp();
    const chat = await screen.findByRole('button', {
      name: 'Chat with your clinic, 3 unread messages',
    });
    expect(chat).toHaveTextContent('3');

    // The patient comes back to the app: the count is asked again.
    unread = 4;
    act(() => setTabVisibility('hidden'));
    act(() => setTabVisibility('visible'));
    expect(
      await screen.findByRole('button', { name: 'Chat with your clinic, 4 unread messages' }),
    ).toBeVisible();

    // While it stays open, the count is asked again every minute; not while the tab is hidden.
    unread = 1;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(UNREAD_REFRESH_MS);
    });
    expect(
      await screen.findByRole('button', { name: 'Chat with your clinic, 1 unread message' }),
    ).toBeVisible();
    act(() => setTabVisibility('hidden'));
    const asked = () => api.calls().filter((call) => call === 'GET /chat/unread').length;
    const before = asked();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3 * UNREAD_REFRESH_MS);
    });
    expect(asked()).toBe(before);
  });
});
