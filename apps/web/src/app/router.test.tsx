import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { patientFixture } from '../test/record-fixtures';
import { noopAnalytics, setAnalytics } from '../lib/analytics';
import { userFixture, settingsFixture } from '../test/fixtures';
import { errorBody, mockApi, type ApiMock, type MockReply } from '../test/mock-api';
import { renderApp, resetAuth } from '../test/render-app';

const NOT_SIGNED_IN: MockReply = {
  status: 401,
  body: errorBody('unauthenticated', 'Sign in first'),
};

function signedInApi(user = userFixture(), extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/v1/users/': { body: { results: [user], count: 1 } },
    'GET /user/settings-info': { body: settingsFixture },
    ...extra,
  });
}

const PATIENT = userFixture({
  id: 40,
  role: 'patient',
  code: null,
  first_name: 'Ana',
  email: 'ana@example.org',
});

const PATIENT_RECORD = patientFixture({ id: 41, first_name: 'Ana', last_name: 'Silva' });

/** A server where a patient is signed in (or will be) until the web app signs them out. */
function patientSessionApi(extra: Parameters<typeof mockApi>[0] = {}, active = true) {
  const session: { active: boolean; api: ApiMock } = {
    active,
    api: mockApi({
      'GET /api/v1/users/': () =>
        session.active ? { body: { results: [PATIENT], count: 1 } } : NOT_SIGNED_IN,
      'POST /authentication/logout': () => {
        session.active = false;
        return { body: { ok: true } };
      },
      ...extra,
    }),
  };
  return session;
}

/** The one notice a patient gets on /login, however their session reached the staff app. */
async function expectPatientNotice() {
  const notice = (await screen.findByText('This sign-in is for clinic staff.')).closest(
    '[role="status"]',
  );
  expect(notice).not.toBeNull();
  expect(notice).toHaveTextContent(
    'Patients use the Homestretch app on their phone: sign in there with the same email and password. You have not been signed in here.',
  );
  expect(
    within(notice as HTMLElement).getByRole('link', { name: 'Open the Homestretch app' }),
  ).toHaveAttribute('href', '/app');
}

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

function currentPath(router: ReturnType<typeof renderApp>['router']) {
  const { pathname, search, hash } = router.state.location;
  return `${pathname}${search}${hash}`;
}

beforeEach(() => {
  resetAuth();
  setWidth(1280);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setAnalytics(noopAnalytics);
});

