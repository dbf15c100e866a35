import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsFixture, userFixture } from '../../../test/fixtures';
import { errorBody, mockApi } from '../../../test/mock-api';
import { renderApp, resetAuth } from '../../../test/render-app';

const RESET_MESSAGE =
  'If an account exists for that address, we have sent it a link to choose a new password. The link works once, for one hour.';

function currentPath(router: ReturnType<typeof renderApp>['router']) {
  const { pathname, search, hash } = router.state.location;
  return `${pathname}${search}${hash}`;
}

beforeEach(() => {
  resetAuth();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('therapist sign-up', () => {
  it('checks the clinic code on blur, shows the clinic, and says to check the inbox', async () => {
    const api = mockApi({
      'GET /clinic/check_code': ({ url }) => ({
        body:
          url.searchParams.get('code') === 'DEMO01'
            ? { valid: true, clinic_name: 'Riverside Physio' }
            : { valid: false, clinic_name: null },
      }),
      'POST /clinic/therapist/signup': {
        status: 202,
        body: { ok: true, message: 'Check your inbox' },
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/therapist-signup');

    await user.type(await screen.findByLabelText('First name'), 'Sam');
    await user.type(screen.getByLabelText('Last name'), 'Okafor');
    await user.type(screen.getByLabelText('Work email'), 'sam@example.org');
    await user.type(screen.getByLabelText('Password'), 'long enough password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    await user.selectOptions(screen.getByLabelText('Role'), 'Remote PT');
    await user.type(screen.getByLabelText('Clinic code'), 'demo01');
    await user.tab();

    expect(await screen.findByText('Riverside Physio')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Check your inbox' }),
    ).toBeInTheDocument();
    expect(screen.getByText('sam@example.org')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/therapist-signup');
    expect(api.bodiesOf('POST /clinic/therapist/signup')).toEqual([
      {
        first_name: 'Sam',
        last_name: 'Okafor',
        email: 'sam@example.org',
        password: 'long enough password',
        company_name: '',
        role: 'remote_therapist',
        // What is sent is what the contract checked: the code as the server stores it.
        code: 'DEMO01',
      },
    ]);
  });

  it('creates the account from the mailed link, once, and signs it in', async () => {
    const api = mockApi({
      'POST /clinic/therapist/signup/confirm': {
        status: 201,
        body: { user: userFixture({ first_name: 'Sam', approval_status: 'pending' }) },
      },
      'GET /user/settings-info': { body: settingsFixture },
    });
    const { router } = renderApp('/therapist-signup?signup=12&token=abc');
    await waitFor(() => expect(currentPath(router)).toBe('/patients'));
    expect(api.bodiesOf('POST /clinic/therapist/signup/confirm')).toEqual([
      { signup: '12', token: 'abc' },
    ]);
  });

  it('says what to do when the link is used or expired', async () => {
    mockApi({
      'POST /clinic/therapist/signup/confirm': {
        status: 400,
        body: errorBody(
          'validation_failed',
          'This link is invalid, used or expired. Sign up again to get a new one.',
          { token: 'This link is invalid, used or expired. Sign up again to get a new one.' },
        ),
      },
    });
    renderApp('/therapist-signup?signup=12&token=old');
    expect(await screen.findByText(/invalid, used or expired/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up again' })).toHaveAttribute(
      'href',
      '/therapist-signup',
    );
  });

  it('says so when no clinic has the code', async () => {
    mockApi({ 'GET /clinic/check_code': { body: { valid: false, clinic_name: null } } });
    const user = userEvent.setup();
    renderApp('/therapist-signup');
    await user.type(await screen.findByLabelText('Clinic code'), 'NOPE99');
    await user.tab();
    expect(await screen.findByText(/No clinic has this code/)).toBeInTheDocument();
  });

  it('checks a code typed last before sending, and sends nothing when no clinic has it', async () => {
    let answer: () => void = () => undefined;
    const api = mockApi({
      // The check is still on its way when the button is pressed.
      'GET /clinic/check_code': () =>
        new Promise((resolve) => {
          answer = () => resolve({ body: { valid: false, clinic_name: null } });
        }),
    });
    const user = userEvent.setup();
    renderApp('/therapist-signup');
    await user.type(await screen.findByLabelText('First name'), 'Sam');
    await user.type(screen.getByLabelText('Last name'), 'Okafor');
    await user.type(screen.getByLabelText('Work email'), 'sam@example.org');
    await user.type(screen.getByLabelText('Password'), 'long enough password');
    await user.selectOptions(screen.getByLabelText('Role'), 'Staff Therapist');
    await user.type(screen.getByLabelText('Clinic code'), 'NOPE99');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    answer();

    const code = screen.getByLabelText('Clinic code');
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    expect(code).toHaveAccessibleDescription(/No clinic has this code/);
    await waitFor(() => expect(code).toHaveFocus());
    expect(api.calls()).toEqual(['GET /clinic/check_code']);
  });

  it('says an empty clinic code is required', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderApp('/therapist-signup');
    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    const code = screen.getByLabelText('Clinic code');
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    expect(code).toHaveAccessibleDescription('Clinic code is required');
    expect(api.calls()).toEqual([]);
  });

  it('shows each field the server refused next to that field', async () => {
    mockApi({
      'GET /clinic/check_code': { body: { valid: true, clinic_name: 'Riverside Physio' } },
      'POST /clinic/therapist/signup': {
        status: 400,
        body: errorBody('validation_failed', 'Please check email', {
          email: 'Enter an e-mail address like name@example.com',
        }),
      },
    });
    const user = userEvent.setup();
    renderApp('/therapist-signup');
    await user.type(await screen.findByLabelText('First name'), 'Sam');
    await user.type(screen.getByLabelText('Last name'), 'Okafor');
    await user.type(screen.getByLabelText('Work email'), 'taken@example.org');
    await user.type(screen.getByLabelText('Password'), 'long enough password');
    await user.selectOptions(screen.getByLabelText('Role'), 'Staff Therapist');
    await user.type(screen.getByLabelText('Clinic code'), 'DEMO01');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const email = screen.getByLabelText('Work email');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Enter an e-mail address like name@example.com');
  });

  it('offers the four staff roles', async () => {
    mockApi({});
    renderApp('/therapist-signup');
    const role = await screen.findByLabelText('Role');
    const labels = Array.from(role.querySelectorAll('option')).map((option) => option.textContent);
    expect(labels).toEqual([
      'Please select',
      'Staff Therapist',
      'Office Manager',
      'Remote PT',
      'Remote Supervisor',
    ]);
  });
});

describe('supervisor sign-in', () => {
  it('signs in with clinic code and password and opens their approvals', async () => {
    const api = mockApi({
      'POST /clinic/supervisor/signin': {
        body: { token: 'abc', user: userFixture({ role: 'supervisor' }) },
      },
      'GET /user/settings-info': { body: settingsFixture },
      'GET /clinic/supervisor/approval': {
        body: { results: [], count: 0, pending_count: 0, therapists: [] },
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/supervisor-login');
    await user.type(await screen.findByLabelText('Clinic code'), 'DEMO01');
    await user.type(screen.getByLabelText('Password'), 'supervisor pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Approvals' })).toBeInTheDocument();
    expect(await screen.findByText('No programs waiting for approval')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/approvals');
    expect(api.bodiesOf('POST /clinic/supervisor/signin')).toEqual([
      { code: 'DEMO01', password: 'supervisor pass' },
    ]);
    expect(window.sessionStorage.length).toBe(0);
    expect(window.localStorage.length).toBe(0);
  });

  it('tells how long to wait when rate-limited', async () => {
    mockApi({
      'POST /clinic/supervisor/signin': {
        status: 429,
        body: errorBody('rate_limited', 'Too many attempts. Try again in 5 minute(s).'),
        headers: { 'Retry-After': '241' },
      },
    });
    const user = userEvent.setup();
    renderApp('/supervisor-login');
    await user.type(await screen.findByLabelText('Clinic code'), 'DEMO01');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Try again in 5 minutes.',
    );
  });
});

describe('find password', () => {
  it("shows the server's neutral answer", async () => {
    mockApi({
      'POST /clinic/therapist/reset-password': { body: { ok: true, message: RESET_MESSAGE } },
    });
    const user = userEvent.setup();
    renderApp('/find-password');
    await user.type(await screen.findByLabelText('Email'), 'someone@example.org');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(RESET_MESSAGE);
  });

  it('says so when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const user = userEvent.setup();
    renderApp('/find-password');
    await user.type(await screen.findByLabelText('Email'), 'someone@example.org');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Cannot reach Homestretch. Check your connection.',
    );
  });
});

describe('reset password', () => {
  const LINK_LIVE = { valid: true };
  const LINK_DEAD = { valid: false };

  it('explains an incomplete link and offers a new one', async () => {
    mockApi({});
    renderApp('/reset-password?uid=7');
    expect(await screen.findByText(/This reset link is incomplete/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/find-password',
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('says a used or expired link is so as it opens, instead of asking for a password', async () => {
    const api = mockApi({ 'GET /clinic/therapist/reset-password-check': { body: LINK_DEAD } });
    renderApp('/reset-password?uid=7&token=used');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link has expired or was already used.',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/find-password',
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(api.fetch.mock.calls[0]?.[0]).toContain(
      '/clinic/therapist/reset-password-check?uid=7&token=used',
    );
  });

  it('checks that the two passwords match', async () => {
    const api = mockApi({ 'GET /clinic/therapist/reset-password-check': { body: LINK_LIVE } });
    const user = userEvent.setup();
    renderApp('/reset-password?uid=7&token=tok');
    await user.type(await screen.findByLabelText('New password'), 'a new long password');
    await user.type(screen.getByLabelText('Repeat the new password'), 'a different one');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('The two passwords do not match')).toBeInTheDocument();
    expect(api.calls()).toEqual(['GET /clinic/therapist/reset-password-check']);
  });

  it('shows the server message for a link that lapsed while the page was open, with a way to ask for a new one', async () => {
    const message = 'This reset link is invalid or has expired. Ask for a new one.';
    mockApi({
      'GET /clinic/therapist/reset-password-check': { body: LINK_LIVE },
      'POST /clinic/therapist/reset-password-confirm': {
        status: 400,
        body: errorBody('validation_failed', message, { token: message }),
      },
    });
    const user = userEvent.setup();
    renderApp('/reset-password?uid=7&token=old');
    await user.type(await screen.findByLabelText('New password'), 'a new long password');
    await user.type(screen.getByLabelText('Repeat the new password'), 'a new long password');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/find-password',
    );
  });

  it('confirms the change and links to sign in', async () => {
    const api = mockApi({
      'GET /clinic/therapist/reset-password-check': { body: LINK_LIVE },
      'POST /clinic/therapist/reset-password-confirm': { body: { user: userFixture() } },
    });
    const user = userEvent.setup();
    renderApp('/reset-password?uid=7&token=fresh-token');
    await user.type(await screen.findByLabelText('New password'), 'a new long password');
    await user.type(screen.getByLabelText('Repeat the new password'), 'a new long password');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText(/Your password has been changed/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(api.bodiesOf('POST /clinic/therapist/reset-password-confirm')).toEqual([
      { uid: '7', token: 'fresh-token', password: 'a new long password' },
    ]);
  });
});
