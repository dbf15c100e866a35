import type { VoiceCall } from '@homestretch/contract/voice/call-status';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/app';
import { createQueryClient } from '../../../app/query-client';
import { patientKeys } from '../../../lib/query-keys/patient-keys';
import { errorBody, mockApi } from '../../../test/mock-api';
import { CallButton } from './call-button';
import { callStatusWords } from './call-words';

const patient = { id: 12, first_name: 'Maya', last_name: 'Ortiz', phone: '+15551230001' };

function voiceCall(values: Partial<VoiceCall> = {}): VoiceCall {
  return {
    id: 70,
    patient_id: 12,
    status: 'queued',
    outcome: null,
    provider: 'simulator',
    started_at: null,
    ended_at: null,
    duration_seconds: null,
    created_at: '2026-11-26T15:00:00.000Z',
    ...values,
  };
}

function renderButton(values: Partial<typeof patient> = {}) {
  const queryClient = createQueryClient();
  render(
    <AppProviders queryClient={queryClient}>
      <CallButton patient={{ ...patient, ...values }} />
    </AppProviders>,
  );
  return queryClient;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the call button', () => {
  it('calls, follows the call live, hangs up, and refreshes the interaction log', async () => {
    const answered = new Date(Date.now() - 65_000).toISOString();
    const statuses = [
      voiceCall({ status: 'ringing' }),
      voiceCall({ status: 'in-progress', started_at: answered }),
    ];
    const api = mockApi({
      'POST /user/voice/call': { status: 201, body: voiceCall() },
      'GET /user/voice/call/70/status': () => ({
        body: statuses.length > 1 ? statuses.shift() : statuses[0],
      }),
      'POST /user/voice/call/70/end': {
        body: voiceCall({
          status: 'completed',
          outcome: 'CALL_OK',
          started_at: answered,
          ended_at: new Date().toISOString(),
          duration_seconds: 66,
        }),
      },
    });
    const user = userEvent.setup();
    const queryClient = renderButton();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    await user.click(screen.getByRole('button', { name: 'Call Maya Ortiz' }));
    expect(api.bodiesOf('POST /user/voice/call')).toEqual([{ patient_id: 12 }]);
    expect(await screen.findByRole('status')).toHaveTextContent(/Calling…|Ringing/);
    expect(screen.getByRole('status')).toHaveTextContent('(simulated)');
    expect(await screen.findByText(/^In call 01:0\d/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Hang up' }));
    expect(await screen.findByText('Ended — Reached')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hang up' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Call again Maya Ortiz' })).toBeInTheDocument();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: patientKeys.interactionLists(12) });
    // Ended: no more polling.
    const polls = api.calls().filter((key) => key === 'GET /user/voice/call/70/status').length;
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(api.calls().filter((key) => key === 'GET /user/voice/call/70/status')).toHaveLength(
      polls,
    );
  });

  it('says why a call could not be placed', async () => {
    mockApi({
      'POST /user/voice/call': {
        status: 409,
        body: errorBody('conflict', 'You are still on call 69; hang it up before placing another'),
      },
    });
    const user = userEvent.setup();
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Call Maya Ortiz' }));
    expect(
      await screen.findByText('You are still on call 69; hang it up before placing another'),
    ).toBeInTheDocument();
  });

  it('cannot call a patient without a phone number', () => {
    mockApi({});
    renderButton({ phone: null as unknown as string });
    expect(screen.getByRole('button', { name: 'Call' })).toBeDisabled();
  });
});

describe('call words', () => {
  it('says where a call stands', () => {
    const now = Date.parse('2026-11-26T15:01:05Z');
    expect(callStatusWords(voiceCall(), now)).toBe('Calling…');
    expect(callStatusWords(voiceCall({ status: 'ringing' }), now)).toBe('Ringing');
    expect(
      callStatusWords(
        voiceCall({ status: 'in-progress', started_at: '2026-11-26T15:00:00Z' }),
        now,
      ),
    ).toBe('In call 01:05');
    expect(callStatusWords(voiceCall({ status: 'completed', outcome: 'CALL_OK' }), now)).toBe(
      'Ended — Reached',
    );
    expect(callStatusWords(voiceCall({ status: 'no-answer', outcome: 'CALL_NOK' }), now)).toBe(
      'Ended — Not reached',
    );
  });
});
