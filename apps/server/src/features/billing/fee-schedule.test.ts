import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FEE_SCHEDULE_FILE,
  expectedAmount,
  feeSchedule,
  loadFeeSchedule,
  priceResult,
} from './fee-schedule';
import { loadConfig } from '../../config';

const dir = mkdtempSync(path.join(tmpdir(), 'rtm-fees-'));
const writeSchedule = (name: string, content: string) => {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
};

describe('the RTM fee schedule (configuration, not code)', () => {
  it('ships the approximate CY2026 amounts of domain/rtm.md', () => {
    expect(loadFeeSchedule(DEFAULT_FEE_SCHEDULE_FILE)).toEqual({
      '2026': { '98975': 21, '98977': 40, '98985': 38, '98979': 26, '98980': 54, '98981': 41 },
    });
  });

  it('gives dollars to the cent, units included, and null for a year it does not hold', () => {
    const schedule = { '2026': { '98981': 40.37 } };
    expect(expectedAmount('98981', 3, 2026, schedule)).toBe(121.11);
    expect(expectedAmount('98981', 1, '2026', schedule)).toBe(40.37);
    expect(expectedAmount('98981', 1, 2027, schedule)).toBeNull();
    expect(expectedAmount('98980', 1, 2026, schedule)).toBeNull();
  });

  it('prices each billable line by the year of its date of service', () => {
    const line = {
      code: '98980' as const,
      units: 1,
      modifiers: ['GP' as const],
      period: '2026-12',
      reasons: ['24 minutes of monitoring in December (20 needed)'],
    };
    const priced = priceResult(
      {
        billable: [
          { ...line, date_of_service: '2026-12-31' },
          { ...line, date_of_service: '2027-01-31' },
        ],
        not_billable: [],
      },
      { '2026': { '98980': 54 } },
    );
    expect(priced.billable.map((billable) => billable.amount)).toEqual([54, null]);
  });

  it('reads the file RTM_FEE_SCHEDULE names instead (config.rtmFeeSchedule)', () => {
    const file = writeSchedule('clinic.json', '{"2027": {"98977": 42.5}}');
    expect(loadConfig({ RTM_FEE_SCHEDULE: file }).rtmFeeSchedule).toBe(file);
    const schedule = feeSchedule(file);
    expect(schedule).toEqual({ '2027': { '98977': 42.5 } });
    expect(expectedAmount('98977', 1, 2027, schedule)).toBe(42.5);
    expect(expectedAmount('98977', 1, 2026, schedule)).toBeNull();
  });

  it('refuses a bad file, naming the file and the field', () => {
    const negative = writeSchedule('negative.json', '{"2026": {"98980": -1}}');
    expect(() => loadFeeSchedule(negative)).toThrow(
      `RTM fee schedule ${negative}: 2026.98980: An amount in US dollars, 0 or more`,
    );
    expect(() => loadFeeSchedule(writeSchedule('code.json', '{"2026": {"99999": 1}}'))).toThrow(
      /2026: Unrecognized key: "99999"/,
    );
    expect(() => loadFeeSchedule(writeSchedule('year.json', '{"next": {}}'))).toThrow(
      /next: A calendar year/,
    );
    expect(() => loadFeeSchedule(writeSchedule('broken.json', '{'))).toThrow(/broken\.json/);
  });
});
