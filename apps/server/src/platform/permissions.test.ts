import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@homestretch/contract/common/enums';
import { RULES, can, canMonitor, isRestrictedUser } from './permissions';

describe('can', () => {
  it('keeps office managers out of the patient record but lets them run the roster', () => {
    expect(can({ role: 'manager' }, 'patients.record')).toBe(false);
    expect(can({ role: 'manager' }, 'patients.list')).toBe(true);
    expect(can({ role: 'therapist' }, 'patients.record')).toBe(true);
    expect(can({ role: 'remote_therapist' }, 'patients.record')).toBe(true);
    // The front desk registers and updates patients, and looks up diagnosis codes to do so.
    expect(can({ role: 'manager' }, 'patients.manage')).toBe(true);
    expect(can({ role: 'manager' }, 'icd10.search')).toBe(true);
  });

  it('gives supervisor powers to supervisors only, and supervisor assignment to admins only (spec §6)', () => {
    for (const role of ROLES) {
      expect(can({ role }, 'supervisor.approvals')).toBe(role === 'supervisor');
      expect(can({ role }, 'admin.assign_supervisor')).toBe(role === 'admin');
    }
    expect(can({ role: 'supervisor' }, 'users.update_role')).toBe(true);
  });

  it('never lets a patient reach staff actions', () => {
    const staffActions = (Object.keys(RULES) as (keyof typeof RULES)[]).filter(
      (action) => !['self.read', 'self.update', 'patient_app.self'].includes(action),
    );
    for (const action of staffActions) {
      expect(can({ role: 'patient' }, action)).toBe(false);
    }
    expect(can({ role: 'patient' }, 'patient_app.self')).toBe(true);
  });

  it('fails closed for an unknown role or action', () => {
    expect(can({ role: 'janitor' as Role }, 'patients.list')).toBe(false);
    expect(can({ role: 'admin' }, 'no.such.action' as keyof typeof RULES)).toBe(false);
  });

  it('restricts extension tokens to reading', () => {
    expect(can({ role: 'therapist' }, 'self.read', 'extension')).toBe(true);
    expect(can({ role: 'therapist' }, 'patients.list', 'extension')).toBe(true);
    expect(can({ role: 'therapist' }, 'self.update', 'extension')).toBe(false);
    expect(can({ role: 'therapist' }, 'patients.record', 'extension')).toBe(false);
  });
});

describe('canMonitor (spec §6)', () => {
  it('is never allowed for office managers', () => {
    expect(canMonitor({ role: 'manager', isFullService: false })).toBe(false);
    expect(canMonitor({ role: 'manager', isFullService: true })).toBe(false);
  });

  it('is allowed only for remote therapists in a full-service clinic', () => {
    expect(canMonitor({ role: 'remote_therapist', isFullService: true })).toBe(true);
    expect(canMonitor({ role: 'therapist', isFullService: true })).toBe(false);
    expect(canMonitor({ role: 'admin', isFullService: true })).toBe(false);
  });

  it('is otherwise allowed for staff', () => {
    expect(canMonitor({ role: 'therapist', isFullService: false })).toBe(true);
    expect(canMonitor({ role: 'admin', isFullService: false })).toBe(true);
  });
});

describe('isRestrictedUser (spec §4)', () => {
  it('is true only for the code X5218', () => {
    expect(isRestrictedUser({ code: 'X5218' })).toBe(true);
    expect(isRestrictedUser({ code: 'X5219' })).toBe(false);
    expect(isRestrictedUser({ code: null })).toBe(false);
  });
});
