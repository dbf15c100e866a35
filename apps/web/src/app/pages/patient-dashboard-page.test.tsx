import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { userFixture } from '../../test/fixtures';
import { errorBody, type mockApi } from '../../test/mock-api';
import { patientMonitoringFixture, rtmMonthFixture } from '../../test/monitoring-fixtures';
import { recordApi } from '../../test/record-api';
import { renderApp, resetAuth } from '../../test/render-app';
import {
  interactionFixture,
  measureFixture,
  painRisingBanner,
  patientFixture,
  reportFixture,
} from '../../test/record-fixtures';

const PATH = '/patient/12/dashboard';

async function openDashboard() {
  const view = renderApp(PATH);
  // The first visit loads the lazy route module, which can take a while on a busy machine.
  await screen.findByRole('heading', { level: 1, name: 'Maria Alvarez' }, { timeout: 5000 });
  return view;
}

function queryOf(api: ReturnType<typeof mockApi>, path: string): URLSearchParams[] {
  return api.fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
}

// The dashboard and its program panel are lazy chunks: loaded once here, not inside a test's time.
beforeAll(async () => {
  await import('./patient-dashboard-page');
  await import('../../features/hep/components/program-panel');
  // The lower panels and the forms are chunks of their own (issue 29): transformed once here,
  // not inside a test's wait on a busy machine.
  await import('../../features/health/components/health-charts');
  await import('../../features/patients/components/record/interaction-log');
  await import('../../features/patients/components/record/interaction-log-form');
  await import('../../features/health/components/functional-data');
  await import('../../features/health/components/functional-data-forms');
  await import('../../features/patients/components/details/edit-patient-modal');
});

