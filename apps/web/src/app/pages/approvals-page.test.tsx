import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsFixture, userFixture, videoFixture } from '../../test/fixtures';
import { approvalDetailsFixture, hepItemFixture } from '../../test/hep-fixtures';
import { errorBody, mockApi, type MockHandler, type MockReply } from '../../test/mock-api';
import { patientFixture } from '../../test/record-fixtures';
import { renderApp, resetAuth } from '../../test/render-app';

const HELEN = userFixture({
  id: 3,
  role: 'supervisor',
  first_name: 'Helen',
  last_name: 'Castillo',
});

const MARCUS = {
  id: 9,
  first_name: 'Marcus',
  last_name: 'Bell',
  role: 'remote_therapist' as const,
  status: 'role_default' as const,
  needs_approval: true,
};

function supervisorApi(routes: Record<string, MockHandler | MockReply> = {}) {
  const {
    proposed: _proposed,
    removed: _removed,
    current: _current,
    ...summary
  } = approvalDetailsFixture();
  return mockApi({
    'GET /api/v1/users/': { body: { results: [HELEN], count: 1 } },
    'GET /user/settings-info': { body: settingsFixture },
    'GET /clinic/supervisor/approval': ({ url }) => ({
      body:
        (url.searchParams.get('status') ?? 'pending') === 'pending'
          ? { results: [summary], count: 1, pending_count: 1, therapists: [MARCUS] }
          : { results: [], count: 0, pending_count: 1, therapists: [MARCUS] },
    }),
    'GET /video/hep-approval-requests/31/details': { body: approvalDetailsFixture() },
    ...routes,
  });
}

beforeAll(async () => {
  await import('./approvals-page');
  await import('./approval-request-page');
  await import('../../features/hep/components/exercise-picker');
});

