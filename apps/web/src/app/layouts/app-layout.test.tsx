import type { User } from '@homestretch/contract/users/user';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { errorBody, mockApi, type MockHandler, type MockReply } from '../../test/mock-api';
import { renderApp, resetAuth } from '../../test/render-app';

const JORDAN = userFixture({
  id: 41,
  first_name: 'Jordan',
  last_name: 'Reyes',
  email: 'jordan.reyes@example.org',
  approval_status: 'pending',
});

/** The current user answers each call with the next status given (the last one repeats). */
function signedIn(
  statuses: User['approval_status'][],
  routes: Record<string, MockHandler | MockReply> = {},
) {
  let call = 0;
  return mockApi({
    'GET /api/v1/users/': () => {
      const status = statuses[Math.min(call, statuses.length - 1)] ?? 'pending';
      call += 1;
      return { body: { results: [{ ...JORDAN, approval_status: status }], count: 1 } };
    },
    'GET /user/settings-info': { body: settingsFixture },
    ...routes,
  });
}

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

beforeAll(async () => {
  await import('../pages/patient-list-page');
});

beforeEach(() => {
  resetAuth();
  setWidth(1280);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the protected layout for a staff account waiting for approval', () => {
  it('sees one panel instead of the patient list, and no patient data is asked for', async () => {
    const api = signedIn(['pending']);
    renderApp('/patients');

    const panel = await screen.findByRole('region', {
      name: 'Your account is waiting for approval',
    });
    expect(panel).toHaveTextContent('Signed in as Jordan Reyes');
    expect(panel).toHaveTextContent('To keep patients’ health data private');
    expect(panel).toHaveTextContent('The administrator of Riverside Physio approves new accounts');
    expect(within(panel).getByRole('button', { name: 'Check again' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    // The header and account menu stay; the navigation to screens it cannot open does not.
    expect(screen.getByRole('button', { name: /account menu/i })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Patients' })).not.toBeInTheDocument();
    expect(api.calls()).not.toContain('GET /api/v1/patients/');
  });

  it('checks again: says it is still waiting, then shows the patient list once approved', async () => {
    signedIn(['pending', 'pending', 'approved'], {
      'GET /api/v1/patients/': { body: { results: [], count: 0 } },
      'GET /clinic/therapist': { body: { results: [], count: 0 } },
    });
    const user = userEvent.setup();
    renderApp('/patients');

    await user.click(await screen.findByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      /Checked at .+: still waiting for approval\./,
    );

    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Patients' })).toBeInTheDocument();
    expect(screen.queryByText('Your account is waiting for approval')).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('signs out from the panel', async () => {
    let signedOut = false;
    const api = mockApi({
      'GET /api/v1/users/': () =>
        signedOut
          ? { status: 401, body: errorBody('unauthenticated', 'Please sign in') }
          : { body: { results: [JORDAN], count: 1 } },
      'GET /user/settings-info': { body: settingsFixture },
      'POST /authentication/logout': () => {
        signedOut = true;
        return { body: { ok: true } };
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/patients');

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(api.calls()).toContain('POST /authentication/logout');
  });

  it('is told in its own words when the clinic declined the account, on a phone too', async () => {
    setWidth(390);
    signedIn(['declined']);
    renderApp('/patients');

    const panel = await screen.findByRole('region', {
      name: 'Your clinic has not approved this account',
    });
    expect(panel).toHaveTextContent('declined this account');
    expect(panel).toHaveTextContent('ask your clinic’s administrator');
    expect(screen.queryByRole('navigation', { name: 'Bottom menu' })).not.toBeInTheDocument();
  });
});