beforeEach(() => {
  resetAuth();
  // Only Date is faked: ages, default periods and "not in the future" read today's date.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 20, 12, 0));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the patient dashboard', () => {
  it('shows who the patient is: age, dotted ICD-10 code, therapists, coverage, last activity', async () => {
    recordApi();
    await openDashboard();
    const header = screen.getByRole('region', { name: 'Patient' });
    expect(within(header).getByText('46 years (born Jun 24, 1980)')).toBeInTheDocument();
    expect(within(header).getByText('M54.50')).toBeInTheDocument();
    expect(within(header).getByText(/Low back pain, unspecified/)).toBeInTheDocument();
    expect(within(header).getByText('Dana Reyes (Staff Therapist)')).toBeInTheDocument();
    expect(within(header).getByRole('switch', { name: 'RTM coverage' })).toBeChecked();
    expect(within(header).getByText(/Nov 19, 2026/)).toBeInTheDocument();
    expect(document.title).toBe('Patient dashboard · Homestretch');
  });

  it('turns RTM coverage off through the coverage endpoint', async () => {
    const api = recordApi({
      'PATCH /clinic/patient/12/update-rtm-coverage': {
        body: patientFixture({ is_rtm_covered: false }),
      },
    });
    const user = userEvent.setup();
    await openDashboard();
    const toggle = screen.getByRole('switch', { name: 'RTM coverage' });
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(toggle).toHaveAccessibleDescription('Not billed for remote monitoring');
    expect(api.bodiesOf('PATCH /clinic/patient/12/update-rtm-coverage')).toEqual([
      { is_rtm_covered: false },
    ]);
  });

  it('corrects a mistyped birthday from the header, and the header shows it', async () => {
    let stored = patientFixture();
    const api = recordApi({
      'GET /api/v1/patients/12/': () => ({ body: stored }),
      'PUT /clinic/patient/12/update': ({ body }) => {
        stored = { ...stored, ...(body as { birthday: string }) };
        return { body: stored };
      },
    });
    const user = userEvent.setup();
    await openDashboard();
    const header = screen.getByRole('region', { name: 'Patient' });
    await user.click(within(header).getByRole('button', { name: 'Edit details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Maria Alvarez’s details' });
    const birthday = within(dialog).getByLabelText('Birthday');
    await user.clear(birthday);
    await user.type(birthday, '1980-06-14');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await within(header).findByText('46 years (born Jun 14, 1980)')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.bodiesOf('PUT /clinic/patient/12/update')).toEqual([
      { first_name: 'Maria', last_name: 'Alvarez', birthday: '1980-06-14' },
    ]);
  });

  it('charts the last 30 days by default, says which metrics have no data, and changes period', async () => {
    const api = recordApi();
    const user = userEvent.setup();
    await openDashboard();

    const pain = await screen.findByRole('region', { name: 'Pain Level' });
    expect(within(pain).getByText('2 days with data · average 5.5/10')).toBeInTheDocument();
    const steps = screen.getByRole('region', { name: 'Steps' });
    expect(within(steps).getByText('1 day with data · average 5,200 steps')).toBeInTheDocument();
    const empty = screen.getByRole('list', { name: 'Metrics without data' });
    expect(within(empty).getAllByText('No data in this period')).toHaveLength(15);
    expect(within(empty).getByText('BP (Systolic/Diastolic)')).toBeInTheDocument();
    expect(within(empty).getByText('Resp. Rate')).toBeInTheDocument();
    expect(queryOf(api, '/user/therapist/dashboard/health/12').map(String)).toEqual([
      'from=2026-10-22&to=2026-11-20',
    ]);

    await user.click(screen.getByRole('button', { name: /Period/ }));
    await user.click(screen.getByRole('option', { name: 'Last 7 days' }));
    await waitFor(() =>
      expect(queryOf(api, '/user/therapist/dashboard/health/12').map(String)).toContain(
        'from=2026-11-14&to=2026-11-20',
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Details' }));
    expect(screen.getByRole('button', { name: 'Details' })).toHaveAttribute('aria-pressed', 'true');
    expect(
      screen.getByText("Each day's lowest reading, daily figure and highest reading."),
    ).toBeInTheDocument();
  });

  it('shows this week’s progress and another week on request', async () => {
    const api = recordApi();
    const user = userEvent.setup();
    await openDashboard();
    const progress = screen.getByRole('region', { name: 'Weekly progress' });
    expect(await within(progress).findByText('Nov 16 – Nov 22, 2026')).toBeInTheDocument();
    expect(within(progress).getByText('Down 0.8 from the week before')).toBeInTheDocument();
    expect(within(progress).getByText('75%')).toBeInTheDocument();
    expect(within(progress).getAllByText('Not yet')).toHaveLength(2);

    await user.click(within(progress).getByRole('button', { name: /Week/ }));
    await user.click(screen.getByRole('option', { name: 'Last week' }));
    expect(await within(progress).findByText('Nov 9 – Nov 15, 2026')).toBeInTheDocument();
    expect(
      queryOf(api, '/user/therapist/dashboard/progress/12').map((q) => q.get('weeks_ago')),
    ).toEqual(['0', '1']);
  });

  it('shows banners at the top and snoozes one', async () => {
    let snoozed = false;
    const api = recordApi({
      'GET /user/therapist/banners/12': () => ({
        body: snoozed ? { results: [], count: 0 } : { results: [painRisingBanner], count: 1 },
      }),
      'GET /user/therapist/banners/12/snoozes': () => ({
        body: snoozed
          ? {
              results: [{ banner: 'pain_rising', snoozed_until: '2026-11-27T17:00:00.000Z' }],
              count: 1,
            }
          : { results: [], count: 0 },
      }),
      'POST /user/therapist/banners/12/pain_rising/snooze': () => {
        snoozed = true;
        return { body: { banner: 'pain_rising', snoozed_until: '2026-11-27T17:00:00.000Z' } };
      },
    });
    const user = userEvent.setup();
    await openDashboard();
    expect(await screen.findByText(painRisingBanner.message)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Snooze "Pain rising" for 7 days' }));
    const snoozedList = await screen.findByRole('list', { name: 'Snoozed' });
    expect(within(snoozedList).getByText('Pain rising until Nov 27, 2026')).toBeInTheDocument();
    expect(screen.queryByText(painRisingBanner.message)).not.toBeInTheDocument();
    expect(api.calls()).toContain('POST /user/therapist/banners/12/pain_rising/snooze');
  });

  it('lifts a snooze with "Show again"', async () => {
    let snoozed = true;
    const api = recordApi({
      'GET /user/therapist/banners/12': () => ({
        body: snoozed ? { results: [], count: 0 } : { results: [painRisingBanner], count: 1 },
      }),
      'GET /user/therapist/banners/12/snoozes': () => ({
        body: snoozed
          ? {
              results: [{ banner: 'pain_rising', snoozed_until: '2026-11-27T17:00:00.000Z' }],
              count: 1,
            }
          : { results: [], count: 0 },
      }),
      'DELETE /user/therapist/banners/12/pain_rising/snooze': () => {
        snoozed = false;
        return { body: { ok: true } };
      },
    });
    const user = userEvent.setup();
    await openDashboard();
    await user.click(await screen.findByRole('button', { name: 'Show "Pain rising" again' }));
    expect(await screen.findByText(painRisingBanner.message)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Snoozed' })).not.toBeInTheDocument();
    expect(api.calls()).toContain('DELETE /user/therapist/banners/12/pain_rising/snooze');
  });

  it('gives the patient’s phone and e-mail in the header and with "Call due"', async () => {
    recordApi({
      'GET /user/therapist/banners/12': {
        body: {
          results: [
            {
              banner: 'call_due',
              title: 'Call due',
              message:
                'No live call logged this month: RTM management codes need one in the next 8 days.',
            },
          ],
          count: 1,
        },
      },
    });
    await openDashboard();
    const header = screen.getByRole('region', { name: 'Patient' });
    expect(within(header).getByRole('link', { name: '(212) 555-0101' })).toHaveAttribute(
      'href',
      'tel:+12125550101',
    );
    expect(within(header).getByRole('link', { name: 'maria.alvarez@example.com' })).toHaveAttribute(
      'href',
      'mailto:maria.alvarez@example.com',
    );
    const banner = (await screen.findByText('Call due')).closest('[role="status"]');
    expect(banner).not.toBeNull();
    expect(
      within(banner as HTMLElement).getByRole('link', { name: '(212) 555-0101' }),
    ).toHaveAttribute('href', 'tel:+12125550101');
  });

  it('says a discharged patient is not billable, and keeps the switch off', async () => {
    recordApi({
      'GET /api/v1/patients/12/': {
        body: patientFixture({
          status: 'discharged',
          discharged_at: '2026-11-18T17:00:00.000Z',
          // An old record discharged before discharge ended coverage still reads the truth.
          is_rtm_covered: true,
        }),
      },
    });
    await openDashboard();
    const header = screen.getByRole('region', { name: 'Patient' });
    const rtm = within(header).getByRole('switch', { name: 'RTM coverage' });
    expect(rtm).not.toBeChecked();
    expect(rtm).toBeDisabled();
    expect(rtm).toHaveAccessibleDescription('Discharged — not billable');
  });

  it('names the episodes of care a re-onboarding ended (issue 30, item 11)', async () => {
    recordApi({
      'GET /api/v1/patients/12/': {
        body: patientFixture({
          onboarded_at: '2026-11-20T15:00:00.000Z',
          earlier_episodes: [
            { onboarded_at: '2026-09-20T13:00:00.000Z', discharged_at: '2026-11-05T21:00:00.000Z' },
          ],
        }),
      },
    });
    await openDashboard();
    const header = screen.getByRole('region', { name: 'Patient' });
    expect(within(header).getByText('Earlier care')).toBeVisible();
    expect(within(header).getByText('Sep 20, 2026 – Nov 5, 2026')).toBeVisible();
  });
});

describe('as a supervisor (docs/decisions/016-supervisor-patient-access.md)', () => {
  it('reads the record, log and measures, with none of the controls that change them', async () => {
    recordApi({
      'GET /api/v1/users/': { body: { results: [userFixture({ role: 'supervisor' })], count: 1 } },
      'GET /api/v1/patients/12/log_interaction/': {
        body: { results: [interactionFixture()], count: 1 },
      },
      'GET /user/therapist/dashboard/functional-data/12': {
        body: { results: [measureFixture()], count: 1 },
      },
    });
    await openDashboard();
    const header = screen.getByRole('region', { name: 'Patient' });
    expect(within(header).getByText(/Low back pain, unspecified/)).toBeInTheDocument();
    expect(within(header).getByText('Billable for remote monitoring')).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Interactions' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Functional measures' })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'RTM coverage' })).not.toBeInTheDocument();
    for (const name of [
      /Edit details/,
      /Log interaction/,
      /Delete interaction/,
      /Add measure/,
      /Add an entry/,
    ]) {
      expect(screen.queryByRole('button', { name }), String(name)).not.toBeInTheDocument();
    }
  });
});

