import type { Patient } from '@homestretch/contract/patients/patient';
import type { StaffMember } from '@homestretch/contract/staff/list-staff';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { errorBody, mockApi, type MockHandler, type MockReply } from '../../test/mock-api';
import { renderApp, resetAuth } from '../../test/render-app';

function patientFixture(overrides: Partial<Patient> = {}): Patient {
  return {
    id: 1,
    first_name: 'José',
    last_name: 'Núñez',
    gender: 'male',
    phone: '+12125550101',
    email: null,
    birthday: '1961-04-12',
    diagnosis: 'Low back pain, unspecified',
    selected_code: 'M5450',
    is_rtm_covered: true,
    status: 'active',
    clinic_code: 'DEMO01',
    has_app_account: false,
    therapists: [{ id: 7, first_name: 'Dana', last_name: 'Reyes', role: 'therapist' }],
    onboarded_at: '2026-01-05T14:00:00.000Z',
    discharged_at: null,
    last_activity_at: null,
    app_reminder_sent_at: null,
    created_at: '2026-01-05T14:00:00.000Z',
    ...overrides,
  };
}

const JOSE = patientFixture();
const ADA = patientFixture({
  id: 2,
  first_name: 'Ada',
  last_name: 'Okoro',
  is_rtm_covered: false,
  diagnosis: null,
  selected_code: null,
  onboarded_at: null,
});

const DANA: StaffMember = {
  id: 7,
  email: 'dana.reyes@example.org',
  first_name: 'Dana',
  last_name: 'Reyes',
  role: 'therapist',
  role_label: 'Staff Therapist',
  last_login: null,
  can_treat: true,
  patient_count: 2,
  approval_status: 'approved',
  supervisor_id: null,
  assistant_kind: null,
};
const MILO: StaffMember = {
  ...DANA,
  id: 8,
  email: 'milo.grant@example.org',
  first_name: 'Milo',
  last_name: 'Grant',
  role: 'remote_therapist',
  role_label: 'Remote PT',
};

function page(results: Patient[], count = results.length): MockReply {
  return { body: { results, count } };
}

function signedIn(routes: Record<string, MockHandler | MockReply>, user = userFixture()) {
  return mockApi({
    'GET /api/v1/users/': { body: { results: [user], count: 1 } },
    'GET /user/settings-info': { body: settingsFixture },
    'GET /clinic/therapist': { body: { results: [MILO, DANA], count: 2 } },
    ...routes,
  });
}

function queriesOf(api: ReturnType<typeof mockApi>, pathname: string) {
  return api.fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === pathname)
    .map((url) => Object.fromEntries(url.searchParams));
}

function patientQueries(api: ReturnType<typeof mockApi>) {
  return queriesOf(api, '/api/v1/patients/');
}

// The route is lazy: load its chunk once up front so the first test's wait is not spent importing.
beforeAll(async () => {
  await import('./patient-list-page');
});

