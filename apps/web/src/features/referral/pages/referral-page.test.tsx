import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsFixture, userFixture } from '../../../test/fixtures';
import { errorBody, mockApi, type MockHandler, type MockReply } from '../../../test/mock-api';
import { renderApp, resetAuth } from '../../../test/render-app';

function signedIn(routes: Record<string, MockHandler | MockReply> = {}) {
  return mockApi({
    'GET /api/v1/users/': { body: { results: [userFixture()], count: 1 } },
    'GET /user/settings-info': { body: settingsFixture },
    'GET /chat/unread': { body: { unread_message_count: 0 } },
    ...routes,
  });
}

beforeAll(async () => {
  await import('./referral-page');
});

beforeEach(() => {
  resetAuth();
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1280 });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function fillAndSend(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/First name/), 'Lee');
  await user.type(screen.getByLabelText(/Last name/), 'Chen');
  await user.type(screen.getByLabelText(/Email/), 'Lee.Chen@Example.com');
  await user.click(screen.getByRole('button', { name: 'Send invitation' }));
}

describe('referral_program (/referral)', () => {
  it('previews the e-mail and sends the invitation with a link to this site', async () => {
    const api = signedIn({
      'POST /clinic/referral/send-email': { status: 202, body: { email: 'lee.chen@example.com' } },
    });
    const user = userEvent.setup();
    renderApp('/referral');
    await screen.findByRole('heading', { level: 1, name: 'Referral program' }, { timeout: 5000 });
    const preview = screen.getByRole('region', { name: 'What your colleague receives' });
    expect(preview).toHaveTextContent('Dana Reyes of Riverside Physio invites you to Homestretch');

    await fillAndSend(user);
    expect(within(preview).getByText('Hello Lee,')).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Invitation sent to lee.chen@example.com.',
    );
    expect(api.bodiesOf('POST /clinic/referral/send-email')).toEqual([
      {
        first_name: 'Lee',
        last_name: 'Chen',
        email: 'lee.chen@example.com',
        action_url: `${window.location.origin}/therapist-signup`,
      },
    ]);

    await user.click(screen.getByRole('button', { name: 'Invite another colleague' }));
    expect(screen.getByLabelText(/First name/)).toHaveValue('');
  });

  it('names a bad field before sending anything', async () => {
    const api = signedIn();
    const user = userEvent.setup();
    renderApp('/referral');
    await screen.findByRole('button', { name: 'Send invitation' }, { timeout: 5000 });
    await user.type(screen.getByLabelText(/Email/), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(api.calls()).not.toContain('POST /clinic/referral/send-email');
  });

  it("shows the server's words when too many invitations were sent (429)", async () => {
    signedIn({
      'POST /clinic/referral/send-email': {
        status: 429,
        headers: { 'Retry-After': '3600' },
        body: errorBody(
          'rate_limited',
          'You have sent as many invitations as we allow for now. Try again in 1 hour.',
        ),
      },
    });
    const user = userEvent.setup();
    renderApp('/referral');
    await screen.findByRole('button', { name: 'Send invitation' }, { timeout: 5000 });
    await fillAndSend(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have sent as many invitations as we allow for now. Try again in 1 hour.',
    );
    expect(screen.getByLabelText(/Email/)).toHaveValue('Lee.Chen@Example.com');
  });
});
