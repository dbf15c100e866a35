import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { billingApi, recordSavedFiles, setUpBalancesTests } from '../../../test/billing-api';
import {
  billingChartFixture,
  billingExplanationFixture,
  billingUnitsFixture,
  fileCheckFixture,
  MARIA,
  MARIA_CLOSED,
  UPLOADED_FILE,
} from '../../../test/billing-fixtures';
import { errorBody, type MockHandler, type MockReply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const BILLING: Record<string, MockHandler | MockReply> = {
  'GET /clinic/billing-units': { body: billingUnitsFixture() },
  'GET /clinic/billing-chart': { body: billingChartFixture() },
  'GET /clinic/billing/11/2026/check-file': { body: fileCheckFixture() },
};

setUpBalancesTests();

describe('balances dashboard', () => {
  it('shows the totals in dollars, each patient’s lines and what is missing by when', async () => {
    const api = billingApi(BILLING);
    renderApp('/balances');
    const totals = await screen.findByRole('region', { name: 'Totals' });
    expect(totals).toHaveTextContent('Total expected$75.47');
    expect(totals).toHaveTextContent('2 units');
    expect(totals).toHaveTextContent('$54.30');
    expect(totals).toHaveTextContent('1 unit · 1 patient');
    expect(screen.getByText('Updated 2:05 PM')).toBeInTheDocument();
    expect(screen.getByText(/November 2026 is open/)).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Patients' });
    const maria = within(table).getByRole('row', { name: /Maria Alvarez/ });
    const toBill = within(maria).getByRole('list', { name: 'To bill for Maria Alvarez' });
    expect(toBill).toHaveTextContent('98975');
    expect(toBill).toHaveTextContent('GP');
    expect(toBill).toHaveTextContent('Nov 3, 2026');
    // A claim is never dated after today (Nov 26): her device period is billed on its last day.
    expect(toBill).not.toHaveTextContent('98977');
    const missing = within(maria).getByRole('list', { name: 'Missing for Maria Alvarez' });
    expect(missing).toHaveTextContent('98977 Billable on Nov 30, its date of service');
    expect(missing).toHaveTextContent('18 days with data in Nov 1 – Nov 30 (16 needed)');
    expect(maria).toHaveTextContent('Needs 6 more minutes and the interactive call by Nov 30');
    expect(maria).toHaveTextContent('14 minutes of monitoring in November so far (20 needed)');
    expect(maria).toHaveTextContent('$21.17');
    const linda = within(table).getByRole('row', { name: /Linda Chen/ });
    expect(linda).toHaveTextContent('Nothing to bill yet');
    expect(linda).toHaveTextContent('Needs 1 more day with data by Dec 2');

    const units = api.fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname === '/clinic/billing-units');
    expect(Object.fromEntries(units?.searchParams ?? [])).toEqual({
      month: '11',
      year: '2026',
      page: '1',
      filter: 'all',
    });
  });

  it('words an earlier, closed month as final and what was missing as no longer possible', async () => {
    const api = billingApi({
      ...BILLING,
      'GET /clinic/billing-units': ({ url }) =>
        url.searchParams.get('month') === '10'
          ? {
              body: billingUnitsFixture({
                month: 10,
                period: '2026-10',
                closed: true,
                patients: { results: [MARIA_CLOSED], count: 1 },
              }),
            }
          : { body: billingUnitsFixture() },
      'GET /clinic/billing/10/2026/check-file': { body: fileCheckFixture({ month: 10 }) },
    });
    const user = userEvent.setup();
    renderApp('/balances');
    await screen.findByText(/November 2026 is open/);
    await user.click(screen.getByRole('button', { name: /^Month/ }));
    await user.click(screen.getByRole('option', { name: 'October 2026' }));
    expect(await screen.findByText(/October 2026 is closed/)).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Not billable' })).toBeVisible();
    const maria = screen.getByRole('row', { name: /Maria Alvarez/ });
    expect(maria).toHaveTextContent(
      'Not billable: 20 minutes not reached in October (14 minutes of monitoring); no interactive call in October',
    );
    expect(maria).not.toHaveTextContent('Needs');
    // The month's minutes are lost for good; the device period is billed in November.
    const note = (text: RegExp) => within(maria).getByText(text).closest('.rounded-control');
    expect(note(/^Not billable: 20 minutes/)).toHaveClass('bg-danger-50');
    expect(note(/^Not billable: the 30-day period/)).toHaveClass('bg-canvas');
    expect(api.calls()).toContain('GET /clinic/billing/10/2026/check-file');
    expect(api.calls()).toContain('GET /clinic/billing-chart');
  });

  it('filters and searches on the server, back on the first page', async () => {
    const api = billingApi({
      ...BILLING,
      'GET /clinic/billing-units': ({ url }) =>
        url.searchParams.get('search') === 'zed'
          ? { body: billingUnitsFixture({ patients: { results: [], count: 0 } }) }
          : { body: billingUnitsFixture({ patients: { results: [MARIA], count: 60 } }) },
    });
    const user = userEvent.setup();
    renderApp('/balances');
    await screen.findByRole('table', { name: 'Patients' });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await user.click(screen.getByRole('button', { name: 'Something missing' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search patients' }), 'zed');
    expect(await screen.findByRole('heading', { name: 'No patients match “zed”' })).toBeVisible();
    const queries = api.fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/clinic/billing-units')
      .map((url) => [
        url.searchParams.get('page'),
        url.searchParams.get('filter'),
        url.searchParams.get('search'),
      ]);
    expect(queries.slice(0, 3)).toEqual([
      ['1', 'all', null],
      ['2', 'all', null],
      ['1', 'missing', null],
    ]);
    // A slow machine may search a prefix first, while the typing pauses: always on page 1.
    expect(queries.slice(3).every(([page, filter]) => page === '1' && filter === 'missing')).toBe(
      true,
    );
    expect(queries.at(-1)).toEqual(['1', 'missing', 'zed']);
  });

  it('says when no covered patient had activity in the month', async () => {
    billingApi({
      ...BILLING,
      'GET /clinic/billing-units': {
        body: billingUnitsFixture({
          totals: [],
          total_units: 0,
          total_amount: 0,
          patients: { results: [], count: 0 },
        }),
      },
    });
    renderApp('/balances');
    expect(
      await screen.findByRole('heading', {
        name: 'No RTM-covered patients had activity in November',
      }),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: 'Totals' })).toHaveTextContent('$0.00');
  });

  it('explains a month before the clinic existed in words', async () => {
    billingApi({
      ...BILLING,
      'GET /clinic/billing-units': {
        status: 422,
        body: errorBody('rule_violation', 'Your clinic joined Homestretch in March 2026'),
      },
    });
    renderApp('/balances');
    expect(
      await screen.findByRole('heading', { name: 'No billing figures for November 2026' }),
    ).toBeVisible();
    expect(screen.getByText('Your clinic joined Homestretch in March 2026')).toBeVisible();
  });

  it('offers a retry when the units cannot load', async () => {
    let attempts = 0;
    billingApi({
      ...BILLING,
      'GET /clinic/billing-units': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 403, body: errorBody('forbidden', 'You are not allowed to do this') }
          : { body: billingUnitsFixture() };
      },
    });
    const user = userEvent.setup();
    renderApp('/balances');
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to do this');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Totals' })).toBeVisible();
  });

  it('shows a card per patient on a phone', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 390 });
    billingApi(BILLING);
    renderApp('/balances');
    const cards = await screen.findByRole('list', { name: 'Patients' });
    expect(screen.queryByRole('table', { name: 'Patients' })).toBeNull();
    expect(cards.children).toHaveLength(3);
    expect(cards).toHaveTextContent('Needs 6 more minutes and the interactive call by Nov 30');
  });

  it('explains a patient’s lines with the records behind them and copies the case', async () => {
    const explanation = billingExplanationFixture();
    const api = billingApi({
      ...BILLING,
      'GET /clinic/billing-units/patient/12': { body: explanation },
    });
    const user = userEvent.setup();
    renderApp('/balances');
    await user.click(await screen.findByRole('button', { name: /Maria Alvarez/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Maria Alvarez · November 2026' });
    const later = await within(dialog).findByRole('region', { name: 'Billable later' });
    expect(later).toHaveTextContent('98977 Billable on Nov 30, its date of service');
    expect(later).toHaveTextContent('18 days with data in Nov 1 – Nov 30 (16 needed)');
    expect(within(dialog).getByRole('region', { name: 'To bill' })).not.toHaveTextContent('98977');
    expect(dialog).toHaveTextContent('Needs 6 more minutes and the interactive call by Nov 30');
    expect(within(dialog).getByRole('table', { name: 'Days with data' })).toHaveTextContent(
      '2 (data)',
    );
    expect(dialog).toHaveTextContent('4 days with data this month');
    const sessions = within(dialog).getByRole('region', { name: 'Monitoring sessions' });
    expect(sessions).toHaveTextContent('Nov 4, 9:00 AM');
    expect(sessions).toHaveTextContent('8 min 30 s');
    expect(sessions).toHaveTextContent('by a PTA');
    expect(within(dialog).getByRole('region', { name: 'Calls' })).toHaveTextContent(
      'No call logged this month.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Copy case (JSON)' }));
    // user-event stands in for the clipboard.
    expect(await navigator.clipboard.readText()).toBe(JSON.stringify(explanation.case, null, 2));
    const query = api.fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname === '/clinic/billing-units/patient/12');
    expect(query?.searchParams.get('month')).toBe('11');
    expect(query?.searchParams.get('year')).toBe('2026');
  });

  it('says what the file will hold and saves the downloads under their names', async () => {
    const api = billingApi({
      ...BILLING,
      'GET /clinic/billing/11/2026/check-file': {
        body: fileCheckFixture({ uploaded: { ...UPLOADED_FILE, month: 11 } }),
      },
      'GET /clinic/billing/11/2026/download-file': ({ url }) => ({
        body: {
          content: btoa(`format ${url.searchParams.get('format')}`),
          name: `billing-2026-11.${url.searchParams.get('format')}`,
          content_type: 'text/csv',
        },
      }),
    });
    const saved = recordSavedFiles();
    const user = userEvent.setup();
    renderApp('/balances');
    expect(await screen.findByText('4 rows for 2 patients, $115.67 expected.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await user.click(screen.getByRole('button', { name: 'Download uploaded file' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[0]?.name).toBe('billing-2026-11.csv');
    expect(await saved[0]?.blob?.text()).toBe('format csv');
    expect(saved[1]?.name).toBe('billing-2026-11.uploaded');
    expect(api.calls().filter((call) => call.endsWith('download-file'))).toHaveLength(2);
  });

  it.each([
    ['admin', ['Billing units', 'Billing information', 'Files']],
    ['manager', ['Billing units', 'Billing information', 'Files']],
    ['therapist', ['Billing units', 'Billing information']],
    ['remote_therapist', ['Billing units', 'Billing information']],
  ] as const)('shows the %s the tabs %j', async (role, labels) => {
    billingApi(BILLING, { role });
    renderApp('/balances');
    const tabs = await screen.findByRole('tablist', { name: 'Balances' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(labels);
  });

  it('draws the year chart with its months read out', async () => {
    billingApi(BILLING);
    renderApp('/balances');
    expect(
      await screen.findByText(/2026, expected and units by month: September \$454\.50, 18 units/),
    ).toBeInTheDocument();
  });
});
