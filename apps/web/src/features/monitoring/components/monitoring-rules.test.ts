import { describe, expect, it } from 'vitest';
import { idleRedirectPath, mayMonitor, monitorsPatient } from './monitoring-rules';

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

describe('whose patients are monitored (docs/decisions/031)', () => {
  const colleaguePatient = { therapists: [{ id: 7 }] };
  it('the patients the user treats, not a colleague’s they only read', () => {
    const therapist = { id: 3, role: 'therapist' as const, is_full_service: false };
    expect(monitorsPatient(therapist, { therapists: [{ id: 7 }, { id: 3 }] })).toBe(true);
    expect(monitorsPatient(therapist, colleaguePatient)).toBe(false);
  });

  it('every patient for the admin, who covers them', () => {
    expect(
      monitorsPatient({ id: 1, role: 'admin', is_full_service: false }, colleaguePatient),
    ).toBe(true);
  });

  it('a conversation, which only those who treat open, and never a role that is not monitored', () => {
    expect(monitorsPatient({ id: 3, role: 'remote_therapist', is_full_service: false }, {})).toBe(
      true,
    );
    expect(monitorsPatient({ id: 3, role: 'supervisor', is_full_service: false }, {})).toBe(false);
  });
});

describe('idle redirect (spec §2)', () => {
  it('goes back where monitoring began, or only closes the mobile chat', () => {
    expect(idleRedirectPath('patient_dashboard')).toBe('/patients');
    expect(idleRedirectPath('desktop_chat')).toBe('/chat');
    expect(idleRedirectPath('mobile_chat')).toBeNull();
  });
});
