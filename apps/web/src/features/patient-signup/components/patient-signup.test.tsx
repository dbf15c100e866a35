import type { Patient } from '@homestretch/contract/patients/patient';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userFixture } from '../../../test/fixtures';
import { errorBody, mockApi, type MockHandler, type MockReply } from '../../../test/mock-api';
import { renderApp, resetAuth } from '../../../test/render-app';

const PHONE = '+12125550123';
const CLINIC_OK = { body: { valid: true, clinic_name: 'Riverside Physio' } };

function patientFixture(overrides: Partial<Patient> = {}): Patient {
  return {
    id: 41,
    first_name: 'Ana',
    last_name: 'Silva',
    gender: null,
    phone: PHONE,
    email: 'ana@example.org',
    birthday: null,
    diagnosis: null,
    selected_code: null,
    is_rtm_covered: false,
    status: 'active',
    clinic_code: 'DEMO01',
    has_app_account: true,
    therapists: [],
    onboarded_at: null,
    discharged_at: null,
    last_activity_at: null,
    app_reminder_sent_at: null,
    created_at: '2026-03-01T09:00:00.000Z',
    ...overrides,
  };
}

const SENT = { body: { ok: true, phone: PHONE, expires_in_seconds: 600 } };
const VERIFIED = {
  body: { verified: true, phone: PHONE, valid_until: '2026-03-01T09:30:00.000Z' },
};
const REGISTERED = {
  status: 201,
  body: {
    user: userFixture({ role: 'patient', first_name: 'Ana', email: 'ana@example.org' }),
    patient: patientFixture(),
  },
};

type Routes = Record<string, MockHandler | MockReply>;

function signupApi(overrides: Routes = {}) {
  return mockApi({
    'GET /clinic/check_code': CLINIC_OK,
    'POST /clinic/patient/send-otp': SENT,
    'POST /clinic/patient/verify-otp': VERIFIED,
    'POST /clinic/patient/qr-registration': REGISTERED,
    ...overrides,
  });
}

type User = ReturnType<typeof userEvent.setup>;

async function reachCodeStep(user: User) {
  await user.type(await screen.findByLabelText('Mobile phone number'), '(212) 555-0123');
  await user.click(screen.getByRole('button', { name: 'Text me a code' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Enter your code' })).toHaveFocus();
}

async function reachDetailsStep(user: User) {
  await reachCodeStep(user);
  await user.type(screen.getByLabelText('6-digit code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Create your account' }),
  ).toHaveFocus();
}

async function fillDetails(user: User, email = 'ana@example.org') {
  await user.type(screen.getByLabelText('First name'), 'Ana');
  await user.type(screen.getByLabelText('Last name'), 'Silva');
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), 'three calm words');
}