describe("a colleague's patient (docs/decisions/031)", () => {
  it('reads the record and says who gives care, with none of the controls of care', async () => {
    recordApi({
      // Dana Reyes (7) treats patient 12; this therapist does not.
      'GET /api/v1/users/': {
        body: { results: [userFixture({ id: 8, first_name: 'Lee', role: 'therapist' })], count: 1 },
      },
      'GET /api/v1/patients/12/log_interaction/': {
        body: { results: [interactionFixture()], count: 1 },
      },
    });
    await openDashboard();
    expect(await screen.findByRole('status', { name: '' })).toHaveTextContent(
      /program, calls, messages and monitoring time are for their treating therapists and the clinic's admin/,
    );
    expect(await screen.findByRole('list', { name: 'Interactions' })).toBeInTheDocument();
    for (const name of [/^Call/, /Log interaction/, /Delete interaction/, /Add measure/]) {
      expect(screen.queryByRole('button', { name }), String(name)).not.toBeInTheDocument();
    }
    // Front-desk changes stay: a therapist still runs the roster.
    expect(screen.getByRole('button', { name: /Edit details/ })).toBeInTheDocument();
  });
});

describe('the interaction log', () => {
  it('logs a call with its duration, showing a refused field next to it', async () => {
    let attempts = 0;
    let logs = [] as ReturnType<typeof interactionFixture>[];
    const api = recordApi({
      'GET /api/v1/patients/12/log_interaction/': () => ({
        body: { results: logs, count: logs.length },
      }),
      'POST /api/v1/patients/12/log_interaction/': ({ body }) => {
        attempts += 1;
        if (attempts === 1) {
          return {
            status: 400,
            body: errorBody('validation_failed', 'Check the highlighted fields', {
              'log.notes': 'Notes are at most 5000 characters',
            }),
          };
        }
        const { log } = body as { log: { notes: string; call_duration_seconds: number } };
        // As the server answers: in the clinic's zone, 02:30 on 21 November in UTC.
        logs = [interactionFixture({ log_id: 50, ...log, date: '2026-11-20T21:30:00-05:00' })];
        return { status: 201, body: logs[0] };
      },
    });
    const user = userEvent.setup();
    await openDashboard();
    expect(await screen.findByText('No interactions logged')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Log interaction' }));
    const dialog = screen.getByRole('dialog', { name: 'Log an interaction' });
    // The form is a chunk of its own, loaded as the dialog opens.
    await within(dialog).findAllByRole('textbox');
    await user.type(within(dialog).getByLabelText('Notes'), 'Checked in by phone.');
    await user.type(within(dialog).getByLabelText('Minutes'), '9');
    await user.type(within(dialog).getByLabelText('Seconds'), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const notes = within(dialog).getByLabelText('Notes');
    await waitFor(() => expect(notes).toHaveAttribute('aria-invalid', 'true'));
    expect(notes).toHaveAccessibleDescription('Notes are at most 5000 characters');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Log an interaction' })).not.toBeInTheDocument(),
    );
    const list = await screen.findByRole('list', { name: 'Interactions' });
    expect(within(list).getByText('Call, 9 min 30 s · Dana Reyes')).toBeInTheDocument();
    // Spec §9: 'MMM D, YYYY', the clinic's day, whatever the browser's zone.
    expect(within(list).getByText('Nov 20, 2026')).toBeInTheDocument();
    expect(api.bodiesOf('POST /api/v1/patients/12/log_interaction/')[1]).toEqual({
      log: {
        date: new Date(2026, 10, 20, 12, 0).toISOString(),
        notes: 'Checked in by phone.',
        call_duration_seconds: 570,
      },
    });
  });

  it('refuses seconds of 60 or more before calling the server', async () => {
    const api = recordApi();
    const user = userEvent.setup();
    await openDashboard();
    await user.click(await screen.findByRole('button', { name: 'Log interaction' }));
    const dialog = screen.getByRole('dialog', { name: 'Log an interaction' });
    // The form is a chunk of its own, loaded as the dialog opens.
    await within(dialog).findAllByRole('textbox');
    await user.type(within(dialog).getByLabelText('Seconds'), '75');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByLabelText('Minutes')).toHaveAccessibleDescription(
      'Enter whole minutes, and seconds from 0 to 59',
    );
    expect(api.calls()).not.toContain('POST /api/v1/patients/12/log_interaction/');
  });

  it('asks for notes or a call, and a call of at most 3 hours, before calling the server', async () => {
    const api = recordApi();
    const user = userEvent.setup();
    await openDashboard();
    await user.click(await screen.findByRole('button', { name: 'Log interaction' }));
    const dialog = screen.getByRole('dialog', { name: 'Log an interaction' });
    // The form is a chunk of its own, loaded as the dialog opens.
    await within(dialog).findAllByRole('textbox');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByLabelText('Notes')).toHaveAccessibleDescription(
      'Write what happened, or enter the length of the call',
    );
    await user.type(within(dialog).getByLabelText('Minutes'), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByLabelText('Minutes')).toHaveAccessibleDescription(
      'A call is at most 3 hours',
    );
    expect(api.calls()).not.toContain('POST /api/v1/patients/12/log_interaction/');
  });

  it('deletes an entry only after confirmation', async () => {
    let logs = [interactionFixture()];
    const api = recordApi({
      'GET /api/v1/patients/12/log_interaction/': () => ({
        body: { results: logs, count: logs.length },
      }),
      'POST /api/v1/patients/12/log_interaction/delete/': () => {
        logs = [];
        return { body: { ok: true, log_id: 41 } };
      },
    });
    const user = userEvent.setup();
    await openDashboard();
    const list = await screen.findByRole('list', { name: 'Interactions' });
    expect(within(list).getByText('Reviewed the home program; pain easing.')).toBeInTheDocument();

    await user.click(
      within(list).getByRole('button', { name: /Delete interaction of Nov 18, 2026/ }),
    );
    const confirm = screen.getByRole('dialog', { name: 'Delete this interaction?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.calls()).not.toContain('POST /api/v1/patients/12/log_interaction/delete/');

    await user.click(
      within(list).getByRole('button', { name: /Delete interaction of Nov 18, 2026/ }),
    );
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this interaction?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('No interactions logged')).toBeInTheDocument();
    expect(api.bodiesOf('POST /api/v1/patients/12/log_interaction/delete/')).toEqual([
      { log: { log_id: 41 } },
    ]);
  });
});

