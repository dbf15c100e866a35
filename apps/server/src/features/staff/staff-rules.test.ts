import { describe, expect, it } from 'vitest';
import { assistantKindRefusal } from './staff-rules';

describe('who can be an assistant (PTA, OTA) or a licensed therapist', () => {
  it('is a Staff Therapist or a Remote PT', () => {
    expect(assistantKindRefusal('therapist')).toBeNull();
    expect(assistantKindRefusal('remote_therapist')).toBeNull();
  });

  it('is never an office manager, a supervisor, an administrator or a patient, and says why', () => {
    expect(assistantKindRefusal('manager')).toBe(
      'Office Manager accounts are not clinicians: only a Staff Therapist or a Remote PT is licensed or an assistant',
    );
    for (const role of ['supervisor', 'admin', 'patient'] as const) {
      expect(assistantKindRefusal(role), role).toMatch(/are not clinicians/);
    }
  });
});
