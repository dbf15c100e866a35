import type { RecentCall } from '@homestretch/contract/voice/list-calls';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/app';
import { createQueryClient } from '../../../app/query-client';
import { errorBody, mockApi } from '../../../test/mock-api';
import { RecentCallsCard } from './recent-calls-card';

function recentCall(id: number, values: Partial<RecentCall> = {}): RecentCall {
  return {
    id,
    patient_id: 12,
    status: 'completed',
    outcome: 'CALL_OK',
    provider: 'simulator',
    started_at: '2026-11-25T15:00:05.000Z',
    ended_at: '2026-11-25T15:06:20.000Z',
    duration_seconds: 375,
    created_at: '2026-11-25T15:00:00.000Z',
    patient: { id: 12, first_name: 'Maya', last_name: 'Ortiz' },
    ...values,
  };
}

function renderCard() {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter>
        <RecentCallsCard />
      </MemoryRouter>
    </AppProviders>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the recent calls card', () => {
  it('lists the latest calls: whom, reached or not, and how long', async () => {
    const api = mockApi({
      'GET /user/voice/calls': {
        body: {
          results: [
            recentCall(2),
            recentCall(1, {
              status: 'no-answer',
              outcome: 'CALL_NOK',
              duration_seconds: 0,
              patient: { id: 13, first_name: 'José', last_name: 'Ruiz' },
            }),
          ],
          count: 2,
        },
      },
    });
    renderCard();
    const list = await screen.findByRole('list', { name: 'Recent calls' });
    const [reached, missed] = within(list).getAllByRole('listitem');
    expect(within(reached!).getByRole('link', { name: 'Maya Ortiz' })).toHaveAttribute(
      'href',
      '/patient/12/dashboard',
    );
    expect(within(reached!).getByText('Ended — Reached')).toBeInTheDocument();
    expect(within(reached!).getByText('6 min 15 s')).toBeInTheDocument();
    expect(within(missed!).getByText('Ended — Not reached')).toBeInTheDocument();
    expect(api.fetch.mock.calls[0]?.[0]).toContain('limit=5');
  });

  it('says when there are no calls', async () => {
    mockApi({ 'GET /user/voice/calls': { body: { results: [], count: 0 } } });
    renderCard();
    expect(await screen.findByText('No calls yet')).toBeInTheDocument();
  });

  it('shows a failure with a retry', async () => {
    mockApi({
      'GET /user/voice/calls': {
        status: 403,
        body: errorBody('forbidden', 'Your role (Office Manager) may not phone patients.'),
      },
    });
    renderCard();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your role (Office Manager) may not phone patients.',
    );
  });
});
