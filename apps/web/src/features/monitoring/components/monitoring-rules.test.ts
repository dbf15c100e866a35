import { describe, expect, it } from 'vitest';
import { idleRedirectPath, mayMonitor } from './monitoring-rules';

describe('who may be monitored (spec §5/§6)', () => {
  it('never office managers, in any clinic', () => {
    expect(mayMonitor({ role: 'manager', is_full_service: false })).toBe(false);
    expect(mayMonitor({ role: 'manager', is_full_service: true })).toBe(false);
  });

  it('in a full-service clinic, remote therapists only', () => {
    expect(mayMonitor({ role: 'remote_therapist', is_full_service: true })).toBe(true);
    expect(mayMonitor({ role: 'therapist', is_full_service: true })).toBe(false);
    expect(mayMonitor({ role: 'admin', is_full_service: true })).toBe(false);
    expect(mayMonitor({ role: 'supervisor', is_full_service: true })).toBe(false);
  });

  it('otherwise everyone who treats; never supervisors or patients', () => {
    for (const role of ['therapist', 'remote_therapist', 'admin'] as const) {
      expect(mayMonitor({ role, is_full_service: false })).toBe(true);
    }
    expect(mayMonitor({ role: 'supervisor', is_full_service: false })).toBe(false);
    expect(mayMonitor({ role: 'patient', is_full_service: false })).toBe(false);
  });
});

describe('idle redirect (spec §2)', () => {
  it('goes back where monitoring began, or only closes the mobile chat', () => {
    expect(idleRedirectPath('patient_dashboard')).toBe('/patients');
    expect(idleRedirectPath('desktop_chat')).toBe('/chat');
    expect(idleRedirectPath('mobile_chat')).toBeNull();
  });
});
