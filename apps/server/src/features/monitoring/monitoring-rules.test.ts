import { describe, expect, it } from 'vitest';
import {
  nextThresholdMinutes,
  remainingMinutes,
} from '@homestretch/contract/monitoring/rtm-minutes';
import {
  type PatientMonthFacts,
  creditedSeconds,
  dataDaysTarget,
  dataInterval,
  patientMonth,
  billableTier,
  rankPriority,
  thresholdCode,
} from './monitoring-rules';
import { monthDays } from '../../platform/calendar';

const at = (iso: string) => new Date(iso);

describe('what a save credits', () => {
  const session = { startedAt: at('2026-11-02T15:00:00Z'), credited: 0, lastSavedAt: null };

  it("believes the client's count up to the time that really passed", () => {
    expect(creditedSeconds(session, at('2026-11-02T15:01:00Z'), 45)).toBe(45);
    expect(creditedSeconds(session, at('2026-11-02T15:01:00Z'), 60)).toBe(60);
    // A client whose clock runs fast, or that lies, gets no more than the minute that passed.
    expect(creditedSeconds(session, at('2026-11-02T15:01:00Z'), 3_600)).toBe(60);
  });

  it('never takes back what it credited: a late retry with a smaller count changes nothing', () => {
    const saved = { ...session, credited: 50, lastSavedAt: at('2026-11-02T15:01:00Z') };
    expect(creditedSeconds(saved, at('2026-11-02T15:01:05Z'), 30)).toBe(50);
    expect(creditedSeconds(saved, at('2026-11-02T15:01:05Z'), 50)).toBe(50);
  });

  it('without a count, credits the time since the last save', () => {
    expect(creditedSeconds(session, at('2026-11-02T15:00:42Z'), undefined)).toBe(42);
    const saved = { ...session, credited: 30, lastSavedAt: at('2026-11-02T15:01:00Z') };
    expect(creditedSeconds(saved, at('2026-11-02T15:01:20Z'), undefined)).toBe(50);
  });

  it('counts nothing for a save before the start (a clock step back on the server)', () => {
    expect(creditedSeconds(session, at('2026-11-02T14:59:00Z'), 30)).toBe(0);
  });
});

describe('thresholds (domain/rtm.md)', () => {
  it('are 10, 20, then each further 20 minutes', () => {
    expect([0, 599, 600, 1_199, 1_200, 2_399, 2_400, 3_600].map(nextThresholdMinutes)).toEqual([
      10, 10, 20, 20, 40, 40, 60, 80,
    ]);
    expect(thresholdCode(10)).toBe('98979');
    expect(thresholdCode(20)).toBe('98980');
    expect(thresholdCode(40)).toBe('98981');
  });

  it('count a part minute left as a whole one', () => {
    expect(remainingMinutes(0)).toBe(10);
    expect(remainingMinutes(59)).toBe(10);
    expect(remainingMinutes(60)).toBe(9);
    expect(remainingMinutes(599)).toBe(1);
    expect(remainingMinutes(600)).toBe(10);
  });
});

describe('the 30-day data interval', () => {
  it('counts from the onboarding day: interval 1 is days 1–30', () => {
    expect(dataInterval('2026-11-01', '2026-11-01')).toEqual({
      number: 1,
      start: '2026-11-01',
      end: '2026-11-30',
    });
    expect(dataInterval('2026-11-01', '2026-11-30')?.number).toBe(1);
    expect(dataInterval('2026-11-01', '2026-12-01')).toEqual({
      number: 2,
      start: '2026-12-01',
      end: '2026-12-30',
    });
    expect(dataInterval('2026-11-02', '2026-11-01')).toBeNull();
  });

  it('aims for 16 days while reachable, else 2', () => {
    expect(dataDaysTarget(3, 13)).toBe(16);
    expect(dataDaysTarget(3, 12)).toBeNull();
    expect(dataDaysTarget(1, 3)).toBe(2);
    expect(dataDaysTarget(0, 1)).toBeNull();
  });
});

const facts = (values: Partial<PatientMonthFacts> & { id: number }): PatientMonthFacts => ({
  first_name: 'Pat',
  last_name: `Patient ${values.id}`,
  selected_code: 'M54.50',
  seconds: 0,
  intervalFrom: '2026-11-01',
  dataDays: 0,
  lastCallAt: null,
  ...values,
});

describe("a patient's month", () => {
  it('says what the claims still need and by when', () => {
    const month = patientMonth(
      facts({ id: 1, seconds: 13 * 60, dataDays: 5 }),
      '2026-11',
      '2026-11-24',
    );
    expect(month).toMatchObject({
      minutes: 13,
      next_threshold_minutes: 20,
      remainingMinutes: 7,
      days_left_in_month: 7,
      month_ends_on: '2026-11-30',
      interval: { number: 1, start: '2026-11-01', end: '2026-11-30', data_days: 5 },
      has_interactive_call: false,
    });
    expect(month.needs.map((need) => need.text)).toEqual([
      '7 more minutes by Nov 30 for 98980',
      'A live call by Nov 30',
    ]);
  });

  it('asks for data days while 16 can still be reached', () => {
    const month = patientMonth(
      facts({ id: 1, dataDays: 10, lastCallAt: '2026-11-10T15:00:00.000Z' }),
      '2026-11',
      '2026-11-24',
    );
    expect(month.needs.map((need) => need.text)).toEqual([
      '10 more minutes by Nov 30 for 98979',
      '6 more days with data by Nov 30 for 98977',
    ]);
  });

  it('needs nothing more in a month that is over', () => {
    const month = patientMonth(facts({ id: 1 }), '2026-10', '2026-11-24');
    expect(month.needs).toEqual([]);
    expect(month.days_left_in_month).toBe(0);
    expect(monthDays('2026-02')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });
});

describe('the priority order', () => {
  it('puts the claim most at risk first', () => {
    const today = '2026-11-24';
    const call = '2026-11-03T15:00:00.000Z';
    const rows = [
      facts({ id: 1, seconds: 25 * 60 }),
      facts({ id: 2, seconds: 15 * 60, lastCallAt: call }),
      facts({ id: 3, seconds: 15 * 60 }),
      facts({ id: 4, seconds: 0 }),
      facts({ id: 5, seconds: 15 * 60, dataDays: 9 }),
      facts({ id: 6, seconds: 25 * 60, lastCallAt: call }),
    ].map((row) => patientMonth(row, '2026-11', today));
    // Nothing billable yet first: 0 min needs 10 in 7 days; the others only a call, the larger
    // claim first, then more data days. Then 98979 short of 98980; the add-on last.
    expect(rankPriority(rows).map((row) => row.id)).toEqual([4, 1, 5, 3, 2, 6]);
  });

  it('puts a month that bills nothing before one short of the next code (issue 30, item 4)', () => {
    const today = '2026-11-28';
    // Beatriz: 12 minutes with a call, 98979 billed, 8 more for 98980. Dorothy: 3 minutes, no
    // call, nothing billed.
    const beatriz = patientMonth(
      facts({ id: 1, seconds: 12 * 60, lastCallAt: '2026-11-05T15:00:00.000Z' }),
      '2026-11',
      today,
    );
    const dorothy = patientMonth(facts({ id: 2, seconds: 3 * 60 }), '2026-11', today);
    expect(billableTier(beatriz)).toBe(1);
    expect(billableTier(dorothy)).toBe(0);
    expect(rankPriority([beatriz, dorothy]).map((row) => row.id)).toEqual([2, 1]);
  });
});
