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
