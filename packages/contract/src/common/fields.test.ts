import { describe, expect, it } from 'vitest';
import { ClinicCodeSchema } from './fields';

describe('ClinicCodeSchema', () => {
  it('says an empty code is required, and a short one too short', () => {
    expect(ClinicCodeSchema.safeParse('  ').error?.issues[0]?.message).toBe(
      'Clinic code is required',
    );
    expect(ClinicCodeSchema.safeParse('AB').error?.issues[0]?.message).toBe(
      'Clinic code is too short',
    );
  });

  it('reads a code in capitals', () => {
    expect(ClinicCodeSchema.parse(' demo2026 ')).toBe('DEMO2026');
  });
});
