import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { monitoringRunner, monitoringStore } from './monitoring-store';

/* The browser's signals as the runner hears them (jsdom events). */

afterEach(() => {
  monitoringRunner().stop();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the browser page of the monitoring runner', () => {
  it('hears the window lose and regain focus, not a field losing it', async () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    const api = mockApi({
      'POST /user/therapist/monitoring': { status: 201, body: { id: 41 } },
      'PUT /user/therapist/dashboard/monitoring/41': { body: { id: 41, seconds: 0, ended: true } },
    });
    monitoringRunner().monitor({
      patientId: 12,
      firstName: 'Maria',
      lastName: 'Alvarez',
      context: 'patient_dashboard',
    });
    await vi.waitFor(() => expect(monitoringStore.getState().session?.id).toBe(41));

    const field = document.body.appendChild(document.createElement('input'));
    field.focus();
    field.blur();
    expect(monitoringStore.getState()).toMatchObject({ focused: true, session: { id: 41 } });

    window.dispatchEvent(new Event('blur'));
    expect(monitoringStore.getState()).toMatchObject({ focused: false, session: null });
    await vi.waitFor(() =>
      expect(api.bodiesOf('PUT /user/therapist/dashboard/monitoring/41')).toEqual([
        { seconds: 0, final: true },
      ]),
    );
    window.dispatchEvent(new Event('focus'));
    expect(monitoringStore.getState().focused).toBe(true);
    field.remove();
  });

  it('hears the tab hidden, and the page going away', () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    mockApi({
      'POST /user/therapist/monitoring': { status: 201, body: { id: 42 } },
      'PUT /user/therapist/dashboard/monitoring/42': { body: { id: 42, seconds: 0, ended: true } },
    });
    monitoringRunner().monitor({
      patientId: 12,
      firstName: 'Maria',
      lastName: 'Alvarez',
      context: 'patient_dashboard',
    });
    window.dispatchEvent(new Event('pagehide'));
    expect(monitoringStore.getState().visible).toBe(false);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(monitoringStore.getState().visible).toBe(true);
  });
});
