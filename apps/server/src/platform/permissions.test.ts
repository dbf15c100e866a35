import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@homestretch/contract/common/enums';
import {
  RULES,
  UNAPPROVED_ACTIONS,
  can,
  canMonitor,
  clinicalFieldsRefused,
  coversEveryPatient,
  forbiddenMessage,
  isRestrictedUser,
  mayTreatPatient,
  patientAsSeenBy,
  seesClinicalData,
  seesWaitingStaff,
  refusal,
} from './permissions';

const approved = (role: Role) => ({ role, approvalStatus: 'approved' as const });

describe('can', () => {
  it('keeps office managers out of the patient record but lets them run the roster', () => {
    expect(can(approved('manager'), 'patients.record')).toBe(false);
    expect(can(approved('manager'), 'patients.list')).toBe(true);
    expect(can(approved('therapist'), 'patients.record')).toBe(true);
    expect(can(approved('remote_therapist'), 'patients.record')).toBe(true);
    // The front desk registers and updates patients, and looks up diagnosis codes to do so.
    expect(can(approved('manager'), 'patients.manage')).toBe(true);
    expect(can(approved('manager'), 'icd10.search')).toBe(true);
  });

  it('gives supervisor powers to supervisors only, and supervisor assignment to admins only (spec §6)', () => {
    for (const role of ROLES) {
      expect(can(approved(role), 'supervisor.approvals')).toBe(role === 'supervisor');
      expect(can(approved(role), 'admin.assign_supervisor')).toBe(role === 'admin');
    }
    expect(can(approved('supervisor'), 'users.update_role')).toBe(true);
  });

  it('lets supervisors read the patients whose programs they approve, and change nothing of theirs (docs/decisions/016)', () => {
    const supervisor = approved('supervisor');
    expect(can(supervisor, 'patients.list')).toBe(true);
    expect(can(supervisor, 'patients.record')).toBe(true);
    // RTM coverage, the care team and the rest of the front desk; onboarding, interaction logs
    // and functional data are the treating therapist's.
    expect(can(supervisor, 'patients.manage')).toBe(false);
    expect(can(supervisor, 'patients.treat')).toBe(false);
    for (const role of ['admin', 'therapist', 'remote_therapist'] as const) {
      expect(can(approved(role), 'patients.manage'), role).toBe(true);
      expect(can(approved(role), 'patients.treat'), role).toBe(true);
    }
    expect(can(approved('manager'), 'patients.treat')).toBe(false);
  });

  it('never lets a patient reach staff actions', () => {
    // A patient plays the videos of their own program (playback.service.ts checks which), and
    // reads and writes their own conversation (chat.repo.ts visibleTo checks which).
    const staffActions = (Object.keys(RULES) as (keyof typeof RULES)[]).filter(
      (action) =>
        !['self.read', 'self.update', 'patient_app.self', 'library.play', 'chat.use'].includes(
          action,
        ),
    );
    for (const action of staffActions) {
      expect(can(approved('patient'), action)).toBe(false);
    }
    expect(can(approved('patient'), 'patient_app.self')).toBe(true);
    expect(can(approved('patient'), 'library.play')).toBe(true);
    expect(can(approved('patient'), 'chat.use')).toBe(true);
  });

  it('fails closed for an unknown role or action', () => {
    expect(can(approved('janitor' as Role), 'patients.list')).toBe(false);
    expect(can(approved('admin'), 'no.such.action' as keyof typeof RULES)).toBe(false);
  });

  it('restricts extension tokens to reading', () => {
    expect(can(approved('therapist'), 'self.read', 'extension')).toBe(true);
    expect(can(approved('therapist'), 'patients.list', 'extension')).toBe(true);
    expect(can(approved('therapist'), 'self.update', 'extension')).toBe(false);
    expect(can(approved('therapist'), 'patients.record', 'extension')).toBe(false);
  });
});

describe('forbiddenMessage', () => {
  it('names the refused action and the role that may not take it', () => {
    expect(forbiddenMessage(approved('supervisor'), 'patients.treat')).toBe(
      'Your role (Remote Supervisor) may not onboard patients, log interactions or record functional data.',
    );
    expect(forbiddenMessage(approved('manager'), 'patients.record')).toBe(
      "Your role (Office Manager) may not open a patient's record.",
    );
  });

  it('blames the extension token, not the role, for what only a full session may do', () => {
    expect(forbiddenMessage(approved('therapist'), 'patients.record', 'extension')).toBe(
      "A browser-extension token may not open a patient's record.",
    );
  });
});

describe('seesWaitingStaff', () => {
  it("keeps accounts waiting for the administrator off the supervisors' staff list only", () => {
    for (const role of ['admin', 'therapist', 'remote_therapist', 'manager'] as const) {
      expect(seesWaitingStaff({ role }), role).toBe(true);
    }
    expect(seesWaitingStaff({ role: 'supervisor' })).toBe(false);
  });
});

