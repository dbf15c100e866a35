import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation, useParams } from 'react-router';
import { AppProviders } from '../../../app/app';
import { createQueryClient } from '../../../app/query-client';
import { userFixture } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { priorityPatientFixture } from '../../../test/monitoring-fixtures';
import { monitoringStore } from '../stores/monitoring-store';
import { dispatchPriority, priorityStore } from '../stores/priority-machine';
import { MonitoringRuntime } from './monitoring-runtime';
import { PriorityMonitoringButton } from './priority-monitoring-button';
import { useMonitorPatient } from './use-monitor-patient';

/*
 * Priority mode through its list (spec §4): the button starts it on the first patient's
 * dashboard, the banner turns yellow with the minutes the patient needs, the panel goes to the
 * next one, the minutes question and the exit question answer as labelled, and every choice is
 * posted to the analytics call of spec §7.
 */

const list = [
  priorityPatientFixture(1, 12),
  { ...priorityPatientFixture(2, 0), first_name: 'Ben', last_name: 'Ward' },
  priorityPatientFixture(3, 20),
];

function Dashboard() {
  const id = Number(useParams().id);
  const patient = list.find((entry) => entry.id === id) ?? null;
  useMonitorPatient(patient, 'patient_dashboard');
  return <h1>Patient {id}</h1>;
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function setup(priorityList = list) {
  let nextId = 900;
  const saves: unknown[] = [];
  const saveRoutes = Object.fromEntries(
    [900, 901, 902, 903, 904].map((id) => [
      `PUT /user/therapist/dashboard/monitoring/${id}`,
      ({ body }: { body: unknown }) => {
        const { seconds, final } = body as { seconds: number; final: boolean };
        saves.push({ id, seconds, final });
        return { body: { id, seconds, ended: final } };
      },
    ]),
  );
  const api = mockApi({
    'GET /api/v1/users/': { body: { results: [userFixture()], count: 1 } },
    'GET /clinic/therapist/monitoring-priority-list': {
      body: {
        month: '2026-11',
        time_zone: 'UTC',
        results: priorityList,
        count: priorityList.length,
      },
    },
    'POST /user/therapist/monitoring': () => ({ status: 201, body: { id: nextId++ } }),
    'POST /analytics/priority-monitoring-button-click': { status: 201, body: { id: 1 } },
    ...saveRoutes,
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <MonitoringRuntime bannerSlot={document.body} />
        <Where />
        <Routes>
          <Route path="/dashboard" element={<PriorityMonitoringButton />} />
          <Route path="/patient/:id/dashboard" element={<Dashboard />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  const clicks = () =>
    api
      .bodiesOf('POST /analytics/priority-monitoring-button-click')
      .map((body) => (body as { button_type: string }).button_type);
  return { api, saves, clicks };
}

const where = () => screen.getByTestId('where').textContent;
const banner = () => screen.getByTestId('monitoring-banner');

beforeEach(() => {
  vi.spyOn(document, 'hasFocus').mockReturnValue(true);
});

afterEach(() => {
  dispatchPriority({ type: 'exit' });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('priority monitoring (spec §4)', () => {
  it('starts on the first patient, goes on to the next from the list, and asks when minutes are reached', async () => {
    const user = userEvent.setup();
    const { api, clicks } = setup();
    await user.click(await screen.findByRole('button', { name: 'Priority monitoring' }));

    await waitFor(() => expect(where()).toBe('/patient/1/dashboard'));
    await waitFor(() => expect(banner()).toHaveAttribute('data-mode', 'priority'));
    expect(banner()).toHaveTextContent('out of 12 mins');
    expect(within(banner()).getByRole('status')).toHaveTextContent('Monitoring First1 L.');
    expect(api.bodiesOf('POST /user/therapist/monitoring')).toEqual([
      { user_id: 1, context: 'patient_dashboard' },
    ]);

    await user.click(within(banner()).getByRole('button', { name: 'View List' }));
    const panel = await screen.findByRole('dialog', { name: 'Priority monitoring' });
    const rows = within(panel).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveAttribute('aria-current', 'true');
    expect(rows[0]).toHaveTextContent('12 mins to go');
    expect(rows[0]).toHaveTextContent('5 days left');
    expect(rows[0]).toHaveTextContent('12 data days');
    expect(rows[0]).toHaveTextContent('No call yet this month');
    await user.click(within(panel).getByRole('button', { name: 'Next patient' }));

    await waitFor(() => expect(where()).toBe('/patient/2/dashboard'));
    // Ben needs no more minutes than he has: the question comes at once.
    const reached = await screen.findByRole('dialog', { name: 'Minutes reached' });
    await user.click(within(reached).getByRole('button', { name: 'Next patient' }));
    await waitFor(() => expect(where()).toBe('/patient/3/dashboard'));
    expect(banner()).toHaveTextContent('out of 20 mins');

    await user.click(within(banner()).getByRole('button', { name: 'View List' }));
    const last = await screen.findByRole('dialog', { name: 'Priority monitoring' });
    expect(within(last).getByRole('button', { name: 'Next patient' })).toBeDisabled();

    expect(clicks()).toEqual(['start_monitoring', 'next_patient', 'next_patient']);
    expect(api.bodiesOf('POST /user/therapist/monitoring')).toEqual(
      [1, 2, 3].map((id) => ({ user_id: id, context: 'patient_dashboard' })),
    );
  });

  it('stays with the patient when asked, and asks only once', async () => {
    const user = userEvent.setup();
    const { clicks } = setup([list[1]!, list[2]!]);
    await user.click(await screen.findByRole('button', { name: 'Priority monitoring' }));
    const reached = await screen.findByRole('dialog', { name: 'Minutes reached' });
    await user.click(within(reached).getByRole('button', { name: 'Stay here' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Minutes reached' })).not.toBeInTheDocument(),
    );
    expect(where()).toBe('/patient/2/dashboard');
    expect(clicks()).toEqual(['start_monitoring', 'stay_here']);
  });

  it('closes and ends priority mode from the minutes question', async () => {
    const user = userEvent.setup();
    const { clicks } = setup([list[1]!]);
    await user.click(await screen.findByRole('button', { name: 'Priority monitoring' }));
    const reached = await screen.findByRole('dialog', { name: 'Minutes reached' });
    // The last patient of the list: there is no next one to offer.
    expect(within(reached).queryByRole('button', { name: 'Next patient' })).not.toBeInTheDocument();
    await user.click(within(reached).getByRole('button', { name: 'Close and end' }));
    await waitFor(() => expect(banner()).toHaveAttribute('data-mode', 'normal'));
    expect(priorityStore.getState().active).toBe(false);
    expect(clicks()).toEqual(['start_monitoring', 'close_end']);
  });

  it('holds monitoring while asking to exit: keep going resumes, exit ends the mode', async () => {
    const user = userEvent.setup();
    const { saves, clicks } = setup();
    await user.click(await screen.findByRole('button', { name: 'Priority monitoring' }));
    await waitFor(() => expect(monitoringStore.getState().session?.id).toBe(900));

    await user.click(within(banner()).getByRole('button', { name: 'View List' }));
    const panel = await screen.findByRole('dialog', { name: 'Priority monitoring' });
    await user.click(within(panel).getByRole('button', { name: 'Exit priority mode' }));
    const question = await screen.findByRole('dialog', { name: 'Leave priority monitoring?' });
    expect(monitoringStore.getState()).toMatchObject({ paused: true, pausedSessionId: 900 });
    await waitFor(() => expect(saves).toEqual([{ id: 900, seconds: 0, final: true }]));

    await user.click(within(question).getByRole('button', { name: 'Keep going' }));
    await waitFor(() => expect(monitoringStore.getState().session?.id).toBe(901));
    expect(monitoringStore.getState().paused).toBe(false);

    await user.click(within(panel).getByRole('button', { name: 'Exit priority mode' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave priority monitoring?' })).getByRole(
        'button',
        { name: 'Exit priority mode' },
      ),
    );
    await waitFor(() => expect(banner()).toHaveAttribute('data-mode', 'normal'));
    expect(priorityStore.getState()).toMatchObject({ active: false, list: [], index: 0 });
    expect(clicks()).toEqual(['start_monitoring', 'cancel_exit', 'exit_mode']);
  });

  it('says so when no patient needs minutes, and stays put', async () => {
    const user = userEvent.setup();
    setup([]);
    await user.click(await screen.findByRole('button', { name: 'Priority monitoring' }));
    expect(
      await screen.findByText('Every patient has the minutes they need this month.'),
    ).toBeInTheDocument();
    expect(where()).toBe('/dashboard');
    expect(priorityStore.getState().active).toBe(false);
  });
});
