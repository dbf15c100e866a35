import type { StaffMember } from '@homestretch/contract/staff/list-staff';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsFixture, userFixture } from '../../../test/fixtures';
import { errorBody, mockApi, type MockHandler, type MockReply } from '../../../test/mock-api';
import { renderApp, resetAuth } from '../../../test/render-app';

function member(overrides: Partial<StaffMember>): StaffMember {
  return {
    id: 1,
    email: 'staff@example.org',
    first_name: 'Sam',
    last_name: 'Okafor',
    role: 'therapist',
    role_label: 'Staff Therapist',
    last_login: '2026-03-02T10:00:00.000Z',
    can_treat: true,
    patient_count: 12,
    approval_status: 'approved',
    supervisor_id: null,
    assistant_kind: null,
    ...overrides,
  };
}

const TEAM = [
  member({ id: 1 }),
  member({
    id: 2,
    first_name: 'Priya',
    last_name: 'Raman',
    role: 'manager',
    role_label: 'Office Manager',
    can_treat: false,
    patient_count: 0,
    last_login: null,
  }),
  member({
    id: 3,
    first_name: 'Marcus',
    last_name: 'Bell',
    role: 'remote_therapist',
    role_label: 'Remote PT',
  }),
];

function signedIn(routes: Record<string, MockHandler | MockReply>) {
  return mockApi({
    'GET /api/v1/users/': { body: { results: [userFixture()], count: 1 } },
    'GET /user/settings-info': { body: settingsFixture },
    ...routes,
  });
}

beforeAll(async () => {
  await import('./therapist-list-page');
});

beforeEach(() => {
  resetAuth();
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1280 });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('therapist list', () => {
  it('lists the staff with the role labels of spec §3', async () => {
    signedIn({ 'GET /clinic/therapist': { body: { results: TEAM, count: 3 } } });
    renderApp('/therapist-list');
    const table = await screen.findByRole('table', { name: 'Staff' });
    expect(within(table).getByRole('row', { name: /Sam Okafor/ })).toHaveTextContent(
      'Staff Therapist',
    );
    const manager = within(table).getByRole('row', { name: /Priya Raman/ });
    expect(manager).toHaveTextContent('Office Manager');
    expect(manager).toHaveTextContent('Never');
    expect(within(table).getByRole('row', { name: /Marcus Bell/ })).toHaveTextContent('Remote PT');
    expect(screen.getByText('3 staff members')).toBeInTheDocument();
  });

  it('searches after a pause, back on the first page, and says when nobody matches', async () => {
    const api = signedIn({
      'GET /clinic/therapist': ({ url }) => {
        const search = url.searchParams.get('search');
        if (search === 'zed') {
          return { body: { results: [], count: 0 } };
        }
        return { body: { results: TEAM, count: 30 } };
      },
    });
    const user = userEvent.setup();
    renderApp('/therapist-list');
    await screen.findByRole('table', { name: 'Staff' });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zed');
    expect(
      await screen.findByRole('heading', { name: 'No staff match “zed”' }),
    ).toBeInTheDocument();
    const queries = api.fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/clinic/therapist')
      .map((url) => url.search);
    expect(queries).toEqual(['?page=1', '?page=2', '?page=1&search=zed']);
  });

  it('offers a retry when the staff cannot load', async () => {
    let attempts = 0;
    signedIn({
      'GET /clinic/therapist': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 403, body: errorBody('forbidden', 'You are not allowed to do this') }
          : { body: { results: TEAM, count: 3 } };
      },
    });
    const user = userEvent.setup();
    renderApp('/therapist-list');
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to do this');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('table', { name: 'Staff' })).toBeInTheDocument());
  });
});