beforeEach(() => {
  resetAuth();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('patient self sign-up', () => {
  it('checks the clinic, verifies the phone, creates the account and says what comes next', async () => {
    const api = signupApi();
    const user = userEvent.setup();
    renderApp('/patient/signup?code=demo01');

    expect(await screen.findByText('Riverside Physio')).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    await reachDetailsStep(user);
    expect(screen.getByText('(212) 555-0123')).toBeInTheDocument();
    await fillDetails(user);
    await user.selectOptions(screen.getByLabelText('Gender (optional)'), 'Prefer not to say');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: "You're all set, Ana" }),
    ).toHaveFocus();
    expect(screen.getByText('ana@example.org')).toBeInTheDocument();
    expect(screen.getByText(/Riverside Physio sets up your home exercise program/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open the Homestretch app' })).toHaveAttribute(
      'href',
      '/app',
    );

    expect(api.fetch.mock.calls[0]?.[0]).toContain('/clinic/check_code?code=DEMO01');
    expect(api.bodiesOf('POST /clinic/patient/send-otp')).toEqual([{ phone: PHONE }]);
    expect(api.bodiesOf('POST /clinic/patient/verify-otp')).toEqual([
      { phone: PHONE, otp: '123456' },
    ]);
    expect(api.bodiesOf('POST /clinic/patient/qr-registration')).toEqual([
      {
        clinic_code: 'DEMO01',
        phone: PHONE,
        first_name: 'Ana',
        last_name: 'Silva',
        email: 'ana@example.org',
        password: 'three calm words',
        gender: 'undisclosed',
      },
    ]);
  });

  it('tells the patient to ask for a new QR code when no clinic has the code', async () => {
    signupApi({ 'GET /clinic/check_code': { body: { valid: false, clinic_name: null } } });
    renderApp('/patient/signup?code=NOPE99');
    expect(
      await screen.findByRole('heading', { level: 1, name: "We can't find your clinic" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('No clinic on Homestretch has the code');
    expect(screen.getByText('NOPE99')).toBeInTheDocument();
    expect(screen.getByText(/Ask your clinic for a new QR code/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Mobile phone number')).not.toBeInTheDocument();
  });

  it('asks for the clinic code from the poster when the link has none, then goes on', async () => {
    const api = signupApi({
      'GET /clinic/check_code': ({ url }) => ({
        body:
          url.searchParams.get('code') === 'DEMO01'
            ? CLINIC_OK.body
            : { valid: false, clinic_name: null },
      }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/patient/signup');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Enter your clinic code' }),
    ).toBeInTheDocument();
    const code = screen.getByLabelText('Clinic code');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(/Clinic code is required/));
    expect(api.calls()).toEqual([]);

    await user.type(code, 'nope99');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(/No clinic has this code/));
    // Focus moves on the next animation frame (focusInvalid).
    await waitFor(() => expect(code).toHaveFocus());

    await user.clear(code);
    await user.type(code, 'demo01');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Verify your phone' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Riverside Physio')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?code=DEMO01');
    expect(api.calls()).toEqual(['GET /clinic/check_code', 'GET /clinic/check_code']);
  });

  it('does not ask the server about a garbled code, nor repeat the garbled text', async () => {
    const api = signupApi();
    renderApp('/patient/signup?code=call%20555%20now!');
    expect(await screen.findByText(/not complete or has been changed/)).toBeInTheDocument();
    expect(screen.queryByText(/call 555/)).not.toBeInTheDocument();
    expect(api.calls()).toEqual([]);
  });

  it('says in words when the clinic cannot be checked, and tries again on request', async () => {
    let fail = true;
    signupApi({
      'GET /clinic/check_code': () => {
        if (fail) {
          throw new TypeError('Failed to fetch');
        }
        return CLINIC_OK;
      },
    });
    const user = userEvent.setup();
    renderApp('/patient/signup?code=DEMO01');
    expect(
      await screen.findByText(
        /We could not check your clinic. Cannot reach Homestretch/,
        undefined,
        {
          timeout: 5000,
        },
      ),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Mobile phone number')).toBeInTheDocument();
  });

  it('checks the phone before texting, and shows the server refusing it next to the field', async () => {
    const api = signupApi({
      'POST /clinic/patient/send-otp': {
        status: 400,
        body: errorBody('validation_failed', 'Some fields are invalid', {
          phone: 'Enter a valid number after the + and country code',
        }),
      },
    });
    const user = userEvent.setup();
    renderApp('/patient/signup?code=DEMO01');
    const phone = await screen.findByLabelText('Mobile phone number');
    await user.type(phone, '555 12');
    await user.click(screen.getByRole('button', { name: 'Text me a code' }));
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(phone).toHaveFocus());
    expect(api.calls()).not.toContain('POST /clinic/patient/send-otp');

    await user.clear(phone);
    await user.type(phone, '+44 7911 123456');
    await user.click(screen.getByRole('button', { name: 'Text me a code' }));
    await waitFor(() =>
      expect(phone).toHaveAccessibleDescription(
        expect.stringContaining('Enter a valid number after the + and country code'),
      ),
    );
  });

  it('says how many tries are left after a wrong code', async () => {
    signupApi({
      'POST /clinic/patient/verify-otp': {
        status: 400,
        body: errorBody('validation_failed', 'Incorrect code. 4 tries left.', {
          otp: 'Incorrect code. 4 tries left.',
        }),
      },
    });
    const user = userEvent.setup();
    renderApp('/patient/signup?code=DEMO01');
    await reachCodeStep(user);
    const code = screen.getByLabelText('6-digit code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await user.type(code, '12 34-56');
    expect(code).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    expect(code).toHaveAccessibleDescription('Incorrect code. 4 tries left.');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
  });

  it('stops checking an expired code and offers a new one once the countdown has run', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = signupApi({
      'POST /clinic/patient/verify-otp': {
        status: 400,
        body: errorBody(
          'validation_failed',
          'This code has expired (codes last 10 minutes). Ask for a new code.',
          { otp: 'This code has expired (codes last 10 minutes). Ask for a new code.' },
        ),
      },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp('/patient/signup?code=DEMO01');
    await reachCodeStep(user);
    expect(screen.getByRole('button', { name: /Send a new code in 0:(30|29)/ })).toBeDisabled();

    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/This code has expired/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(31_000));
    const resend = screen.getByRole('button', { name: 'Send a new code' });
    expect(resend).toBeEnabled();
    await user.click(resend);

    expect(await screen.findByText(/We sent a new code/)).toBeInTheDocument();
    expect(screen.getByLabelText('6-digit code')).toHaveValue('');
    expect(screen.queryByText(/This code has expired/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
    expect(screen.getByRole('button', { name: /Send a new code in 0:/ })).toBeDisabled();
    expect(api.bodiesOf('POST /clinic/patient/send-otp')).toHaveLength(2);
  });

  it("waits as long as the server's Retry-After says when it refuses another text", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let texts = 0;
    signupApi({
      'POST /clinic/patient/send-otp': () => {
        texts += 1;
        return texts === 1
          ? SENT
          : {
              status: 429,
              headers: { 'Retry-After': '600' },
              body: errorBody('rate_limited', 'Too many attempts. Try again in 10 minute(s).'),
            };
      },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp('/patient/signup?code=DEMO01');
    await reachCodeStep(user);
    await act(() => vi.advanceTimersByTimeAsync(31_000));
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));

    expect(
      await screen.findByText('Too many attempts. Try again in 10 minutes.'),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: /Send a new code in (10:00|9:5\d)/ }),
    ).toBeDisabled();
  });

  it('shows each field the server refused next to that field', async () => {
    signupApi({
      'POST /clinic/patient/qr-registration': {
        status: 409,
        body: errorBody('conflict', 'An account with this email already exists', {
          email: 'An account with this email already exists. Sign in instead.',
        }),
      },
    });
    const user = userEvent.setup();
    renderApp('/patient/signup?code=DEMO01');
    await reachDetailsStep(user);

    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    const first = screen.getByLabelText('First name');
    await waitFor(() => expect(first).toHaveFocus());
    expect(first).toHaveAttribute('aria-invalid', 'true');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAccessibleDescription(
      expect.stringContaining('Password must be at least 8 characters'),
    );
    await user.click(screen.getByLabelText('Show password'));
    expect(password).toHaveAttribute('type', 'text');

    await fillDetails(user, 'taken@example.org');
    expect(password).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription(
      expect.stringContaining('An account with this email already exists. Sign in instead.'),
    );
    await waitFor(() => expect(email).toHaveFocus());
  });

  it('says in words when the account cannot be created because of the server or the network', async () => {
    let reply: 'down' | 'broken' = 'broken';
    signupApi({
      'POST /clinic/patient/qr-registration': () => {
        if (reply === 'down') {
          throw new TypeError('Failed to fetch');
        }
        return {
          status: 500,
          body: errorBody('internal', 'Something went wrong on our side (reference req-9)'),
        };
      },
    });
    const user = userEvent.setup();
    renderApp('/patient/signup?code=DEMO01');
    await reachDetailsStep(user);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong on our side (reference req-9)',
    );
    reply = 'down';
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Cannot reach Homestretch. Check your connection.',
    );
  });

  it('sends the patient back to verify again when the phone check has lapsed, keeping the details', async () => {
    let registrations = 0;
    signupApi({
      'POST /clinic/patient/qr-registration': () => {
        registrations += 1;
        return registrations === 1
          ? {
              status: 422,
              body: errorBody('rule_violation', 'Verify your phone number first', {
                phone: 'This phone number has not been verified',
              }),
            }
          : REGISTERED;
      },
    });
    const user = userEvent.setup();
    renderApp('/patient/signup?code=DEMO01');
    await reachDetailsStep(user);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Verify your phone' }),
    ).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(/has run out/);
    expect(screen.getByLabelText('Mobile phone number')).toHaveValue('(212) 555-0123');
    await user.click(screen.getByRole('button', { name: 'Text me a code' }));
    await screen.findByRole('heading', { level: 1, name: 'Enter your code' });
    await user.type(screen.getByLabelText('6-digit code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByLabelText('Email')).toHaveValue('ana@example.org');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByRole('heading', { name: "You're all set, Ana" })).toBeVisible();
  });

  it('lets the patient change the number from the code step', async () => {
    signupApi();
    const user = userEvent.setup();
    renderApp('/patient/signup?code=DEMO01');
    await reachCodeStep(user);
    await user.click(screen.getByRole('button', { name: 'Use a different number' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Verify your phone' }),
    ).toHaveFocus();
    expect(screen.getByLabelText('Mobile phone number')).toHaveValue('(212) 555-0123');
  });
});
