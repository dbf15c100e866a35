import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsFixture, userFixture } from '../../../test/fixtures';
import { errorBody, mockApi, type MockHandler, type MockReply } from '../../../test/mock-api';
import { renderApp, resetAuth } from '../../../test/render-app';

const ZOE = userFixture({
  id: 30,
  role: 'supervisor',
  first_name: 'Zoe',
  last_name: 'Park',
  email: 'zoe.park@example.org',
});

function signedIn(routes: Record<string, MockHandler | MockReply> = {}) {
  return mockApi({
    'GET /api/v1/users/': { body: { results: [ZOE], count: 1 } },
    'GET /user/settings-info': { body: settingsFixture },
    'GET /clinic/supervisor/approval': {
      body: { results: [], count: 0, pending_count: 0, therapists: [] },
    },
    ...routes,
  });
}

beforeAll(async () => {
  await import('./supervisor-profile-page');
  await import('../../../app/pages/approvals-page');
});

beforeEach(() => {
  resetAuth();
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1280 });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the supervisor profile (spec §6: supervisors update their own profile)', () => {
  it('opens from the account menu and saves only what changed', async () => {
    const api = signedIn({
      'PATCH /clinic/supervisor': ({ body }) => ({
        body: { ...ZOE, ...(body as { last_name: string }) },
      }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/approvals');
    await screen.findByRole('heading', { level: 1, name: 'Approvals' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    await user.click(screen.getByRole('link', { name: 'Your profile' }));
    await screen.findByRole('heading', { level: 1, name: 'Your profile' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/profile');

    const lastName = screen.getByLabelText(/Last name/);
    await user.clear(lastName);
    await user.type(lastName, 'Park-Lee');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Your profile is saved.')).toBeInTheDocument();
    expect(api.bodiesOf('PATCH /clinic/supervisor')).toEqual([{ last_name: 'Park-Lee' }]);
    // The account menu shows the saved name at once.
    expect(screen.getByRole('button', { name: /Account menu/ })).toHaveTextContent('Zoe Park-Lee');
  });

  it('asks for the current password before a new e-mail goes out', async () => {
    const api = signedIn();
    const user = userEvent.setup();
    renderApp('/profile');
    const email = await screen.findByLabelText('E-mail', undefined, { timeout: 5000 });
    await user.clear(email);
    await user.type(email, 'zoe@example.org');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const current = screen.getByLabelText('Current password');
    await waitFor(() => expect(current).toHaveAccessibleDescription(/Enter your current password/));
    expect(api.calls()).not.toContain('PATCH /clinic/supervisor');
  });

  it('shows a refused current password next to its field', async () => {
    signedIn({
      'PATCH /clinic/supervisor': {
        status: 400,
        body: errorBody('validation_failed', 'Your current password is not correct', {
          current_password: 'Your current password is not correct',
        }),
      },
    });
    const user = userEvent.setup();
    renderApp('/profile');
    await user.type(
      await screen.findByLabelText('New password', undefined, { timeout: 5000 }),
      'a-new-passphrase',
    );
    await user.type(screen.getByLabelText('Current password'), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your current password is not correct')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says there is nothing to save when nothing changed', async () => {
    const api = signedIn();
    const user = userEvent.setup();
    renderApp('/profile');
    await user.click(
      await screen.findByRole('button', { name: 'Save changes' }, { timeout: 5000 }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(/Nothing to save yet/);
    expect(api.calls()).not.toContain('PATCH /clinic/supervisor');
  });

  it('sends other staff from the supervisor screens to their own home', async () => {
    mockApi({
      'GET /api/v1/users/': { body: { results: [userFixture()], count: 1 } },
      'GET /user/settings-info': { body: settingsFixture },
      'GET /api/v1/patients/': { body: { results: [], count: 0 } },
      'GET /clinic/therapist': { body: { results: [], count: 0 } },
    });
    const { router } = renderApp('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/patients'), {
      timeout: 5000,
    });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Approvals' })).not.toBeInTheDocument();
  });
});