describe('staff waiting for approval', () => {
  const JORDAN = member({
    id: 41,
    first_name: 'Jordan',
    last_name: 'Reyes',
    email: 'jordan.reyes@example.org',
    can_treat: false,
    patient_count: 0,
    last_login: null,
    approval_status: 'pending',
  });

  /** The list as the server keeps it: a decision changes Jordan's status on the next read. */
  function clinicApi(
    user = userFixture({ role: 'admin' }),
    onApproval: MockHandler = ({ body }) => ({
      body: { ...JORDAN, approval_status: (body as { status: string }).status },
    }),
  ) {
    let jordan: StaffMember = JORDAN;
    return signedIn({
      'GET /api/v1/users/': { body: { results: [user], count: 1 } },
      'GET /clinic/therapist': () => ({ body: { results: [jordan, ...TEAM], count: 4 } }),
      'PATCH /clinic/therapist/approval': async (request) => {
        const reply = await onApproval(request);
        if (!reply.status || reply.status < 400) {
          const { status } = request.body as { status: StaffMember['approval_status'] };
          jordan = { ...JORDAN, approval_status: status, can_treat: status === 'approved' };
        }
        return reply;
      },
    });
  }

  const staffLists = (api: ReturnType<typeof signedIn>) =>
    api.calls().filter((call) => call === 'GET /clinic/therapist').length;

  it('an administrator approves a waiting account; the list refreshes and a toast says so', async () => {
    const api = clinicApi();
    const user = userEvent.setup();
    renderApp('/therapist-list');

    const table = await screen.findByRole('table', { name: 'Staff' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Jordan Reyes');
    expect(rows[1]).toHaveTextContent('Pending approval');
    expect(within(table).getByRole('columnheader', { name: 'Approval' })).toBeInTheDocument();
    // An approved account says so: the column is never blank.
    const approved = within(table)
      .getAllByRole('row')
      .filter((row) => row !== rows[1]);
    expect(approved.slice(1).every((row) => row.textContent?.includes('Approved'))).toBe(true);
    const before = staffLists(api);

    await user.click(within(table).getByRole('button', { name: 'Approve Jordan Reyes' }));

    expect(
      await screen.findByText('Jordan Reyes is approved and can now open your clinic’s patients.'),
    ).toBeInTheDocument();
    expect(api.bodiesOf('PATCH /clinic/therapist/approval')).toEqual([
      { user_id: 41, status: 'approved' },
    ]);
    await waitFor(() =>
      expect(within(table).queryByText('Pending approval')).not.toBeInTheDocument(),
    );
    expect(staffLists(api)).toBeGreaterThan(before);
    expect(within(table).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    // Focus returns on the next animation frame, once the approved row has left the table.
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Therapists' })).toHaveFocus(),
    );
  });

  it('asks before declining; Cancel keeps the account waiting, confirming declines it', async () => {
    const api = clinicApi();
    const user = userEvent.setup();
    renderApp('/therapist-list');

    const table = await screen.findByRole('table', { name: 'Staff' });
    const declineButton = within(table).getByRole('button', { name: 'Decline Jordan Reyes' });
    await user.click(declineButton);
    let dialog = screen.getByRole('dialog', { name: 'Decline Jordan Reyes?' });
    expect(dialog).toHaveTextContent('Declining signs them out');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(declineButton).toHaveFocus();
    expect(api.calls()).not.toContain('PATCH /clinic/therapist/approval');

    await user.click(declineButton);
    dialog = screen.getByRole('dialog', { name: 'Decline Jordan Reyes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline account' }));

    expect(
      await screen.findByText('Jordan Reyes’s account is declined and signed out.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.bodiesOf('PATCH /clinic/therapist/approval')).toEqual([
      { user_id: 41, status: 'declined' },
    ]);
    // A declined account can still be approved later, but is no longer offered for declining.
    await waitFor(() => expect(within(table).getByText('Declined')).toBeInTheDocument());
    expect(within(table).getByRole('button', { name: 'Approve Jordan Reyes' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Decline/ })).not.toBeInTheDocument();
  });

  it('says in the dialog why a decline failed, and keeps it open', async () => {
    clinicApi(undefined, () => ({
      status: 404,
      body: errorBody('not_found', 'Staff member not found'),
    }));
    const user = userEvent.setup();
    renderApp('/therapist-list');

    await user.click(await screen.findByRole('button', { name: 'Decline Jordan Reyes' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline Jordan Reyes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Staff member not found');
  });

  it('a failed approval says why in a toast', async () => {
    clinicApi(undefined, () => ({
      status: 403,
      body: errorBody('forbidden', 'You are not allowed to do this'),
    }));
    const user = userEvent.setup();
    renderApp('/therapist-list');

    await user.click(await screen.findByRole('button', { name: 'Approve Jordan Reyes' }));
    expect(
      await screen.findByText('Could not approve Jordan Reyes. You are not allowed to do this'),
    ).toBeInTheDocument();
    expect(screen.getByText('Pending approval')).toBeInTheDocument();
  });

  it('others see who waits, without the buttons; on a phone too', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 390 });
    clinicApi(userFixture({ role: 'therapist' }));
    renderApp('/therapist-list');

    const list = await screen.findByRole('list', { name: 'Staff' });
    const [first] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Jordan Reyes');
    expect(first).toHaveTextContent('Pending approval');
    expect(screen.queryByRole('button', { name: /Approve|Decline/ })).not.toBeInTheDocument();
  });

  it('an administrator approves from the phone cards too', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 390 });
    const api = clinicApi();
    const user = userEvent.setup();
    renderApp('/therapist-list');

    const list = await screen.findByRole('list', { name: 'Staff' });
    await user.click(within(list).getByRole('button', { name: 'Approve Jordan Reyes' }));
    await waitFor(() =>
      expect(api.bodiesOf('PATCH /clinic/therapist/approval')).toEqual([
        { user_id: 41, status: 'approved' },
      ]),
    );
  });
});

