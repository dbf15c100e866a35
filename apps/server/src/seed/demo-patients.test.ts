import { describe, expect, it } from 'vitest';
import { LogInteractionBodySchema } from '@homestretch/contract/patients/interaction-log';
import { lastClinicDays } from './clinic-days';
import { DEMO_PATIENTS, NORTHSIDE_PATIENTS } from './demo-people';
import { PLANNING_DAYS, planPatients } from './demo-patients';

const NOW = new Date('2026-11-02T15:00:00Z');

describe('the demo patients', () => {
  it('log only calls the interaction log would take from staff', () => {
    const calls = [DEMO_PATIENTS, NORTHSIDE_PATIENTS].flatMap((specs) =>
      planPatients(specs, {
        keyPrefix: 'test',
        areaCodes: ['212'],
        firstLine: 0,
        days: lastClinicDays('America/New_York', NOW, PLANNING_DAYS),
        now: NOW,
      }).flatMap((plan) => plan.calls),
    );
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      const log = {
        date: call.date.toISOString(),
        notes: call.notes,
        call_duration_seconds: call.durationSeconds,
      };
      expect(LogInteractionBodySchema.safeParse({ log }).error).toBeUndefined();
      expect(call.date.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
  });
});