describe('functional data', () => {
  it('adds a measure with its first entry, then another entry to it', async () => {
    let measures: ReturnType<typeof measureFixture>[] = [];
    const api = recordApi({
      'GET /user/therapist/dashboard/functional-data/12': () => ({
        body: { results: measures, count: measures.length },
      }),
      'POST /user/therapist/dashboard/functional-data/12': () => {
        measures = [measureFixture({ entries: [{ date: '2026-11-20', value: 95 }] })];
        return { status: 201, body: measures[0] };
      },
      'PATCH /user/therapist/dashboard/functional-data/12': ({ body }) => {
        const { entries } = body as { entries: { date: string; value: number }[] };
        measures = [measureFixture({ entries })];
        return { body: measures[0] };
      },
    });
    const user = userEvent.setup();
    await openDashboard();
    expect(await screen.findByText('No functional measures yet')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Add measure' }));
    const add = screen.getByRole('dialog', { name: 'Add a functional measure' });
    // The form is a chunk of its own, loaded as the dialog opens.
    await within(add).findAllByRole('textbox');
    await user.type(within(add).getByLabelText(/^Measure/), 'Knee flexion');
    await user.type(within(add).getByLabelText(/^Unit/), '°');
    await user.type(within(add).getByLabelText('First value (optional)'), '95');
    await user.click(within(add).getByRole('button', { name: 'Save' }));

    const list = await screen.findByRole('list', { name: 'Functional measures' });
    expect(within(list).getByText('Latest 95 ° on Nov 20, 2026 · 1 entry')).toBeInTheDocument();
    expect(api.bodiesOf('POST /user/therapist/dashboard/functional-data/12')).toEqual([
      { name: 'Knee flexion', unit: '°', entries: [{ value: 95, date: '2026-11-20' }] },
    ]);

    await user.click(within(list).getByRole('button', { name: 'Add an entry to Knee flexion' }));
    const entry = screen.getByRole('dialog', { name: 'Add an entry: Knee flexion' });
    // The form is a chunk of its own, loaded as the dialog opens.
    await within(entry).findAllByRole('textbox');
    await user.type(within(entry).getByLabelText('Value (°)'), '101,5');
    await user.click(within(entry).getByRole('button', { name: 'Save' }));
    expect(
      await within(list).findByText('Latest 101.5 ° on Nov 20, 2026 · 1 entry'),
    ).toBeInTheDocument();
    expect(api.bodiesOf('PATCH /user/therapist/dashboard/functional-data/12')).toEqual([
      { datatype_id: 3, entries: [{ value: 101.5, date: '2026-11-20' }] },
    ]);
  });

  it('names a refused measure field next to it', async () => {
    recordApi({
      'POST /user/therapist/dashboard/functional-data/12': {
        status: 400,
        body: errorBody('validation_failed', 'Check the fields', { unit: 'At most 30 characters' }),
      },
    });
    const user = userEvent.setup();
    await openDashboard();
    await user.click(await screen.findByRole('button', { name: 'Add measure' }));
    const add = screen.getByRole('dialog', { name: 'Add a functional measure' });
    // The form is a chunk of its own, loaded as the dialog opens.
    await within(add).findAllByRole('textbox');
    await user.type(within(add).getByLabelText(/^Measure/), 'Grip');
    await user.click(within(add).getByRole('button', { name: 'Save' }));
    const unit = within(add).getByLabelText(/^Unit/);
    await waitFor(() => expect(unit).toHaveAttribute('aria-invalid', 'true'));
    expect(unit).toHaveAccessibleDescription(/At most 30 characters/);
  });
});

describe("the clinic's today", () => {
  const originalTz = process.env.TZ;
  beforeEach(() => {
    // The browser left in UTC is a day ahead of the clinic (America/New_York) after 7 pm there.
    process.env.TZ = 'UTC';
    vi.setSystemTime(new Date('2026-11-25T01:30:00Z'));
  });
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  it("counts the patient's age by the clinic's day", async () => {
    // Born on the 25th: still the 24th in New York, so the birthday has not come yet.
    recordApi({
      'GET /api/v1/patients/12/': { body: patientFixture({ birthday: '1980-11-25' }) },
    });
    await openDashboard();
    const header = screen.getByRole('region', { name: 'Patient' });
    expect(within(header).getByText('45 years (born Nov 25, 1980)')).toBeInTheDocument();
  });

  it("dates a new measurement, a logged interaction and the charts by the clinic's day", async () => {
    const api = recordApi({
      'POST /user/therapist/dashboard/functional-data/12': {
        status: 201,
        body: measureFixture({ entries: [{ date: '2026-11-24', value: 95 }] }),
      },
      'POST /api/v1/patients/12/log_interaction/': {
        status: 201,
        body: interactionFixture({ date: '2026-11-24T20:30:00-05:00' }),
      },
    });
    const user = userEvent.setup();
    await openDashboard();
    // The health charts render just after the first paint (AfterFirstPaint).
    await waitFor(() =>
      expect(queryOf(api, '/user/therapist/dashboard/health/12').map(String)).toEqual([
        'from=2026-10-26&to=2026-11-24',
      ]),
    );

    await user.click(await screen.findByRole('button', { name: 'Add measure' }));
    const add = screen.getByRole('dialog', { name: 'Add a functional measure' });
    // The form is a chunk of its own, loaded as the dialog opens.
    await within(add).findAllByRole('textbox');
    expect(within(add).getByRole('button', { name: /^Date/ })).toHaveTextContent('Nov 24, 2026');
    await user.type(within(add).getByLabelText(/^Measure/), 'Knee flexion');
    await user.type(within(add).getByLabelText('First value (optional)'), '95');
    await user.click(within(add).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.bodiesOf('POST /user/therapist/dashboard/functional-data/12')).toEqual([
        { name: 'Knee flexion', unit: '', entries: [{ value: 95, date: '2026-11-24' }] },
      ]),
    );

    await user.click(await screen.findByRole('button', { name: 'Log interaction' }));
    const log = screen.getByRole('dialog', { name: 'Log an interaction' });
    // The form is a chunk of its own, loaded as the dialog opens.
    await within(log).findAllByRole('textbox');
    // The clinic's clock, as the log shows the entry once saved.
    expect(within(log).getByRole('button', { name: /^Date and time/ })).toHaveTextContent(
      'Nov 24, 2026 8:30 PM',
    );
    await user.type(within(log).getByLabelText('Notes'), 'Evening check-in.');
    await user.click(within(log).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.bodiesOf('POST /api/v1/patients/12/log_interaction/')).toEqual([
        {
          log: {
            date: '2026-11-25T01:30:00.000Z',
            notes: 'Evening check-in.',
            call_duration_seconds: 0,
          },
        },
      ]),
    );
  });
});