describe('role changes from the list (spec §6: supervisors update a user’s role)', () => {
  it('lets a supervisor change a therapist’s role, never their own', async () => {
    let team = [
      ...TEAM,
      member({
        id: 30,
        first_name: 'Zoe',
        last_name: 'Park',
        role: 'supervisor',
        role_label: 'Remote Supervisor',
      }),
    ];
    const api = mockApi({
      'GET /api/v1/users/': {
        body: { results: [userFixture({ id: 30, role: 'supervisor' })], count: 1 },
      },
      'GET /user/settings-info': { body: settingsFixture },
      'GET /clinic/therapist': () => ({ body: { results: team, count: team.length } }),
      'PATCH /clinic/staff/3/role': ({ body }) => {
        team = team.map((one) =>
          one.id === 3 ? { ...one, ...(body as object), role_label: 'Staff Therapist' } : one,
        );
        return { body: team.find((one) => one.id === 3) };
      },
    });
    const user = userEvent.setup();
    renderApp('/therapist-list');
    const table = await screen.findByRole('table', { name: 'Staff' });
    expect(
      within(within(table).getByRole('row', { name: /Zoe Park/ })).queryByRole('button'),
    ).not.toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: /Role of Marcus Bell/ }));
    await user.click(screen.getByRole('option', { name: 'Staff Therapist' }));
    expect(await screen.findByText('Marcus Bell is now Staff Therapist.')).toBeInTheDocument();
    expect(api.bodiesOf('PATCH /clinic/staff/3/role')).toEqual([{ role: 'therapist' }]);
  });

  it('shows roles as labels only to therapists, remote PTs and office managers', async () => {
    signedIn({ 'GET /clinic/therapist': { body: { results: TEAM, count: 3 } } });
    renderApp('/therapist-list');
    const table = await screen.findByRole('table', { name: 'Staff' });
    expect(within(table).queryByRole('button', { name: /Role of/ })).not.toBeInTheDocument();
  });
});