describe('clinical patient fields (security finding 2)', () => {
  const patient = { id: 1, first_name: 'Ann', diagnosis: 'Low back pain', selected_code: 'M5450' };

  it('shows them to clinicians and leaves them out, not empty, for office managers', () => {
    for (const role of ['admin', 'therapist', 'remote_therapist', 'supervisor'] as const) {
      expect(seesClinicalData({ role }), role).toBe(true);
      expect(patientAsSeenBy({ role }, patient)).toEqual(patient);
    }
    expect(seesClinicalData({ role: 'manager' })).toBe(false);
    const seen = patientAsSeenBy({ role: 'manager' }, patient);
    expect(seen).toEqual({ id: 1, first_name: 'Ann' });
    expect('diagnosis' in seen).toBe(false);
    expect(patient.diagnosis).toBe('Low back pain');
  });

  it('names the clinical fields an office manager tried to write, even as null', () => {
    expect(clinicalFieldsRefused({ role: 'manager' }, { diagnosis: 'x' })).toEqual(['diagnosis']);
    expect(clinicalFieldsRefused({ role: 'manager' }, { selected_code: null })).toEqual([
      'selected_code',
    ]);
    expect(clinicalFieldsRefused({ role: 'manager' }, {})).toEqual([]);
    expect(clinicalFieldsRefused({ role: 'therapist' }, { diagnosis: 'x' })).toEqual([]);
  });
});

describe('staff waiting for approval (docs/decisions/007-staff-approval.md)', () => {
  const ACTIONS = Object.keys(RULES) as (keyof typeof RULES)[];

  it('may only learn who they are, read the clinic, dismiss their flags and get the extension token', () => {
    expect([...UNAPPROVED_ACTIONS].sort()).toEqual([
      'clinic.read',
      'extension.token',
      'self.read',
      'self.update',
    ]);
    for (const approvalStatus of ['pending', 'declined'] as const) {
      const therapist = { role: 'therapist' as const, approvalStatus };
      for (const action of UNAPPROVED_ACTIONS) {
        expect(refusal(therapist, action)).toBeNull();
      }
    }
  });

  it('are refused every other action, with a code that says why, whatever their role', () => {
    for (const role of [
      'admin',
      'therapist',
      'remote_therapist',
      'manager',
      'supervisor',
    ] as const) {
      for (const action of ACTIONS.filter((candidate) => !UNAPPROVED_ACTIONS.has(candidate))) {
        const roleAllows = can(approved(role), action);
        expect(refusal({ role, approvalStatus: 'pending' }, action)).toBe(
          roleAllows ? 'approval_pending' : 'forbidden',
        );
        expect(refusal({ role, approvalStatus: 'declined' }, action)).toBe(
          roleAllows ? 'approval_declined' : 'forbidden',
        );
      }
    }
    expect(refusal({ role: 'therapist', approvalStatus: 'pending' }, 'patients.list')).toBe(
      'approval_pending',
    );
    expect(refusal({ role: 'therapist', approvalStatus: 'approved' }, 'patients.list')).toBeNull();
  });

  it('fails closed: an action added later is refused unless it joins the allow-list', () => {
    const newAction = 'patients.export' as keyof typeof RULES;
    const rules = RULES as Record<string, readonly Role[]>;
    rules[newAction] = ['therapist'];
    try {
      expect(refusal(approved('therapist'), newAction)).toBeNull();
      expect(refusal({ role: 'therapist', approvalStatus: 'pending' }, newAction)).toBe(
        'approval_pending',
      );
    } finally {
      delete rules[newAction];
    }
  });

  it('are refused through an extension token too', () => {
    const pending = { role: 'therapist' as const, approvalStatus: 'pending' as const };
    expect(refusal(pending, 'self.read', 'extension')).toBeNull();
    expect(refusal(pending, 'patients.list', 'extension')).toBe('approval_pending');
  });

  it('leaves the approval of staff to administrators', () => {
    for (const role of ROLES) {
      expect(can(approved(role), 'staff.approve')).toBe(role === 'admin');
    }
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

describe('the treating relationship (security finding 10, docs/decisions/031)', () => {
  it('lets a therapist or remote therapist give care only to the patients they treat', () => {
    for (const role of ['therapist', 'remote_therapist'] as const) {
      expect(mayTreatPatient({ role }, true), role).toBe(true);
      expect(mayTreatPatient({ role }, false), role).toBe(false);
    }
  });

  it("lets the clinic's administrator cover every patient", () => {
    expect(coversEveryPatient({ role: 'admin' })).toBe(true);
    expect(mayTreatPatient({ role: 'admin' }, false)).toBe(true);
  });

  it('never lets a role that does not treat give care, even when linked to the patient', () => {
    for (const role of ['manager', 'supervisor', 'patient'] as const) {
      expect(mayTreatPatient({ role }, true), role).toBe(false);
      expect(coversEveryPatient({ role }), role).toBe(false);
    }
    for (const role of ['therapist', 'remote_therapist'] as const) {
      expect(coversEveryPatient({ role }), role).toBe(false);
    }
  });
});

describe('isRestrictedUser (spec §4)', () => {
  it('is true only for the code X5218', () => {
    expect(isRestrictedUser({ code: 'X5218' })).toBe(true);
    expect(isRestrictedUser({ code: 'X5219' })).toBe(false);
    expect(isRestrictedUser({ code: null })).toBe(false);
  });
});
