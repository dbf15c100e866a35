import type { User } from '@homestretch/contract/users/user';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { renderApp, resetAuth } from '../../test/render-app';

/** The server's current user: each PATCH turns its flag off, as the real one does. */
function clinicServer(flags: Partial<User>) {
  let me = userFixture({ role: 'manager', ...flags });
  return mockApi({
    'GET /api/v1/users/': () => ({ body: { results: [me], count: 1 } }),
    'GET /user/settings-info': { body: settingsFixture },
    'GET /chat/unread': { body: { unread_message_count: 0 } },
    'PATCH /user/therapist/cancel-billing-notification': () => {
      me = { ...me, is_new_billing_uploaded: false };
      return { body: me };
    },
    'PATCH /user/therapist/cancel-feature-notification': () => {
      me = { ...me, is_feature_notification_on: false };
      return { body: me };
    },
  });
}

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

beforeAll(async () => {
  await import('../../features/referral/pages/referral-page');
  await import('../../features/billing/pages/balances-page');
});

beforeEach(() => {
  resetAuth();
  setWidth(1280);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Balances' badges in the menu (spec §2)", () => {
  it("shows '1' and 'New' until Balances is opened, then clears both on the server", async () => {
    const api = clinicServer({ is_new_billing_uploaded: true, is_feature_notification_on: true });
    const user = userEvent.setup();
    renderApp('/referral');
    const menu = await screen.findByRole('navigation', { name: 'Main' }, { timeout: 5000 });
    const balances = within(menu).getByRole('link', { name: /Balances/ });
    expect(balances).toHaveTextContent('1New billing file');
    expect(within(balances).getByText('New')).toBeInTheDocument();
    expect(api.calls()).not.toContain('PATCH /user/therapist/cancel-billing-notification');

    await user.click(balances);
    await waitFor(() => expect(balances).toHaveTextContent(/^Balances$/));
    expect(api.calls().filter((call) => call.startsWith('PATCH'))).toEqual([
      'PATCH /user/therapist/cancel-billing-notification',
      'PATCH /user/therapist/cancel-feature-notification',
    ]);
  });

  it('shows nothing, and asks nothing, when both flags are off', async () => {
    const api = clinicServer({ is_new_billing_uploaded: false, is_feature_notification_on: false });
    const user = userEvent.setup();
    renderApp('/referral');
    const menu = await screen.findByRole('navigation', { name: 'Main' }, { timeout: 5000 });
    const balances = within(menu).getByRole('link', { name: /Balances/ });
    expect(balances).toHaveTextContent(/^Balances$/);
    await user.click(balances);
    await screen.findByRole('heading', { name: 'Balances' }, { timeout: 5000 });
    expect(api.calls().filter((call) => call.startsWith('PATCH'))).toEqual([]);
  });

  it('puts the badges on the Balances icon of the phone bottom menu', async () => {
    setWidth(390);
    clinicServer({ is_new_billing_uploaded: true, is_feature_notification_on: false });
    renderApp('/referral');
    const bottom = await screen.findByRole(
      'navigation',
      { name: 'Bottom menu' },
      { timeout: 5000 },
    );
    const balances = within(bottom).getByRole('link', { name: /Balances/ });
    expect(balances).toHaveTextContent('1New billing file');
    expect(within(balances).queryByText('New')).not.toBeInTheDocument();
  });
});