describe('sign in', () => {
  it('shows the server message for a wrong password, then signs in and lands on the patient list', async () => {
    let attempts = 0;
    const api = mockApi({
      'GET /api/v1/users/': NOT_SIGNED_IN,
      'POST /clinic/therapist/signin': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 401, body: errorBody('unauthenticated', 'Wrong email or password') }
          : { body: { user: userFixture() } };
      },
      'GET /user/settings-info': { body: settingsFixture },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/login');

    await user.type(await screen.findByLabelText('Email'), 'dana.reyes@example.org');
    await user.type(screen.getByLabelText('Password'), 'not-my-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong email or password');
    expect(currentPath(router)).toBe('/login');

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Patients' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/patients');
    expect(document.title).toBe('Patients · Homestretch');
    expect(api.bodiesOf('POST /clinic/therapist/signin')[1]).toEqual({
      email: 'dana.reyes@example.org',
      password: 'correct horse battery',
    });
    expect(screen.getByText('Riverside Physio')).toBeInTheDocument();
  });

  it('checks the form before calling the server', async () => {
    const api = mockApi({ 'GET /api/v1/users/': NOT_SIGNED_IN });
    const user = userEvent.setup();
    renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls()).not.toContain('POST /clinic/therapist/signin');
  });

  it('returns to the full deep link the guard stopped, after sign-in', async () => {
    let signedIn = false;
    mockApi({
      'GET /api/v1/users/': () =>
        signedIn ? { body: { results: [userFixture()], count: 1 } } : NOT_SIGNED_IN,
      'POST /clinic/therapist/signin': () => {
        signedIn = true;
        return { body: { user: userFixture() } };
      },
      'GET /user/settings-info': { body: settingsFixture },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/chat/12/messages?tab=files#latest');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/login');
    expect(window.sessionStorage.getItem('homestretch.redirect-after-login')).toBe(
      '/chat/12/messages?tab=files#latest',
    );

    await user.type(screen.getByLabelText('Email'), 'dana.reyes@example.org');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/chat/12/messages?tab=files#latest');
    await waitFor(() =>
      expect(window.sessionStorage.getItem('homestretch.redirect-after-login')).toBeNull(),
    );
  });

  it('sends an already signed-in therapist from /login to the patient list', async () => {
    signedInApi();
    const { router } = renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Patients' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/patients');
  });

  it('sends an already signed-in supervisor from /login to their approvals (spec §6)', async () => {
    signedInApi(userFixture({ role: 'supervisor' }));
    const { router } = renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Approvals' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/approvals');
  });

  it('tells a patient this sign-in is for staff and signs them straight out', async () => {
    let session = false;
    const api = mockApi({
      'GET /api/v1/users/': NOT_SIGNED_IN,
      'POST /clinic/therapist/signin': () => {
        session = true;
        return { body: { user: userFixture({ id: 40, role: 'patient', code: null }) } };
      },
      'POST /authentication/logout': () => {
        session = false;
        return { body: { ok: true } };
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'maria@example.com');
    await user.type(screen.getByLabelText('Password'), 'my app password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('This sign-in is for clinic staff.');
    expect(notice).toHaveTextContent('Patients use the Homestretch app on their phone');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(currentPath(router)).toBe('/login');
    expect(session).toBe(false);
    // Nothing of the staff app was loaded for them.
    expect(api.calls()).toEqual([
      'GET /api/v1/users/',
      'POST /clinic/therapist/signin',
      'POST /authentication/logout',
    ]);
  });

  it('ends a patient session found on a staff page and tells them to use the app', async () => {
    const session = patientSessionApi();
    const { router } = renderApp('/patients');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/login');
    await expectPatientNotice();
    expect(session.active).toBe(false);
    expect(session.api.calls()).not.toContain('GET /api/v1/patients/');
  });

  it('ends a patient session found when /login loads, says why, and forgets it on the next try', async () => {
    const session = patientSessionApi({
      'POST /clinic/therapist/signin': {
        status: 401,
        body: errorBody('unauthenticated', 'Wrong email or password'),
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/login');
    await expectPatientNotice();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(currentPath(router)).toBe('/login');
    expect(session.active).toBe(false);

    // Someone else (staff) signs in on this computer: the patient's notice is not theirs.
    await user.type(screen.getByLabelText('Email'), 'dana.reyes@example.org');
    await user.type(screen.getByLabelText('Password'), 'not-my-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong email or password');
    expect(screen.queryByText('This sign-in is for clinic staff.')).not.toBeInTheDocument();
  });

  it('keeps the QR sign-up done screen for the patient it signed in; the staff app signs them out', async () => {
    const session = patientSessionApi(
      {
        'GET /clinic/check_code': { body: { valid: true, clinic_name: 'Riverside Physio' } },
        'POST /clinic/patient/send-otp': {
          body: { ok: true, phone: '+12125550123', expires_in_seconds: 600 },
        },
        'POST /clinic/patient/verify-otp': {
          body: { verified: true, phone: '+12125550123', valid_until: '2026-03-01T09:30:00.000Z' },
        },
        'POST /clinic/patient/qr-registration': () => {
          session.active = true;
          return {
            status: 201,
            body: { user: PATIENT, patient: PATIENT_RECORD },
          };
        },
      },
      false,
    );
    const user = userEvent.setup();
    const { router } = renderApp('/patient/signup?code=demo01');
    await user.type(await screen.findByLabelText('Mobile phone number'), '(212) 555-0123');
    await user.click(screen.getByRole('button', { name: 'Text me a code' }));
    await user.type(await screen.findByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await user.type(await screen.findByLabelText('First name'), 'Ana');
    await user.type(screen.getByLabelText('Last name'), 'Silva');
    await user.type(screen.getByLabelText('Email'), 'ana@example.org');
    await user.type(screen.getByLabelText('Password'), 'three calm words');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: "You're all set, Ana" }),
    ).toBeInTheDocument();
    // The sign-up page never asks who is signed in, so nothing ends the new session under it.
    expect(session.active).toBe(true);
    expect(session.api.calls()).not.toContain('GET /api/v1/users/');
    expect(session.api.calls()).not.toContain('POST /authentication/logout');

    // Opening the staff app from there (the Homestretch link) is where the session is ended.
    await user.click(screen.getByRole('link', { name: 'Homestretch' }));
    await expectPatientNotice();
    expect(currentPath(router)).toBe('/login');
    expect(session.active).toBe(false);
  });
});

describe('protected layout', () => {
  it('redirects / to the patient list', async () => {
    signedInApi();
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Patients' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/patients');
  });

  it('has landmarks, a skip link and the role label in the account menu', async () => {
    signedInApi(userFixture({ role: 'manager' }));
    const user = userEvent.setup();
    renderApp('/patients');
    await screen.findByRole('heading', { level: 1, name: 'Patients' });
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute(
      'href',
      '#main-content',
    );
    expect(screen.getByRole('banner')).toHaveTextContent('Homestretch');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const label of [
      'Patients',
      'Dashboard',
      'Therapists',
      'Exercise library',
      'Chat',
      'Balances',
      'Referral',
    ]) {
      expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Patients' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByText('Office Manager')).toBeInTheDocument();

    const menuButton = screen.getByRole('button', { name: /Account menu/ });
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('says calmly in the account menu when the account is restricted (spec §4, code X5218)', async () => {
    signedInApi(userFixture({ code: 'X5218' }));
    const user = userEvent.setup();
    renderApp('/patients');
    await screen.findByRole('heading', { level: 1, name: 'Patients' });
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    expect(
      screen.getByText(/The browser\s+extension is not connected for this clinic\./),
    ).toHaveTextContent(
      'Restricted account. The browser extension is not connected for this clinic.',
    );
  });

  it('shows no restriction for any other clinic code', async () => {
    signedInApi(userFixture({ code: 'X5219' }));
    const user = userEvent.setup();
    renderApp('/patients');
    await screen.findByRole('heading', { level: 1, name: 'Patients' });
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByText(/Restricted account/)).not.toBeInTheDocument();
  });

  it('signs out: ends the session, tells the extension, and shows the sign-in page', async () => {
    let signedIn = true;
    const api = mockApi({
      'GET /api/v1/users/': () =>
        signedIn ? { body: { results: [userFixture()], count: 1 } } : NOT_SIGNED_IN,
      'GET /user/settings-info': { body: settingsFixture },
      'POST /authentication/logout': () => {
        signedIn = false;
        return { body: { ok: true } };
      },
    });
    const postMessage = vi.spyOn(window, 'postMessage');
    const user = userEvent.setup();
    const { router } = renderApp('/chat');
    await screen.findByRole('heading', { level: 1, name: 'Chat' });

    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/login');
    expect(api.calls()).toContain('POST /authentication/logout');
    expect(postMessage).toHaveBeenCalledWith(
      { source: 'homestretch', type: 'logout' },
      window.location.origin,
    );
  });

  it('on a phone shows the bottom menu, but not on the exercise screens (spec §2)', async () => {
    setWidth(390);
    signedInApi(undefined, {
      'GET /video/list': { body: { results: [], count: 0 } },
      'GET /video/library': { body: { results: [], count: 0 } },
      'GET /video/3': { status: 404, body: errorBody('not_found', 'Video not found') },
    });
    const { router } = renderApp('/patients');
    await screen.findByRole('heading', { level: 1, name: 'Patients' });
    const bottom = screen.getByRole('navigation', { name: 'Bottom menu' });
    expect(within(bottom).getAllByRole('link')).toHaveLength(5);
    expect(within(bottom).getByRole('link', { name: 'Exercises' })).toBeInTheDocument();

    for (const [path, heading] of [
      ['/exercise-library', 'Exercise library'],
      ['/exercise-upload', 'Upload an exercise video'],
      ['/exercise-edit/3', 'Edit exercise'],
    ] as const) {
      await router.navigate(path);
      await screen.findByRole('heading', { level: 1, name: heading });
      expect(screen.queryByRole('navigation', { name: 'Bottom menu' })).not.toBeInTheDocument();
    }

    await router.navigate('/chat');
    await screen.findByRole('heading', { level: 1, name: 'Chat' });
    expect(screen.getByRole('navigation', { name: 'Bottom menu' })).toBeInTheDocument();
  });

  it('tracks a page view on every route change', async () => {
    const pageView = vi.fn();
    setAnalytics({ name: 'spy', pageView });
    signedInApi();
    const { router } = renderApp('/patients');
    await screen.findByRole('heading', { level: 1, name: 'Patients' });
    await router.navigate('/chat/4/messages?from=list');
    await screen.findByRole('heading', { level: 1, name: 'Messages' });
    expect(pageView).toHaveBeenCalledWith({ path: '/patients', screen: 'patient_list' });
    // Tracked from an effect, which may run just after the heading is painted.
    await waitFor(() =>
      expect(pageView).toHaveBeenCalledWith({
        path: '/chat/4/messages?from=list',
        screen: 'chat_messages',
      }),
    );
  });

  it('sends the user to sign in when a screen finds the session gone', async () => {
    signedInApi();
    const { router, queryClient } = renderApp('/balances');
    await screen.findByRole('heading', { level: 1, name: 'Balances' });
    mockApi({ 'GET /api/v1/users/': NOT_SIGNED_IN, 'GET /clinic/billing-units': NOT_SIGNED_IN });
    await queryClient
      .fetchQuery({
        queryKey: ['billing', 'units'],
        queryFn: async () => {
          const { request } = await import('../lib/api-client');
          return request('/clinic/billing-units');
        },
      })
      .catch(() => undefined);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/login');
    expect(window.sessionStorage.getItem('homestretch.redirect-after-login')).toBe('/balances');
  });
});

describe('public pages', () => {
  it('shows a not-found page with a way home for unknown paths', async () => {
    mockApi({});
    renderApp('/no/such/page');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
    expect(screen.getByText('/no/such/page')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Homestretch' })).toHaveAttribute('href', '/');
    // The title is set by an effect after the page renders; the jsdom shared with the file's
    // other tests still has the last one's title until then.
    await waitFor(() => expect(document.title).toBe('Page not found · Homestretch'));
  });

  it('patient self sign-up checks the clinic code from the QR link', async () => {
    mockApi({
      'GET /clinic/check_code': { body: { valid: true, clinic_name: 'Riverside Physio' } },
    });
    renderApp('/patient/signup?code=demo01');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Verify your phone' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Riverside Physio')).toBeInTheDocument();
  });
});
