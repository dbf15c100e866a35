import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../common/enums';
import { type Action, PERMISSIONS, can, canMonitor, givesCare } from './permissions';

const THERAPIST: readonly Action[] = [
  'self.read',
  'self.update',
  'extension.token',
  'clinic.read',
  'staff.list',
  'patients.list',
  'patients.manage',
  'patients.record',
  'patients.treat',
  'icd10.search',
  'library.read',
  'library.manage',
  'library.play',
  'hep.read',
  'hep.write',
  'templates.read',
  'templates.manage',
  'tasks.manage',
  'voice.call',
  'monitoring.record',
  'chat.use',
  'chat.open',
  'chat.support',
  'analytics.record',
  'referral.send',
  'billing.read',
];

/** What each role may do, the table read the other way round; a change to the table shows here. */
const MAY: Record<Role, readonly Action[]> = {
  admin: [
    'self.read',
    'self.update',
    'extension.token',
    'clinic.read',
    'staff.list',
    'patients.list',
    'patients.manage',
    'patients.record',
    'patients.treat',
    'icd10.search',
    'library.read',
    'library.manage',
    'library.play',
    'hep.read',
    'hep.write',
    'templates.read',
    'templates.manage',
    'hep.approve',
    'tasks.manage',
    'voice.call',
    'monitoring.record',
    'chat.use',
    'chat.open',
    'chat.support',
    'analytics.record',
    'referral.send',
    'billing.read',
    'billing.manage',
    'billing.upload',
    'users.update_role',
    'admin.assign_supervisor',
    'staff.approve',
    'staff.set_assistant_kind',
    'dev.outbox',
  ],
  therapist: THERAPIST,
  // A remote therapist may what a therapist may; only monitoring in a full-service clinic differs.
  remote_therapist: THERAPIST,
  patient: ['self.read', 'self.update', 'library.play', 'chat.use', 'patient_app.self'],
  supervisor: [
    'self.read',
    'self.update',
    'extension.token',
    'clinic.read',
    'staff.list',
    'patients.list',
    'patients.record',
    'icd10.search',
    'library.read',
    'library.play',
    'hep.read',
    'templates.read',
    'hep.approve',
    'chat.use',
    'chat.support',
    'analytics.record',
    'referral.send',
    'supervisor.profile',
    'supervisor.approvals',
    'users.update_role',
  ],
  manager: [
    'self.read',
    'self.update',
    'extension.token',
    'clinic.read',
    'staff.list',
    'patients.list',
    'patients.manage',
    'icd10.search',
    'library.read',
    'library.play',
    'chat.use',
    'chat.support',
    'analytics.record',
    'referral.send',
    'billing.read',
    'billing.manage',
  ],
};

const ACTIONS = Object.keys(PERMISSIONS) as Action[];

describe('the role table (spec §6)', () => {
  it.each(ROLES)('lets %s do exactly what it may', (role) => {
    expect(ACTIONS.filter((action) => can(role, action))).toEqual(MAY[role]);
  });

  it('keeps the rules spec §6 spells out', () => {
    for (const action of ['supervisor.profile', 'supervisor.approvals'] as const) {
      expect(ROLES.filter((role) => can(role, action))).toEqual(['supervisor']);
    }
    expect(can('supervisor', 'hep.approve')).toBe(true);
    expect(can('supervisor', 'users.update_role')).toBe(true);
    expect(ROLES.filter((role) => can(role, 'admin.assign_supervisor'))).toEqual(['admin']);
    // Supervisors approve programs; they neither change them nor run the front desk.
    expect(can('supervisor', 'hep.write')).toBe(false);
    expect(can('supervisor', 'patients.manage')).toBe(false);
    // Office managers run the front desk but never open a record.
    expect(can('manager', 'patients.list')).toBe(true);
    expect(can('manager', 'patients.record')).toBe(false);
  });

  it('refuses nobody signed in, and an action not in the table', () => {
    expect(ACTIONS.some((action) => can(undefined, action))).toBe(false);
    expect(can('admin', 'patients.export' as Action)).toBe(false);
  });
});

describe('canMonitor (spec §5/§6)', () => {
  it('never lets office managers, supervisors or patients monitor', () => {
    for (const role of ['manager', 'supervisor', 'patient'] as const) {
      expect(canMonitor(role, false)).toBe(false);
      expect(canMonitor(role, true)).toBe(false);
    }
  });

  it('in a full-service clinic lets only remote therapists monitor; otherwise those who treat', () => {
    expect(ROLES.filter((role) => canMonitor(role, true))).toEqual(['remote_therapist']);
    expect(ROLES.filter((role) => canMonitor(role, false))).toEqual([
      'admin',
      'therapist',
      'remote_therapist',
    ]);
  });
});

describe('givesCare (decisions/031)', () => {
  it('is for the treating therapists of the patient, and the admin for every patient', () => {
    expect(givesCare('therapist', true)).toBe(true);
    expect(givesCare('therapist', false)).toBe(false);
    expect(givesCare('remote_therapist', true)).toBe(true);
    expect(givesCare('admin', false)).toBe(true);
    expect(givesCare('supervisor', true)).toBe(false);
    expect(givesCare('manager', true)).toBe(false);
  });
});
