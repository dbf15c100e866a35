import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import {
  MARIA,
  messageFixture,
  messagePageFixture,
  sessionFixture,
} from '../../../test/chat-fixtures';
import { userFixture } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { dispatchChatModal } from '../stores/chat-modal-store';
import { initialChatModalState } from '../stores/chat-modal-machine';
import { chatModalStore } from '../stores/chat-modal-store';
import {
  mayMessagePatient,
  MessagePatientButton,
  usePatientChatMonitoring,
} from './message-patient';

const patient = { id: 12, first_name: 'Maria', last_name: 'Alvarez' };

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

beforeEach(() => {
  chatModalStore.setState(initialChatModalState, true);
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1280 });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the chat modal of the patient dashboard', () => {
  it('opens the patient’s conversation, and closing it clears the draft (spec §4)', async () => {
    const api = mockApi({
      'GET /api/v1/users/': { body: { results: [userFixture()], count: 1 } },
      'POST /chat/session': { body: sessionFixture() },
      'GET /chat/message': {
        body: messagePageFixture([messageFixture({ id: 1, sender: MARIA, message: 'Hi there' })]),
      },
      'POST /chat/session/5/read': {
        body: { session: 5, last_read_message_id: 1, unread_message_count: 0 },
      },
    });
    const user = userEvent.setup();
    render(<MessagePatientButton patient={patient} />, { wrapper });

    await user.click(screen.getByRole('button', { name: 'Message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Messages with Maria Alvarez' });
    expect(await within(dialog).findByText('Hi there')).toBeInTheDocument();
    expect(api.bodiesOf('POST /chat/session')).toEqual([{ patient: 12 }]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Half a thought');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Message' }));
    const again = await screen.findByRole('dialog', { name: 'Messages with Maria Alvarez' });
    expect(await within(again).findByRole('textbox', { name: 'Message' })).toHaveValue('');

    // Escape closes it too, and the draft goes with it.
    await user.type(within(again).getByRole('textbox', { name: 'Message' }), 'Another');
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(chatModalStore.getState().draft).toBe('');
  });
});

describe('monitoring around the chat modal', () => {
  it('is chat time while the modal is open, and the dashboard’s again once closed', () => {
    const { result } = renderHook(() => usePatientChatMonitoring(12, false));
    expect(result.current).toEqual({ context: 'patient_dashboard', held: false });
    act(() => dispatchChatModal({ type: 'open', patient }));
    expect(result.current.context).toBe('desktop_chat');
    act(() => dispatchChatModal({ type: 'close', idle: false }));
    expect(result.current.context).toBe('patient_dashboard');
  });

  it('is mobile chat on a phone, and after an idle close holds until the user is active', () => {
    const { result } = renderHook(() => usePatientChatMonitoring(12, true));
    act(() => dispatchChatModal({ type: 'open', patient }));
    expect(result.current.context).toBe('mobile_chat');
    act(() => dispatchChatModal({ type: 'close', idle: true }));
    expect(result.current).toEqual({ context: 'patient_dashboard', held: true });
    act(() => {
      fireEvent.pointerDown(window);
    });
    expect(result.current.held).toBe(false);
  });

  it('closes the modal, and forgets its draft, when the dashboard goes', () => {
    const { unmount } = renderHook(() => usePatientChatMonitoring(12, false));
    act(() => dispatchChatModal({ type: 'open', patient }));
    act(() => dispatchChatModal({ type: 'edit', draft: 'unsent' }));
    unmount();
    expect(chatModalStore.getState()).toEqual(initialChatModalState);
  });
});

describe('who may message a patient', () => {
  it('their treating therapists and the clinic’s admin', () => {
    const patient = { therapists: [{ id: 7 }, { id: 8 }] };
    expect(mayMessagePatient({ id: 7, role: 'therapist' }, patient)).toBe(true);
    expect(mayMessagePatient({ id: 9, role: 'remote_therapist' }, patient)).toBe(false);
    expect(mayMessagePatient({ id: 3, role: 'admin' }, patient)).toBe(true);
    expect(mayMessagePatient({ id: 4, role: 'manager' }, patient)).toBe(false);
  });
});