beforeEach(() => {
  resetAuth();
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1280 });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the supervisor’s approvals', () => {
  it('lists pending requests with patient, therapist and counts, and the decided ones by tab', async () => {
    const api = supervisorApi();
    const user = userEvent.setup();
    renderApp('/approvals');
    const requests = await screen.findByRole(
      'region',
      { name: 'Approval requests' },
      { timeout: 5000 },
    );
    const link = await within(requests).findByRole('link', { name: /Maria Alvarez/ });
    expect(link).toHaveAttribute('href', '/approvals/31');
    expect(link).toHaveTextContent('Marcus Bell');
    expect(link).toHaveTextContent('2 exercises · 1 changed');

    await user.click(within(requests).getByRole('tab', { name: 'Declined' }));
    expect(await within(requests).findByText('No declined requests')).toBeInTheDocument();
    const asked = api.fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/clinic/supervisor/approval')
      .map((url) => url.searchParams.toString());
    expect(asked).toContain('status=declined&page=1');
  });

  it('sets whether a therapist’s changes need approval', async () => {
    const api = supervisorApi({
      'PATCH /clinic/supervisor/approval': {
        body: { ...MARCUS, status: 'not_required', needs_approval: false },
      },
    });
    const user = userEvent.setup();
    renderApp('/approvals');
    const card = await screen.findByRole(
      'region',
      { name: 'Who needs approval' },
      { timeout: 5000 },
    );
    await user.click(await within(card).findByRole('button', { name: /Approval for Marcus Bell/ }));
    await user.click(screen.getByRole('option', { name: 'No approval needed' }));
    await waitFor(() =>
      expect(api.bodiesOf('PATCH /clinic/supervisor/approval')).toEqual([
        { user_id: 9, status: 'not_required' },
      ]),
    );
  });

  it('approves a request with changes: the corrected program goes as hep_data', async () => {
    const api = supervisorApi({
      'POST /video/hep-approval-requests/31/approve-with-changes': {
        body: approvalDetailsFixture({ status: 'approved_with_changes' }),
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/approvals/31');
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Program change for Maria Alvarez' },
      { timeout: 5000 },
    );
    const proposed = screen.getByRole('list', { name: 'Proposed program' });
    expect(within(proposed).getByRole('article', { name: '2. Cat-cow stretch' })).toHaveTextContent(
      'Changed',
    );
    // The badge says what changed, not only that something did.
    expect(within(proposed).getByRole('article', { name: '2. Cat-cow stretch' })).toHaveTextContent(
      'Reps 10 → 15',
    );
    expect(within(proposed).getByRole('article', { name: '1. Bird dog' })).not.toHaveTextContent(
      '→',
    );
    expect(screen.getByRole('link', { name: /Open the patient record/ })).toHaveAttribute(
      'href',
      '/patient/12/dashboard',
    );

    await user.click(screen.getByRole('button', { name: 'Approve with changes' }));
    const corrected = screen.getByRole('list', { name: 'Corrected program' });
    await user.click(within(corrected).getByRole('button', { name: 'Remove Bird dog' }));
    await user.type(screen.getByLabelText('Note for the therapist (optional)'), 'One at a time');
    await user.click(screen.getByRole('button', { name: 'Approve with these changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/approvals'));
    expect(api.bodiesOf('POST /video/hep-approval-requests/31/approve-with-changes')).toEqual([
      {
        action: 'accept',
        hep_data: [
          {
            video_id: 102,
            _sets: 3,
            _reps: 15,
            hold_seconds: null,
            order: 1,
            folder_id: null,
            folder_name: null,
            description: '',
          },
        ],
        note: 'One at a time',
      },
    ]);
  });

  it('adds an exercise from the picker when approving with changes', async () => {
    const api = supervisorApi({
      'GET /api/v1/patients/12/': { body: patientFixture() },
      'GET /video/recommendations': {
        body: { phase: 'late', region: 'lumbar', code: 'M54.50', videos: [] },
      },
      'GET /video/list': {
        body: {
          results: [videoFixture({ id: 301, title: 'Wall squat', sets: 2, reps: 12 })],
          count: 1,
        },
      },
      'GET /video/library': { body: { results: [], count: 0 } },
      'POST /video/hep-approval-requests/31/approve-with-changes': {
        body: approvalDetailsFixture({ status: 'approved_with_changes' }),
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/approvals/31');
    await user.click(
      await screen.findByRole('button', { name: 'Approve with changes' }, { timeout: 5000 }),
    );
    await user.click(screen.getByRole('button', { name: 'Add exercises' }));
    const picker = await screen.findByRole(
      'dialog',
      { name: 'Add exercises for Maria Alvarez' },
      { timeout: 5000 },
    );
    await user.click(await within(picker).findByRole('button', { name: 'Choose Wall squat' }));
    await user.click(
      within(picker).getByRole('button', { name: 'Add to the corrected program (1)' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const corrected = screen.getByRole('list', { name: 'Corrected program' });
    expect(within(corrected).getByRole('article', { name: '3. Wall squat' })).toHaveTextContent(
      'Added',
    );
    await user.click(screen.getByRole('button', { name: 'Approve with these changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/approvals'));
    const [body] = api.bodiesOf('POST /video/hep-approval-requests/31/approve-with-changes') as {
      hep_data: { video_id: number; _sets: number; _reps: number; order: number }[];
    }[];
    expect(
      body?.hep_data.map((entry) => [entry.video_id, entry._sets, entry._reps, entry.order]),
    ).toEqual([
      [101, 3, 10, 1],
      [102, 3, 15, 2],
      [301, 2, 12, 3],
    ]);
  });

  it('declines with a note, and says why when the request was decided already', async () => {
    const api = supervisorApi({
      'POST /video/hep-approval-requests/31/approve-with-changes': {
        status: 409,
        body: errorBody('conflict', 'This request was decided already'),
      },
    });
    const user = userEvent.setup();
    renderApp('/approvals/31');
    await user.click(await screen.findByRole('button', { name: 'Decline' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: 'Decline this change' });
    await user.type(within(dialog).getByLabelText('Why (for the therapist)'), 'Too much too soon');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText('This request was decided already')).toBeInTheDocument();
    expect(api.bodiesOf('POST /video/hep-approval-requests/31/approve-with-changes')).toEqual([
      { action: 'decline', note: 'Too much too soon' },
    ]);
  });

  it('shows a decided request without actions', async () => {
    supervisorApi({
      'GET /video/hep-approval-requests/31/details': {
        body: approvalDetailsFixture({
          status: 'approved',
          decided_by: { id: 3, first_name: 'Helen', last_name: 'Castillo' },
          decided_at: '2026-11-20T15:00:00.000Z',
          current: [hepItemFixture(0), { ...hepItemFixture(1), reps: 15 }],
        }),
      },
    });
    renderApp('/approvals/31');
    expect(
      await screen.findByText(/Approved by Helen Castillo/, undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });
});
