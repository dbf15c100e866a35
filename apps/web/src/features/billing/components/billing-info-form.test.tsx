import type { BillingInfo } from '@homestretch/contract/billing/billing-info';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { billingApi, setUpBalancesTests } from '../../../test/billing-api';
import { billingInfoFixture } from '../../../test/billing-fixtures';
import { errorBody } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const EMPTY: BillingInfo = { provider_info: null, practice_info: null, updated_at: null };

setUpBalancesTests();

async function fillIn(user: ReturnType<typeof userEvent.setup>, providerNpi: string) {
  await user.type(screen.getByLabelText('First name'), 'Dana');
  await user.type(screen.getByLabelText('Last name'), 'Reyes');
  await user.type(screen.getByLabelText('Provider NPI'), providerNpi);
  await user.type(screen.getByLabelText('Practice name'), 'Riverside Physio');
  await user.type(screen.getByLabelText('Group NPI'), '1245319599');
  await user.type(screen.getByLabelText('Tax id (EIN)'), '12-3456789');
  await user.type(screen.getByLabelText('Street address'), '12 River St');
  await user.type(screen.getByLabelText('City'), 'Albany');
  await user.selectOptions(screen.getByLabelText('State'), 'NY');
  await user.type(screen.getByLabelText('ZIP code'), '12207');
  await user.type(screen.getByLabelText('Phone'), '(518) 555-0142');
}

describe('billing information form', () => {
  it('refuses an NPI whose check digit fails, beside the field, and sends nothing', async () => {
    const api = billingApi(
      { 'GET /clinic/DEMO01/billing-info': { body: EMPTY } },
      { role: 'admin' },
    );
    const user = userEvent.setup();
    renderApp('/balances?tab=info');
    expect(await screen.findByText(/Not filled in yet/)).toBeVisible();
    await fillIn(user, '1234567890');
    await user.clear(screen.getByLabelText('ZIP code'));
    await user.type(screen.getByLabelText('ZIP code'), '122');
    await user.click(screen.getByRole('button', { name: 'Save billing information' }));
    expect(
      await screen.findByText('This NPI fails its check digit: check for a mistyped digit'),
    ).toBeVisible();
    expect(screen.getByLabelText('Provider NPI')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Group NPI')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('ZIP code is 5 digits, or ZIP+4 as 12345-6789')).toBeVisible();
    expect(api.calls()).not.toContain('PUT /clinic/DEMO01/billing-info');
  });

  it('saves both parts at once with the secure-messages switch off by default', async () => {
    const api = billingApi(
      {
        'GET /clinic/DEMO01/billing-info': { body: EMPTY },
        'PUT /clinic/DEMO01/billing-info': { body: billingInfoFixture() },
      },
      { role: 'manager' },
    );
    const user = userEvent.setup();
    renderApp('/balances?tab=info');
    await screen.findByText(/Not filled in yet/);
    const secure = screen.getByRole('switch', {
      name: 'Secure messages count as the interactive communication',
    });
    expect(secure).toHaveAttribute('aria-checked', 'false');
    expect(secure).toHaveAccessibleDescription(/safe default is off/);
    await fillIn(user, '1234567893');
    await user.click(screen.getByRole('button', { name: 'Save billing information' }));
    await waitFor(() => expect(api.bodiesOf('PUT /clinic/DEMO01/billing-info')).toHaveLength(1));
    // What was typed is the fixture's info, with the default credentials.
    const { provider_info, practice_info } = billingInfoFixture();
    expect(api.bodiesOf('PUT /clinic/DEMO01/billing-info')[0]).toEqual({
      provider_info: { ...provider_info, credentials: 'PT' },
      practice_info,
    });
    expect(await screen.findByText('Saved Nov 2, 2026')).toBeVisible();
    expect(screen.getByLabelText('Credentials')).toHaveValue('DPT');
  });

  it('shows the server’s field errors in the same places', async () => {
    billingApi(
      {
        'GET /clinic/DEMO01/billing-info': { body: billingInfoFixture() },
        'PUT /clinic/DEMO01/billing-info': {
          status: 400,
          body: errorBody('validation_failed', 'Check the highlighted fields', {
            'practice_info.npi': 'This NPI belongs to another clinic',
          }),
        },
      },
      { role: 'admin' },
    );
    const user = userEvent.setup();
    renderApp('/balances?tab=info');
    await user.click(await screen.findByRole('button', { name: 'Save billing information' }));
    expect(await screen.findByText('This NPI belongs to another clinic')).toBeVisible();
    expect(screen.getByLabelText('Group NPI')).toHaveAttribute('aria-invalid', 'true');
  });

  it('is read-only for a therapist, who may see but not change it', async () => {
    billingApi({ 'GET /clinic/DEMO01/billing-info': { body: billingInfoFixture() } });
    renderApp('/balances?tab=info');
    expect(
      await screen.findByText(/Only your clinic’s administrator or office manager can change/),
    ).toBeVisible();
    expect(screen.getByLabelText('Provider NPI')).toBeDisabled();
    expect(screen.getByLabelText('Provider NPI')).toHaveValue('1234567893');
    expect(screen.queryByRole('button', { name: 'Save billing information' })).toBeNull();
  });
});