describe('the weekly report', () => {
  it('opens last week by default and prints', async () => {
    const api = recordApi({
      'GET /api/v1/patients/12/report/': { body: reportFixture(patientFixture()) },
    });
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await openDashboard();
    await user.click(screen.getByRole('button', { name: 'Open report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report: Maria Alvarez, last week' });
    const report = await within(dialog).findByRole('article', { name: 'Weekly report' });
    expect(
      within(report).getByText('Week Nov 9 – Nov 15, 2026 (America/New_York)'),
    ).toBeInTheDocument();
    expect(within(report).getByText('21 min')).toBeInTheDocument();
    expect(
      within(report).getByRole('region', { name: 'Daily totals of the week' }),
    ).toHaveTextContent('5,347 steps');
    expect(queryOf(api, '/api/v1/patients/12/report/').map(String)).toEqual(['weeks_ago=1']);

    await user.click(within(dialog).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });
});

describe('when the record cannot be shown', () => {
  it('says a missing patient was not found and links back to the list', async () => {
    recordApi({
      'GET /api/v1/patients/12/': { status: 404, body: errorBody('not_found', 'No such patient') },
    });
    renderApp(PATH);
    expect(
      await screen.findByRole('heading', { name: 'Patient not found' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to patients' })).toHaveAttribute(
      'href',
      '/patients',
    );
  });

  it('tells an office manager that only therapists enter the patient page', async () => {
    recordApi({
      'GET /api/v1/users/': { body: { results: [userFixture({ role: 'manager' })], count: 1 } },
      'GET /api/v1/patients/12/': {
        status: 403,
        body: errorBody('forbidden', 'Clinicians only'),
      },
    });
    renderApp(PATH);
    expect(
      await screen.findByText('Only therapists are allowed to enter the patient page.'),
    ).toBeInTheDocument();
  });

  it('offers a retry after a server failure', async () => {
    let attempts = 0;
    recordApi({
      'GET /api/v1/patients/12/': () => {
        attempts += 1;
        return attempts <= 3
          ? { status: 500, body: errorBody('internal', 'Something went wrong on our side') }
          : { body: patientFixture() };
      },
    });
    const user = userEvent.setup();
    renderApp(PATH);
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('Something went wrong on our side');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Maria Alvarez' }),
    ).toBeInTheDocument();
  });

  it('treats an id that is not a number as a missing patient, without calling the server', async () => {
    const api = recordApi();
    renderApp('/patient/abc/dashboard');
    expect(
      await screen.findByRole('heading', { name: 'Patient not found' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(api.calls().some((call) => call.includes('/api/v1/patients/'))).toBe(false);
  });
});

describe('the Monitoring panel', () => {
  it("shows the month's minutes against the thresholds and what the claims still need", async () => {
    recordApi();
    await openDashboard();
    const panel = await screen.findByRole('region', { name: 'Monitoring' });
    expect(await within(panel).findByText('13 min')).toBeInTheDocument();
    expect(within(panel).getByRole('progressbar')).toHaveAccessibleName(
      '13 of 20 minutes this month',
    );
    expect(within(panel).getByText('5 of 16')).toBeInTheDocument();
    expect(within(panel).getByText('Nov 5, 2026 – Dec 4, 2026')).toBeInTheDocument();
    expect(within(panel).getByText('None yet')).toBeInTheDocument();
    expect(within(panel).getByText('A live call by Nov 30')).toBeInTheDocument();
    expect(within(panel).getByText('Dana Reyes')).toBeInTheDocument();
    expect(within(panel).getByText('8 min 20 s')).toBeInTheDocument();
  });

  it('asks for an earlier month and says when it had no time', async () => {
    const api = recordApi({
      'GET /api/v1/patients/12/monitoring/': ({ url }) => ({
        body: url.searchParams.get('month')
          ? patientMonitoringFixture({
              month: '2026-10',
              status: rtmMonthFixture({ seconds: 0, minutes: 0, needs: [] }),
              by_therapist: [],
              sessions: [],
            })
          : patientMonitoringFixture(),
      }),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await openDashboard();
    const panel = await screen.findByRole('region', { name: 'Monitoring' });
    await within(panel).findByText('13 min');
    await user.click(within(panel).getByRole('button', { name: /Month/ }));
    await user.click(screen.getByRole('option', { name: 'October 2026' }));
    expect(await within(panel).findByText('No monitoring time in this month.')).toBeInTheDocument();
    expect(queryOf(api, '/api/v1/patients/12/monitoring/').at(-1)?.get('month')).toBe('2026-10');
  });
});

describe('monitoring the patient (spec §4)', () => {
  const monitoringApi = {
    'POST /user/therapist/monitoring': { status: 201, body: { id: 501 } },
    'PUT /user/therapist/dashboard/monitoring/501': ({ body }: { body: unknown }) => ({
      body: { id: 501, seconds: (body as { seconds: number }).seconds, ended: true },
    }),
  };

  it('monitors the patient while the record is shown, and saves the session on leaving', async () => {
    // The monitoring timer's ticks too are the test's, so the count does not depend on how busy
    // the machine is.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date(2026, 10, 20, 12, 0));
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    const api = recordApi(monitoringApi);
    const { router } = await openDashboard();
    const banner = await screen.findByTestId('monitoring-banner');
    expect(within(banner).getByRole('status')).toHaveTextContent('Monitoring Maria A.');
    await waitFor(() =>
      expect(api.bodiesOf('POST /user/therapist/monitoring')).toEqual([
        { user_id: 12, context: 'patient_dashboard' },
      ]),
    );
    act(() => {
      vi.advanceTimersByTime(3_000);
    });
    expect(within(banner).getByRole('timer')).toHaveTextContent('00:03');

    await router.navigate('/referral');
    await waitFor(() =>
      expect(api.bodiesOf('PUT /user/therapist/dashboard/monitoring/501')).toEqual([
        { seconds: 3, final: true },
      ]),
    );
    expect(screen.queryByTestId('monitoring-banner')).not.toBeInTheDocument();
  });

  it('does not monitor a therapist of a full-service clinic (only remote therapists are)', async () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    const api = recordApi({
      ...monitoringApi,
      'GET /api/v1/users/': {
        body: { results: [userFixture({ is_full_service: true })], count: 1 },
      },
    });
    await openDashboard();
    expect(screen.queryByTestId('monitoring-banner')).not.toBeInTheDocument();
    expect(api.calls()).not.toContain('POST /user/therapist/monitoring');
  });
});
