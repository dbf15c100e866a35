import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { errorBody, mockApi, type MockHandler, type MockReply } from '../../test/mock-api';
import { monitoringMonthFixture } from '../../test/monitoring-fixtures';
import { renderApp, resetAuth } from '../../test/render-app';

function dashboardApi(
  role: ReturnType<typeof userFixture>['role'] = 'therapist',
  extra: Record<string, MockHandler | MockReply> = {},
) {
  return mockApi({
    'GET /api/v1/users/': { body: { results: [userFixture({ role })], count: 1 } },
    'GET /user/settings-info': { body: settingsFixture },
    'GET /user/therapist/dashboard/monitoring': { body: monitoringMonthFixture() },
    'GET /api/v1/tasks/': { body: { results: [], count: 0 } },
    'GET /user/voice/calls': { body: { results: [] } },
    ...extra,
  });
}

beforeAll(async () => {
  await import('./therapist-dashboard-page');
});

beforeEach(() => {
  resetAuth();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 20, 12, 0));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the therapist dashboard', () => {
  it("shows my RTM patients' month: minutes, data days, the live call and what is still needed", async () => {
    dashboardApi();
    renderApp('/dashboard');
    const table = await screen.findByRole('table', {}, { timeout: 5000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'Maria Alvarez' })).toHaveAttribute(
      'href',
      '/patient/12/dashboard',
    );
    expect(within(rows[0]!).getByText('13 / 20 min')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('A live call by Nov 30')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('22 / 40 min')).toBeInTheDocument();
    expect(screen.getByText('35 min 20 s')).toBeInTheDocument();
    expect(screen.getAllByText('1 of 2')).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(document.title).toBe('Dashboard · Homestretch');
  });

  it('shows each patient as a card on a phone, what is still needed in view (issue 30, item 9)', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 390 });
    dashboardApi();
    renderApp('/dashboard');
    const list = await screen.findByRole('list', { name: 'My RTM patients this month' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [maria] = within(list).getAllByRole('listitem');
    expect(within(maria!).getByRole('link', { name: 'Maria Alvarez' })).toBeInTheDocument();
    expect(within(maria!).getByText('Still needed')).toBeInTheDocument();
    expect(within(maria!).getByText('A live call by Nov 30')).toBeInTheDocument();
  });

  it('narrows to the patients without a live call', async () => {
    dashboardApi();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp('/dashboard');
    const table = await screen.findByRole('table', {}, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: /Show/ }));
    await user.click(screen.getByRole('option', { name: 'No live call yet' }));
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(1);
    expect(within(table).getByText('Maria Alvarez')).toBeInTheDocument();
  });

  it('says so when the therapist has no RTM patients', async () => {
    dashboardApi('therapist', {
      'GET /user/therapist/dashboard/monitoring': {
        body: monitoringMonthFixture({
          results: [],
          totals: { patients: 0, my_seconds: 0, reached_10: 0, reached_20: 0, with_call: 0 },
        }),
      },
    });
    renderApp('/dashboard');
    expect(await screen.findByText('No RTM patients yet', {}, { timeout: 5000 })).toBeVisible();
  });

  it('offers a retry when the month cannot load', async () => {
    dashboardApi('therapist', {
      'GET /user/therapist/dashboard/monitoring': {
        status: 503,
        body: errorBody('service_unavailable', 'The database is busy'),
      },
    });
    renderApp('/dashboard');
    expect(
      await screen.findByRole('button', { name: /Try again/ }, { timeout: 5000 }),
    ).toBeVisible();
  });

  it('points office managers and supervisors to their own work', async () => {
    dashboardApi('supervisor');
    renderApp('/dashboard');
    expect(
      await screen.findByRole('link', { name: 'Open approvals' }, { timeout: 5000 }),
    ).toHaveAttribute('href', '/approvals');
  });
});