beforeEach(() => {
  resetAuth();
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1280 });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('patient list', () => {
  it('shows the roster with the RTM marker and opens a record from the name', async () => {
    signedIn({ 'GET /api/v1/patients/': page([JOSE, ADA]) });
    const user = userEvent.setup();
    const { router } = renderApp('/patients');

    const table = await screen.findByRole('table', { name: 'Patients' });
    const joseRow = within(table).getByRole('row', { name: /José Núñez/ });
    expect(joseRow).toHaveTextContent('RTM covered');
    expect(joseRow).toHaveTextContent('M54.50');
    expect(within(table).getByRole('row', { name: /Ada Okoro/ })).not.toHaveTextContent('RTM');
    expect(screen.getByText('2 patients')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'José Núñez' }));
    // The record's screen is lazy: the navigation ends once its chunk has loaded.
    await waitFor(() => expect(router.state.location.pathname).toBe('/patient/1/dashboard'), {
      timeout: 5000,
    });
  });

  it('searches once typing pauses, cancels the overtaken search and keeps the rows meanwhile', async () => {
    const aborted: AbortSignal[] = [];
    const api = signedIn({
      'GET /api/v1/patients/': ({ url, init }) => {
        const search = url.searchParams.get('search');
        if (search === 'nu') {
          const signal = init.signal as AbortSignal;
          aborted.push(signal);
          return new Promise<MockReply>((_, reject) =>
            signal.addEventListener('abort', () =>
              reject(new DOMException('The operation was aborted.', 'AbortError')),
            ),
          );
        }
        if (search === 'nun') {
          return page([JOSE]);
        }
        return page([JOSE, ADA]);
      },
    });
    const user = userEvent.setup();
    renderApp('/patients');
    await screen.findByRole('link', { name: 'Ada Okoro' });

    const box = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(box, 'nu');
    await waitFor(() => expect(aborted).toHaveLength(1));
    // The slow search is in flight: the previous rows stay on screen.
    expect(screen.getByRole('link', { name: 'Ada Okoro' })).toBeInTheDocument();

    await user.type(box, 'n');
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Ada Okoro' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: 'José Núñez' })).toBeInTheDocument();
    expect(aborted[0]?.aborted).toBe(true);
    // Two keystrokes then one: one request per pause, never one per key.
    expect(patientQueries(api).map((query) => query.search ?? null)).toEqual([null, 'nu', 'nun']);
  });

  it('says when a search matches nobody, and when the clinic has nobody yet', async () => {
    signedIn({
      'GET /api/v1/patients/': ({ url }) => page(url.searchParams.get('search') ? [] : []),
    });
    const user = userEvent.setup();
    renderApp('/patients');
    expect(await screen.findByRole('heading', { name: 'No patients yet' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Register patient' })).toHaveLength(2);

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zed');
    expect(
      await screen.findByRole('heading', { name: 'No patients match “zed”' }),
    ).toBeInTheDocument();
  });

  it('pages through the server’s pages', async () => {
    const api = signedIn({
      'GET /api/v1/patients/': ({ url }) =>
        url.searchParams.get('page') === '2' ? page([ADA], 26) : page([JOSE], 26),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/patients');
    await screen.findByRole('link', { name: 'José Núñez' });
    expect(screen.getByText('Showing 1–25 of 26')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'Ada Okoro' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(patientQueries(api).at(-1)).toEqual({ page: '2', status: 'active' });
  });

  it('filters by status, therapist and RTM coverage', async () => {
    const api = signedIn({ 'GET /api/v1/patients/': page([JOSE]) });
    const user = userEvent.setup();
    renderApp('/patients');
    await screen.findByRole('link', { name: 'José Núñez' });

    await user.click(screen.getByRole('button', { name: /^Status/ }));
    await user.click(screen.getByRole('option', { name: 'Discharged' }));
    await user.click(screen.getByRole('combobox', { name: 'Therapist' }));
    await user.click(screen.getByRole('option', { name: 'My patients' }));
    await user.click(screen.getByRole('button', { name: /^RTM coverage/ }));
    await user.click(screen.getByRole('option', { name: 'RTM covered' }));

    await waitFor(() =>
      expect(patientQueries(api).at(-1)).toEqual({
        page: '1',
        status: 'discharged',
        mine: 'true',
        rtm: 'true',
      }),
    );
  });

  it('lists a colleague’s patients from the therapist filter, kept in the address', async () => {
    const api = signedIn({ 'GET /api/v1/patients/': page([JOSE]) });
    const user = userEvent.setup();
    const { router } = renderApp('/patients?status=all');
    await screen.findByRole('link', { name: 'José Núñez' });

    const therapist = screen.getByRole('combobox', { name: 'Therapist' });
    expect(therapist).toHaveValue('All therapists');
    await user.click(therapist);
    // The signed-in therapist is "My patients", not a second entry under their own name.
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All therapists',
      'My patients',
      'Milo Grant',
    ]);
    await user.click(screen.getByRole('option', { name: 'Milo Grant' }));

    await waitFor(() =>
      expect(patientQueries(api).at(-1)).toEqual({ page: '1', status: 'all', therapist: '8' }),
    );
    expect(router.state.location.search).toBe('?status=all&therapist=8');
    expect(therapist).toHaveValue('Milo Grant');
    expect(therapist).toHaveAttribute('aria-expanded', 'false');
  });

  it('finds a therapist beyond the first staff page by typing, cancelling the overtaken search', async () => {
    const zoe: StaffMember = { ...DANA, id: 40, first_name: 'Zoe', last_name: 'Ward' };
    const aborted: AbortSignal[] = [];
    const api = signedIn({
      'GET /api/v1/patients/': page([JOSE]),
      'GET /clinic/therapist': ({ url, init }) => {
        const search = url.searchParams.get('search');
        if (search === 'z') {
          const signal = init.signal as AbortSignal;
          aborted.push(signal);
          return new Promise<MockReply>((_, reject) =>
            signal.addEventListener('abort', () =>
              reject(new DOMException('The operation was aborted.', 'AbortError')),
            ),
          );
        }
        // A clinic of 30 treating staff: the first page holds 25 (two here), not Zoe.
        return {
          body:
            search === 'zo' ? { results: [zoe], count: 1 } : { results: [MILO, DANA], count: 30 },
        };
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/patients');
    await screen.findByRole('link', { name: 'José Núñez' });

    const box = screen.getByRole('combobox', { name: 'Therapist' });
    await user.click(box);
    const listbox = screen.getByRole('listbox', { name: 'Therapists' });
    expect(
      await within(listbox).findByText('28 more not listed: type a name to find them.'),
    ).toBeInTheDocument();

    await user.clear(box);
    await user.type(box, 'z');
    await waitFor(() => expect(aborted).toHaveLength(1));
    await user.type(box, 'o');
    expect(await within(listbox).findByRole('option', { name: 'Zoe Ward' })).toBeInTheDocument();
    expect(aborted[0]?.aborted).toBe(true);
    // "All therapists" and "My patients" wait for the box to be emptied: typing narrows the list.
    expect(within(listbox).getAllByRole('option')).toHaveLength(1);

    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', within(listbox).getByRole('option').id);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?therapist=40'));
    expect(patientQueries(api).at(-1)).toEqual({ page: '1', status: 'active', therapist: '40' });
    // Zoe is on no page the screen loaded, and José's row names only Dana: the pick names her.
    expect(box).toHaveValue('Zoe Ward');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(queriesOf(api, '/clinic/therapist').map((query) => query.search ?? null)).toEqual([
      null,
      'z',
      'zo',
    ]);
  });

  it('names a therapist from the address who is beyond the first staff page', async () => {
    const zoe = { id: 40, first_name: 'Zoe', last_name: 'Ward', role: 'therapist' } as const;
    signedIn({ 'GET /api/v1/patients/': page([patientFixture({ therapists: [zoe] })]) });
    renderApp('/patients?therapist=40');
    await screen.findByRole('link', { name: 'José Núñez' });
    expect(screen.getByRole('combobox', { name: 'Therapist' })).toHaveValue('Zoe Ward');
  });

  it('says when no therapist matches, and when therapist names cannot load', async () => {
    let failing = false;
    signedIn({
      'GET /api/v1/patients/': page([JOSE]),
      'GET /clinic/therapist': ({ url }) =>
        failing
          ? { status: 403, body: errorBody('forbidden', 'You are not allowed to do this') }
          : {
              body: url.searchParams.get('search')
                ? { results: [], count: 0 }
                : { results: [MILO, DANA], count: 2 },
            },
    });
    const user = userEvent.setup();
    renderApp('/patients');
    await screen.findByRole('link', { name: 'José Núñez' });
    const box = screen.getByRole('combobox', { name: 'Therapist' });
    await user.click(box);
    await user.clear(box);
    await user.type(box, 'xyz');
    const listbox = screen.getByRole('listbox', { name: 'Therapists' });
    expect(await within(listbox).findByText('No therapist matches “xyz”')).toBeInTheDocument();
    expect(within(listbox).queryAllByRole('option')).toEqual([]);

    // Escape puts the filter back as it was; a search that fails still leaves "All therapists".
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('All therapists');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    failing = true;
    await user.clear(box);
    await user.type(box, 'mi');
    expect(
      await within(listbox).findByText(
        'Therapist names could not be loaded. You are not allowed to do this',
      ),
    ).toBeInTheDocument();
    await user.clear(box);
    expect(
      await within(listbox).findByRole('option', { name: 'All therapists' }),
    ).toBeInTheDocument();
  });

  it('offers to clear a therapist the server does not know', async () => {
    const api = signedIn({
      'GET /api/v1/patients/': ({ url }) =>
        url.searchParams.has('therapist')
          ? {
              status: 400,
              body: errorBody('validation_failed', 'Some fields are invalid', {
                therapist: 'Not a therapist of this clinic: 99',
              }),
            }
          : page([JOSE]),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/patients?therapist=99');
    expect(
      await screen.findByRole('heading', { name: 'This therapist is not on your clinic’s staff' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show all therapists' }));
    expect(await screen.findByRole('link', { name: 'José Núñez' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(patientQueries(api).at(-1)).toEqual({ page: '1', status: 'active' });
  });

  it('discharges the selected patients after confirmation', async () => {
    let discharged = false;
    const api = signedIn({
      'GET /api/v1/patients/': () => (discharged ? page([]) : page([JOSE, ADA])),
      'PATCH /clinic/therapist/patient/discharged': () => {
        discharged = true;
        return page([
          { ...JOSE, status: 'discharged' },
          { ...ADA, status: 'discharged' },
        ]);
      },
    });
    const user = userEvent.setup();
    renderApp('/patients');
    await user.click(
      await screen.findByRole('checkbox', { name: 'Select all patients on this page' }),
    );
    const bar = screen.getByRole('region', { name: 'Selected patients' });
    expect(bar).toHaveTextContent('2 selected');

    await user.click(within(bar).getByRole('button', { name: 'Discharge' }));
    const dialog = screen.getByRole('dialog', { name: 'Discharge 2 patients?' });
    expect(api.bodiesOf('PATCH /clinic/therapist/patient/discharged')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Discharge' }));

    expect(await screen.findByText('2 patients are discharged.')).toBeInTheDocument();
    expect(api.bodiesOf('PATCH /clinic/therapist/patient/discharged')).toEqual([
      { patient_ids: [1, 2] },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No patients yet' })).toBeInTheDocument();
  });

  it('registers a patient with an ICD-10 code and shows each refused field beside it', async () => {
    let attempts = 0;
    const api = signedIn({
      'GET /api/v1/patients/': page([JOSE]),
      'GET /clinic/therapist': { body: { results: [DANA], count: 1 } },
      'GET /api/v1/icd10_codes/': ({ url }) => ({
        body:
          url.searchParams.get('search') === 'low back'
            ? {
                count: 2,
                results: [
                  {
                    code: 'M545',
                    display_code: 'M54.5',
                    description: 'Low back pain',
                    billable: false,
                  },
                  {
                    code: 'M5450',
                    display_code: 'M54.50',
                    description: 'Low back pain, unspecified',
                    billable: true,
                  },
                ],
              }
            : { count: 0, results: [] },
      }),
      'POST /clinic/patient/register': () => {
        attempts += 1;
        return attempts === 1
          ? {
              status: 400,
              body: errorBody('validation_failed', 'Check the highlighted fields', {
                birthday: 'Birthday cannot be in the future',
              }),
            }
          : { status: 201, body: patientFixture({ id: 9, first_name: 'Lena', last_name: 'Berg' }) };
      },
    });
    const user = userEvent.setup();
    renderApp('/patients');
    await screen.findByRole('link', { name: 'José Núñez' });
    await user.click(screen.getByRole('button', { name: 'Register patient' }));
    const dialog = screen.getByRole('dialog', { name: 'Register a patient' });

    await user.type(within(dialog).getByLabelText('First name'), 'Lena');
    await user.type(within(dialog).getByLabelText('Last name'), 'Berg');
    await user.type(within(dialog).getByLabelText('Birthday'), '2030-01-01');
    await user.type(within(dialog).getByLabelText('Mobile phone'), '(212) 555-0142');
    const diagnosis = within(dialog).getByRole('combobox', { name: 'Diagnosis' });
    await user.type(diagnosis, 'low back');
    const listbox = await within(dialog).findByRole('listbox', { name: 'Diagnosis suggestions' });
    expect(diagnosis).toHaveAttribute('aria-expanded', 'true');
    // The category cannot be picked: the first arrow press lands on the billable code.
    await user.keyboard('{ArrowDown}');
    expect(within(listbox).getByRole('option', { name: /M54.50/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{Enter}');
    expect(diagnosis).toHaveValue('Low back pain, unspecified');
    expect(diagnosis).toHaveAttribute('aria-expanded', 'false');
    expect(within(dialog).getByRole('checkbox', { name: /Dana Reyes/ })).toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Register patient' }));
    const birthday = within(dialog).getByLabelText('Birthday');
    await waitFor(() => expect(birthday).toHaveAttribute('aria-invalid', 'true'));
    expect(birthday).toHaveAccessibleDescription('Birthday cannot be in the future');

    await user.clear(birthday);
    await user.type(birthday, '1980-02-03');
    await user.click(within(dialog).getByRole('button', { name: 'Register patient' }));
    expect(await screen.findByText('Lena Berg is registered.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.bodiesOf('POST /clinic/patient/register')[1]).toEqual({
      first_name: 'Lena',
      last_name: 'Berg',
      birthday: '1980-02-03',
      phone: '+12125550142',
      diagnosis: 'Low back pain, unspecified',
      selected_code: 'M5450',
      is_rtm_covered: false,
      therapists: [7],
    });
  });

  it('warns of a likely duplicate: opens the patient, or registers anyway', async () => {
    const maria = patientFixture({
      id: 12,
      first_name: 'Maria',
      last_name: 'Alvarez',
      birthday: '1980-06-25',
      phone: '+12125550100',
    });
    const api = signedIn({
      'GET /api/v1/patients/': page([JOSE, maria]),
      'POST /clinic/patient/register': ({ body }) =>
        (body as { confirm_duplicate?: boolean }).confirm_duplicate
          ? {
              status: 201,
              body: patientFixture({ id: 13, first_name: 'Maria', last_name: 'Alvarez' }),
            }
          : {
              status: 409,
              body: {
                error: {
                  code: 'conflict',
                  message: 'This looks like a patient you already have',
                  duplicates: [
                    {
                      id: 12,
                      first_name: 'Maria',
                      last_name: 'Alvarez',
                      birthday: '1980-06-25',
                      matched: ['name_birthday', 'phone'],
                    },
                  ],
                },
              },
            },
    });
    const user = userEvent.setup();
    renderApp('/patients');
    const fill = async () => {
      await user.click(await screen.findByRole('button', { name: 'Register patient' }));
      const dialog = screen.getByRole('dialog', { name: 'Register a patient' });
      await user.type(within(dialog).getByLabelText('First name'), 'Maria');
      await user.type(within(dialog).getByLabelText('Last name'), 'Alvarez');
      await user.type(within(dialog).getByLabelText('Birthday'), '1980-06-25');
      await user.type(within(dialog).getByLabelText('Mobile phone'), '212-555-0100');
      await user.click(within(dialog).getByRole('button', { name: 'Register patient' }));
      return dialog;
    };

    const dialog = await fill();
    const warning = await within(dialog).findByRole('region', {
      name: 'This looks like a patient you already have',
    });
    expect(warning).toHaveFocus();
    expect(warning).toHaveTextContent(
      'Maria Alvarez, born Jun 25, 1980 · same name and birthday, same phone',
    );
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(warning).getByRole('link', { name: 'Open Maria Alvarez' })).toHaveAttribute(
      'href',
      '/patient/12/dashboard',
    );

    await user.click(within(warning).getByRole('button', { name: 'Register anyway' }));
    expect(await screen.findByText('Maria Alvarez is registered.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.bodiesOf('POST /clinic/patient/register')).toEqual([
      expect.not.objectContaining({ confirm_duplicate: true }),
      {
        first_name: 'Maria',
        last_name: 'Alvarez',
        birthday: '1980-06-25',
        phone: '+12125550100',
        is_rtm_covered: false,
        therapists: [7],
        confirm_duplicate: true,
      },
    ]);
  });

  it('closes only the open picker on Escape in the register dialog, keeping what was typed', async () => {
    signedIn({
      'GET /api/v1/patients/': page([JOSE]),
      'GET /api/v1/icd10_codes/': {
        body: {
          count: 1,
          results: [
            {
              code: 'M5450',
              display_code: 'M54.50',
              description: 'Low back pain, unspecified',
              billable: true,
            },
          ],
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/patients');
    await user.click(await screen.findByRole('button', { name: 'Register patient' }));
    const dialog = screen.getByRole('dialog', { name: 'Register a patient' });
    await user.type(within(dialog).getByLabelText('First name'), 'Lena');

    // Issue 10 defect 1: Escape in the Gender list used to close the whole dialog.
    const gender = within(dialog).getByRole('button', { name: /^Gender/ });
    await user.click(gender);
    expect(within(dialog).getByRole('listbox', { name: 'Gender' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Register a patient' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('listbox', { name: 'Gender' })).not.toBeInTheDocument();
    expect(gender).toHaveFocus();
    expect(within(dialog).getByLabelText('First name')).toHaveValue('Lena');

    // A press elsewhere in the dialog closes the list, not the dialog.
    await user.click(gender);
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(within(dialog).queryByRole('listbox', { name: 'Gender' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Register a patient' })).toBeInTheDocument();

    const diagnosis = within(dialog).getByRole('combobox', { name: 'Diagnosis' });
    await user.type(diagnosis, 'low back');
    await within(dialog).findByRole('option', { name: /M54.50/ });
    await user.keyboard('{Escape}');
    expect(diagnosis).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('dialog', { name: 'Register a patient' })).toBeInTheDocument();

    // With nothing open above it, Escape closes the dialog itself; what was typed is asked about.
    await user.keyboard('{Escape}');
    const ask = screen.getByRole('dialog', { name: 'Discard your changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('First name')).toHaveValue('Lena');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Discard your changes?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes an untouched register dialog at once', async () => {
    signedIn({ 'GET /api/v1/patients/': page([JOSE]) });
    const user = userEvent.setup();
    renderApp('/patients');
    await user.click(await screen.findByRole('button', { name: 'Register patient' }));
    expect(screen.getByRole('dialog', { name: 'Register a patient' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the server’s words when an app reminder is refused', async () => {
    signedIn({
      'GET /api/v1/patients/': page([JOSE]),
      'POST /api/v1/patients/1/send_app_reminder/': {
        status: 429,
        body: errorBody(
          'rate_limited',
          'A reminder already went to this patient in the last 24 hours.',
        ),
        headers: { 'Retry-After': '7200' },
      },
    });
    const user = userEvent.setup();
    renderApp('/patients');
    await user.click(await screen.findByRole('button', { name: 'Actions for José Núñez' }));
    await user.click(screen.getByRole('button', { name: 'Send app reminder' }));
    expect(
      await screen.findByText(
        'A reminder already went to this patient in the last 24 hours. You can send the next one in 2 hours.',
      ),
    ).toBeInTheDocument();
  });

  it('edits a patient’s details from the row’s actions', async () => {
    const api = signedIn({
      'GET /api/v1/patients/': page([JOSE]),
      'PUT /clinic/patient/1/update': { body: { ...JOSE, phone: '+12125550177' } },
    });
    const user = userEvent.setup();
    renderApp('/patients');
    await user.click(await screen.findByRole('button', { name: 'Actions for José Núñez' }));
    await user.click(screen.getByRole('button', { name: 'Edit details' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit José Núñez’s details' });
    const phone = within(dialog).getByLabelText('Mobile phone');
    await user.clear(phone);
    await user.type(phone, '212-555-0177');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('José Núñez’s details are saved.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.bodiesOf('PUT /clinic/patient/1/update')).toEqual([
      { first_name: 'José', last_name: 'Núñez', phone: '+12125550177' },
    ]);
  });

  it('removes a patient after confirmation', async () => {
    const api = signedIn({
      'GET /api/v1/patients/': page([JOSE]),
      'POST /api/v1/patients/1/remove/': { body: { ok: true } },
    });
    const user = userEvent.setup();
    renderApp('/patients');
    await user.click(await screen.findByRole('button', { name: 'Actions for José Núñez' }));
    await user.click(screen.getByRole('button', { name: 'Remove from roster' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove José Núñez?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('José Núñez is removed from the roster.')).toBeInTheDocument();
    expect(api.calls()).toContain('POST /api/v1/patients/1/remove/');
  });

  it('lets office managers see the roster but not open a record', async () => {
    signedIn(
      { 'GET /api/v1/patients/': page([JOSE]) },
      userFixture({ role: 'manager', first_name: 'Priya', last_name: 'Raman' }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/patients');
    const name = await screen.findByRole('button', { name: 'José Núñez' });
    expect(screen.queryByRole('link', { name: 'José Núñez' })).not.toBeInTheDocument();
    expect(name).toHaveAttribute('aria-disabled', 'true');

    await user.click(name);
    expect(screen.getByRole('tooltip')).toHaveTextContent(
      'Only therapists are allowed to enter the patient page.',
    );
    expect(router.state.location.pathname).toBe('/patients');
    // Onboarding writes the diagnosis, which managers may not.
    await user.click(screen.getByRole('button', { name: 'Actions for José Núñez' }));
    expect(screen.queryByRole('button', { name: /onboard/i })).not.toBeInTheDocument();
  });

  it('lets a supervisor read the roster, diagnosis included, and open a record, with nothing to change (decisions/016)', async () => {
    signedIn(
      { 'GET /api/v1/patients/': page([JOSE]) },
      userFixture({ role: 'supervisor', first_name: 'Zoe', last_name: 'Park' }),
    );
    renderApp('/patients');
    const table = await screen.findByRole('table', { name: 'Patients' });
    expect(within(table).getByRole('row', { name: /José Núñez/ })).toHaveTextContent('M54.50');
    expect(screen.getByRole('link', { name: 'José Núñez' })).toHaveAttribute(
      'href',
      '/patient/1/dashboard',
    );
    for (const name of [/Register patient/, /QR poster/, /Actions for/]) {
      expect(screen.queryByRole('button', { name }), String(name)).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('lets office managers filter by therapist, without "My patients"', async () => {
    const api = signedIn(
      { 'GET /api/v1/patients/': page([JOSE]) },
      userFixture({ id: 3, role: 'manager', first_name: 'Priya', last_name: 'Raman' }),
    );
    const user = userEvent.setup();
    // A "my patients" address means nothing to a manager: it reads as all therapists.
    renderApp('/patients?therapist=mine');
    await screen.findByRole('button', { name: 'José Núñez' });
    expect(patientQueries(api)[0]).toEqual({ page: '1', status: 'active' });

    await user.click(screen.getByRole('combobox', { name: 'Therapist' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All therapists',
      'Milo Grant',
      'Dana Reyes',
    ]);
    await user.click(screen.getByRole('option', { name: 'Dana Reyes' }));
    await waitFor(() =>
      expect(patientQueries(api).at(-1)).toEqual({ page: '1', status: 'active', therapist: '7' }),
    );
  });

  it('offers a retry when the roster cannot load', async () => {
    let attempts = 0;
    signedIn({
      'GET /api/v1/patients/': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 403, body: errorBody('forbidden', 'You are not allowed to do this') }
          : page([JOSE]);
      },
    });
    const user = userEvent.setup();
    renderApp('/patients');
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to do this');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'José Núñez' })).toBeInTheDocument();
  });

  it('prints a QR poster that leads to sign-up with the clinic code', async () => {
    signedIn({ 'GET /api/v1/patients/': page([JOSE]) });
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderApp('/patients');
    await screen.findByRole('link', { name: 'José Núñez' });
    await user.click(screen.getByRole('button', { name: 'QR poster' }));
    const dialog = await screen.findByRole('dialog', { name: 'QR poster for patient sign-up' });
    expect(within(dialog).getByRole('heading', { name: 'Riverside Physio' })).toBeInTheDocument();
    const image = await within(dialog).findByRole('img', {
      name: `QR code linking to ${window.location.origin}/patient/signup?code=DEMO01`,
    });
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    await user.click(within(dialog).getByRole('button', { name: 'Print poster' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('shows cards instead of the table on a phone', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 390 });
    signedIn({ 'GET /api/v1/patients/': page([JOSE]) });
    renderApp('/patients');
    const list = await screen.findByRole('list', { name: 'Patients' });
    expect(within(list).getByRole('link', { name: 'José Núñez' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('tells two patients of one name apart on a phone by birth date and last activity', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 390 });
    const namesake = patientFixture({
      id: 3,
      birthday: '1994-09-30',
      last_activity_at: '2026-11-19T15:30:00.000Z',
    });
    signedIn({ 'GET /api/v1/patients/': page([JOSE, namesake]) });
    renderApp('/patients');
    const list = await screen.findByRole('list', { name: 'Patients' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Born Apr 12, 1961');
    expect(first).toHaveTextContent('Last activity: none yet');
    expect(second).toHaveTextContent('Born Sep 30, 1994');
    expect(second).toHaveTextContent('Last activity: Nov 19, 2026');
  });

  it('re-onboards a discharged patient with the RTM coverage the clinic chooses', async () => {
    const discharged = patientFixture({
      status: 'discharged',
      is_rtm_covered: false,
      discharged_at: '2026-10-01T17:00:00.000Z',
    });
    const api = signedIn({
      'GET /api/v1/patients/': page([discharged]),
      'PATCH /api/v1/patients/1/re_onboard/': {
        body: { ...discharged, status: 'active', is_rtm_covered: true },
      },
    });
    const user = userEvent.setup();
    renderApp('/patients');
    await user.click(await screen.findByRole('button', { name: 'Actions for José Núñez' }));
    await user.click(screen.getByRole('button', { name: 'Re-onboard' }));
    const dialog = screen.getByRole('dialog', { name: 'Re-onboard José Núñez' });
    const rtm = within(dialog).getByRole('checkbox', {
      name: 'Covered for remote therapeutic monitoring (RTM)',
    });
    // Discharge ended coverage: the new episode is billable only if the clinic says so.
    expect(rtm).not.toBeChecked();
    await user.click(rtm);
    await user.click(within(dialog).getByRole('button', { name: 'Re-onboard' }));
    expect(await screen.findByText('José Núñez is re-onboarded.')).toBeInTheDocument();
    expect(api.bodiesOf('PATCH /api/v1/patients/1/re_onboard/')).toEqual([
      {
        diagnosis: 'Low back pain, unspecified',
        selected_code: 'M5450',
        therapists: [7],
        is_rtm_covered: true,
      },
    ]);
  });
});
