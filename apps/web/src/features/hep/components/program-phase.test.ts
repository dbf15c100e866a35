import { describe, expect, it } from 'vitest';
import { phaseSince } from './program-phase';

describe('the phase sent with a program', () => {
  const now = new Date('2026-11-20T12:00:00Z');

  it('follows whole weeks since onboarding: early 0–2, middle 3–6, late 7 on', () => {
    expect(phaseSince('2026-11-01T12:00:00Z', now)).toBe('early');
    expect(phaseSince('2026-10-30T12:00:00Z', now)).toBe('middle');
    expect(phaseSince('2026-10-02T12:00:00Z', now)).toBe('late');
  });

  it('is unknown for a patient never onboarded', () => {
    expect(phaseSince(null, now)).toBeNull();
    expect(phaseSince('not a date', now)).toBeNull();
  });
});
