import { describe, expect, it } from 'vitest';
import {
  type RtmCase,
  type RtmCode,
  type RtmResult,
  RtmCaseSchema,
  RtmResultSchema,
} from '@homestretch/contract/billing/rtm-case';
import { addDays } from '../../platform/calendar';
import { evaluateRtm } from './rtm-rules';

const LA = 'America/Los_Angeles';

function evaluate(overrides: Partial<RtmCase>): RtmResult {
  const result = evaluateRtm(
    RtmCaseSchema.parse({
      time_zone: LA,
      rtm_covered: true,
      episodes: [{ start: '2026-10-01', end: null }],
      data_days: [],
      monitoring: [],
      calls: [],
      month: '2026-11',
      ...overrides,
    }),
  );
  // Whatever the rules answer is a valid result: every billable line has reasons.
  return RtmResultSchema.parse(result);
}

const codes = (result: RtmResult) => result.billable.map((line) => `${line.code}x${line.units}`);
const management = (result: RtmResult) =>
  codes(result).filter((code) => ['98979', '98980', '98981'].includes(code.slice(0, 5)));
const missingCodes = (result: RtmResult) => result.not_billable.map((entry) => entry.code);
const line = (result: RtmResult, code: RtmCode) => {
  const found = result.billable.find((billable) => billable.code === code);
  if (!found) {
    throw new Error(`no billable ${code} in ${JSON.stringify(result)}`);
  }
  return found;
};
const entry = (result: RtmResult, code: RtmCode) => {
  const found = result.not_billable.find((notBillable) => notBillable.code === code);
  if (!found) {
    throw new Error(`no missing ${code} in ${JSON.stringify(result)}`);
  }
  return found;
};

/** `n` consecutive days from `from`. */
const days = (from: string, n: number) => Array.from({ length: n }, (_, i) => addDays(from, i));

/** A monitoring session of `minutes` starting at a local Los Angeles time in November (UTC-8). */
const session = (
  startLocal: string,
  minutes: number,
  assistant: boolean | 'PTA' | 'OTA' = false,
) => {
  const start = new Date(`${startLocal}-08:00`);
  return {
    start: start.toISOString(),
    end: new Date(start.getTime() + minutes * 60_000).toISOString(),
    assistant,
  };
};
const NOV_CALL = { at: '2026-11-10T09:00:00-08:00', seconds: 300 };

describe('device supply: days with data in 30-day intervals (98977 / 98985)', () => {
  // Data from Nov 1: interval 1 is Nov 1–Nov 30 and ends in November.
  const withDays = (n: number) =>
    evaluate({ episodes: [{ start: '2026-11-01', end: null }], data_days: days('2026-11-01', n) });

  it('bills neither code for 1 day with data, and says what each needed', () => {
    const result = withDays(1);
    expect(result.billable.some((billable) => ['98977', '98985'].includes(billable.code))).toBe(
      false,
    );
    expect(entry(result, '98985')).toEqual({
      code: '98985',
      period: '2026-11',
      interval: { start: '2026-11-01', end: '2026-11-30' },
      missing: ['2 days with data not reached in Nov 1–Nov 30 (1 day with data)'],
      by: null,
    });
    expect(entry(result, '98977').missing).toEqual([
      '16 days with data not reached in Nov 1–Nov 30 (1 day with data)',
    ]);
  });

  it('bills 98985 from 2 days and up to 15, dated on the interval end, with GP only', () => {
    for (const n of [2, 15]) {
      const result = withDays(n);
      expect(line(result, '98985')).toMatchObject({
        units: 1,
        modifiers: ['GP'],
        date_of_service: '2026-11-30',
        interval: { start: '2026-11-01', end: '2026-11-30' },
        days_with_data: n,
      });
      expect(line(result, '98985').reasons[0]).toBe(
        `${n} days with data in Nov 1–Nov 30 (2 needed)`,
      );
      expect(result.billable.some((billable) => billable.code === '98977')).toBe(false);
      expect(entry(result, '98977').missing[0]).toContain('16 days with data not reached');
      expect(missingCodes(result)).not.toContain('98985');
    }
  });

  it('bills 98977 from 16 days and then does not list 98985 as missing', () => {
    const result = withDays(17);
    expect(line(result, '98977')).toMatchObject({
      date_of_service: '2026-11-30',
      days_with_data: 17,
      modifiers: ['GP'],
    });
    expect(line(result, '98977').reasons[0]).toBe('17 days with data in Nov 1–Nov 30 (16 needed)');
    expect(result.billable.some((billable) => billable.code === '98985')).toBe(false);
    expect(missingCodes(result)).not.toContain('98985');
    expect(missingCodes(result)).not.toContain('98977');
    expect(line(withDays(16), '98977').days_with_data).toBe(16);
  });

  it('rolls the intervals from the first day with data, not from onboarding or the month', () => {
    // Onboarded Oct 1, data from Oct 5: interval 1 is Oct 5–Nov 3, interval 2 Nov 4–Dec 3.
    const data = [...days('2026-10-05', 10), ...days('2026-11-04', 20)];
    const november = evaluate({ data_days: data, month: '2026-11' });
    expect(line(november, '98985')).toMatchObject({
      interval: { start: '2026-10-05', end: '2026-11-03' },
      date_of_service: '2026-11-03',
      days_with_data: 10,
    });
    expect(line(november, '98985').reasons[1]).toBe(
      '30-day period 1 from the first day with data, Oct 5, in the episode of care from Oct 1',
    );
    const december = evaluate({ data_days: data, month: '2026-12' });
    expect(line(december, '98977')).toMatchObject({
      interval: { start: '2026-11-04', end: '2026-12-03' },
      date_of_service: '2026-12-03',
      days_with_data: 20,
    });
  });

  it('bills two intervals that both end in one month', () => {
    // Data from Nov 2: Nov 2–Dec 1 and Dec 2–Dec 31 both end in December.
    const result = evaluate({
      data_days: [...days('2026-11-02', 3), ...days('2026-12-02', 16)],
      month: '2026-12',
    });
    expect(codes(result)).toEqual(['98977x1', '98985x1']);
    expect(line(result, '98985').date_of_service).toBe('2026-12-01');
    expect(line(result, '98977').date_of_service).toBe('2026-12-31');
    // 98977 was missed for the first interval, and says which.
    expect(entry(result, '98977').interval).toEqual({ start: '2026-11-02', end: '2026-12-01' });
  });

  it('ends an interval cut short by discharge on the discharge day, and bills it then', () => {
    const result = evaluate({
      episodes: [{ start: '2026-10-05', end: '2026-11-20' }],
      data_days: [...days('2026-10-05', 3), ...days('2026-11-10', 5), '2026-11-25'],
    });
    const cut = result.billable.filter((billable) => billable.interval?.start === '2026-11-04');
    expect(cut).toHaveLength(1);
    expect(cut[0]).toMatchObject({
      code: '98985',
      date_of_service: '2026-11-20',
      interval: { start: '2026-11-04', end: '2026-11-20' },
      // Nov 25 is after discharge: not counted.
      days_with_data: 5,
    });
    expect(cut[0]?.reasons).toContain(
      'the period ends with discharge on Nov 20, day 17 of 30: billed on that day',
    );
  });

  it('does not count days with data outside every episode of care', () => {
    const result = evaluate({
      episodes: [{ start: '2026-11-10', end: null }],
      data_days: [...days('2026-10-20', 25)],
      month: '2026-12',
    });
    // Only Nov 10–Nov 13 are inside the episode: interval 1 is Nov 10–Dec 9, in December.
    expect(line(result, '98985')).toMatchObject({
      interval: { start: '2026-11-10', end: '2026-12-09' },
      days_with_data: 4,
    });
  });

  it('explains a month in which no interval ends', () => {
    const result = evaluate({ data_days: days('2026-11-05', 20) });
    expect(entry(result, '98977')).toEqual({
      code: '98977',
      period: '2026-11',
      missing: [
        'the 30-day period Nov 5–Dec 4 ends after November: it is billed in the month it ends',
      ],
      by: null,
    });
    const noData = evaluate({ data_days: [] });
    expect(entry(noData, '98985').missing).toEqual([
      'no days with data by Nov 30 in the episode of care from Oct 1: no 30-day period ends in November',
    ]);
  });
});

describe('set-up and education (98975): once per episode of care', () => {
  it('is billed in the month the episode reaches its second day with data, dated that day', () => {
    const result = evaluate({
      episodes: [{ start: '2026-11-02', end: null }],
      data_days: ['2026-11-03', '2026-11-07', '2026-11-08'],
    });
    expect(line(result, '98975')).toMatchObject({
      units: 1,
      modifiers: ['GP'],
      date_of_service: '2026-11-07',
      period: '2026-11',
    });
    expect(line(result, '98975').reasons[0]).toBe(
      '2 days with data in the episode of care from Nov 2, Nov 3 and Nov 7 (2 needed)',
    );
  });

  it('is not billed again, nor listed as missing, in a later month of the episode', () => {
    const result = evaluate({ data_days: ['2026-10-03', '2026-10-04', '2026-11-04'] });
    expect(result.billable.some((billable) => billable.code === '98975')).toBe(false);
    expect(missingCodes(result)).not.toContain('98975');
  });

  it('says how many days are missing while the episode has fewer than 2', () => {
    const closed = evaluate({ data_days: ['2026-11-04'] });
    expect(entry(closed, '98975')).toEqual({
      code: '98975',
      period: '2026-11',
      missing: ['2 days with data not reached in the episode of care from Oct 1 (1 day with data)'],
      by: null,
    });
    const open = evaluate({ data_days: ['2026-11-04'], as_of: '2026-11-20T12:00:00-08:00' });
    expect(entry(open, '98975')).toMatchObject({
      missing: [
        '1 more day with data by Nov 30',
        '1 of 2 days with data so far in the episode of care from Oct 1',
      ],
      by: '2026-11-30',
    });
  });

  it('starts over with a second episode: its own 98975 and its own 30-day intervals', () => {
    const episodes = [
      { start: '2026-09-01', end: null },
      { start: '2026-11-02', end: null },
    ];
    const data = [...days('2026-09-01', 20), '2026-11-02', '2026-11-05'];
    const november = evaluate({ episodes, data_days: data });
    expect(line(november, '98975').date_of_service).toBe('2026-11-05');
    // The first episode, left open, ends the day before the second starts: its interval
    // Oct 31–Nov 29 is cut on Nov 1 with no days with data in it.
    expect(entry(november, '98985')).toMatchObject({
      interval: { start: '2026-10-31', end: '2026-11-01' },
    });
    const december = evaluate({ episodes, data_days: data, month: '2026-12' });
    expect(line(december, '98985')).toMatchObject({
      interval: { start: '2026-11-02', end: '2026-12-01' },
      days_with_data: 2,
    });
  });
});

describe('treatment management: minutes per calendar month (98979 / 98980 / 98981)', () => {
  const withMinutes = (minutes: number) =>
    evaluate({ monitoring: [session('2026-11-03T10:00:00', minutes)], calls: [NOV_CALL] });

  it.each([
    [9, []],
    [10, ['98979x1']],
    [19, ['98979x1']],
    [20, ['98980x1']],
    [39, ['98980x1']],
    [40, ['98980x1', '98981x1']],
    [59, ['98980x1', '98981x1']],
    [60, ['98980x1', '98981x2']],
    [79, ['98980x1', '98981x2']],
    [80, ['98980x1', '98981x3']],
  ])('%i minutes with a call bill %j', (minutes, expected) => {
    expect(management(withMinutes(minutes))).toEqual(expected);
  });

  it('never bills 98979 with 98980, nor lists 98979 as missing once the month is 98980', () => {
    const result = withMinutes(24);
    expect(missingCodes(result)).not.toContain('98979');
    expect(line(result, '98980')).toMatchObject({
      modifiers: ['GP'],
      date_of_service: '2026-11-30',
      minutes: 24,
      call_date: '2026-11-10',
    });
    expect(line(result, '98980').reasons).toEqual([
      '24 minutes of monitoring in November (20 needed)',
      'interactive call on Nov 10 (5 min)',
      'GP: the services of a physical-therapy plan of care',
    ]);
  });

  it('lists what each code lacked in a closed month, and 98981 only from 20 minutes', () => {
    const nine = withMinutes(9);
    expect(missingCodes(nine)).toEqual(['98975', '98977', '98985', '98979', '98980']);
    expect(entry(nine, '98979')).toEqual({
      code: '98979',
      period: '2026-11',
      missing: ['10 minutes not reached in November (9 minutes of monitoring)'],
      by: null,
    });
    expect(missingCodes(withMinutes(12))).not.toContain('98981');
    expect(entry(withMinutes(24), '98981').missing).toEqual([
      '40 minutes not reached in November (24 minutes of monitoring)',
    ]);
    // A unit billed in a month that is over leaves nothing missing.
    expect(missingCodes(withMinutes(45))).not.toContain('98981');
  });

  it('floors the month total to whole minutes once, not each session', () => {
    const result = evaluate({
      monitoring: [session('2026-11-03T10:00:00', 5.5), session('2026-11-04T10:00:00', 4.5)],
      calls: [NOV_CALL],
    });
    expect(line(result, '98979').minutes).toBe(10);
  });

  it("splits a session at the clinic's midnight at the end of a month (Los Angeles)", () => {
    // Oct 31 23:50 → Nov 1 00:15 Pacific daylight time (UTC-7): 10 minutes in October, 15 in
    // November. UTC puts it all in November.
    const crossing = {
      start: '2026-11-01T06:50:00Z',
      end: '2026-11-01T07:15:00Z',
      assistant: false,
    };
    const monitoring = [crossing, session('2026-11-20T10:00:00', 5)];
    const calls = [NOV_CALL, { at: '2026-10-20T09:00:00-07:00', seconds: 120 }];
    const november = evaluate({ monitoring, calls });
    expect(line(november, '98980').minutes).toBe(20);
    const october = evaluate({ monitoring, calls, month: '2026-10' });
    expect(line(october, '98979').minutes).toBe(10);
  });

  it('needs an interactive call in the month: enough minutes without one are not billable', () => {
    const monitoring = [session('2026-11-03T10:00:00', 24)];
    // A call in October (23:30 on Oct 31 local is already Nov 1 in UTC), and one that was not
    // answered (0 seconds), do not count for November.
    const calls = [
      { at: '2026-10-31T23:30:00-07:00', seconds: 600 },
      { at: '2026-11-12T09:00:00-08:00', seconds: 0 },
    ];
    const closed = evaluate({ monitoring, calls });
    expect(management(closed)).toEqual([]);
    expect(entry(closed, '98980')).toEqual({
      code: '98980',
      period: '2026-11',
      missing: ['no interactive call in November'],
      by: null,
    });
    const open = evaluate({ monitoring, calls, as_of: '2026-11-20T12:00:00-08:00' });
    expect(entry(open, '98980')).toMatchObject({
      missing: [
        'the interactive call by Nov 30',
        '24 minutes of monitoring in November so far (20 needed)',
      ],
      by: '2026-11-30',
    });
    expect(entry(open, '98981').missing[0]).toBe(
      '16 more minutes for the next 20-minute unit and the interactive call by Nov 30',
    );
  });

  it('counts a secure-message exchange as the interactive communication when the case has one', () => {
    const monitoring = [session('2026-11-03T10:00:00', 24)];
    const result = evaluate({
      monitoring,
      calls: [{ at: '2026-11-12T16:00:00-08:00', seconds: 0, kind: 'secure_message' }],
    });
    expect(line(result, '98980')).toMatchObject({ call_date: '2026-11-12', minutes: 24 });
    expect(line(result, '98980').reasons[1]).toBe(
      'secure-message exchange with the patient on Nov 12 (the clinic counts secure messaging as the interactive communication)',
    );
  });

  it('does not count minutes or calls outside every episode of care, and says so', () => {
    const result = evaluate({
      episodes: [{ start: '2026-11-05', end: null }],
      monitoring: [session('2026-11-03T10:00:00', 5), session('2026-11-06T10:00:00', 21)],
      calls: [{ at: '2026-11-04T09:00:00-08:00', seconds: 300 }, NOV_CALL],
    });
    expect(line(result, '98980')).toMatchObject({ minutes: 21, call_date: '2026-11-10' });
    expect(line(result, '98980').reasons[0]).toBe(
      '21 minutes of monitoring in November (20 needed); 5 min outside an episode of care not counted',
    );
  });
});

describe('modifiers: GP always, CQ / CO for assistants above the 10 % de minimis', () => {
  const month = (assistant: boolean | 'PTA' | 'OTA', assistantMinutes: number) =>
    evaluate({
      monitoring: [
        session('2026-11-03T10:00:00', 20 - assistantMinutes),
        session('2026-11-04T10:00:00', assistantMinutes, assistant),
      ],
      calls: [NOV_CALL],
      data_days: days('2026-11-01', 20),
    });

  it('adds CQ when a PTA furnished more than 10 % of the minutes (assistant: true is a PTA)', () => {
    for (const assistant of [true, 'PTA'] as const) {
      const result = month(assistant, 3);
      expect(line(result, '98980').modifiers).toEqual(['GP', 'CQ']);
      expect(line(result, '98980').reasons).toContain(
        "a PTA furnished 3 min of the month's 20 min (15 %), over the CMS 10 % de minimis: CQ",
      );
      // Device supply takes no CQ/CO.
      expect(line(result, '98977').modifiers).toEqual(['GP']);
    }
  });

  it('adds CO for an OTA, on every management line', () => {
    const result = evaluate({
      monitoring: [session('2026-11-03T10:00:00', 30), session('2026-11-04T10:00:00', 12, 'OTA')],
      calls: [NOV_CALL],
    });
    expect(line(result, '98980').modifiers).toEqual(['GP', 'CO']);
    expect(line(result, '98981').modifiers).toEqual(['GP', 'CO']);
  });

  it('adds nothing at 10 % or less, and says why', () => {
    const result = month('PTA', 2);
    expect(line(result, '98980').modifiers).toEqual(['GP']);
    expect(line(result, '98980').reasons).toContain(
      "a PTA furnished 2 min of the month's 20 min (10 %), within the CMS 10 % de minimis: no CQ",
    );
  });
});

describe('as_of: a month judged while it is still open', () => {
  const monitoring = [session('2026-11-03T10:00:00', 14)];

  it('says what is missing in words and numbers, and by when', () => {
    const result = evaluate({ monitoring, as_of: '2026-11-20T12:00:00-08:00' });
    expect(entry(result, '98980')).toEqual({
      code: '98980',
      period: '2026-11',
      missing: [
        '6 more minutes and the interactive call by Nov 30',
        '14 minutes of monitoring in November so far (20 needed)',
      ],
      by: '2026-11-30',
    });
    expect(entry(result, '98979').missing[0]).toBe('the interactive call by Nov 30');
  });

  it('dates a line on the day its minutes and the call were both in, and names the next unit', () => {
    const result = evaluate({
      monitoring: [session('2026-11-03T10:00:00', 15), session('2026-11-12T10:00:00', 10)],
      calls: [NOV_CALL],
      as_of: '2026-11-20T12:00:00-08:00',
    });
    expect(line(result, '98980').date_of_service).toBe('2026-11-12');
    expect(entry(result, '98981')).toEqual({
      code: '98981',
      period: '2026-11',
      missing: [
        '15 more minutes for the next 20-minute unit by Nov 30',
        '25 minutes of monitoring in November so far (40 needed)',
      ],
      by: '2026-11-30',
    });
    // Each line is dated on the day its own threshold was met; a unit billed while the month is
    // open still names the next one.
    const addOn = evaluate({
      monitoring: [session('2026-11-03T10:00:00', 25), session('2026-11-15T10:00:00', 20)],
      calls: [NOV_CALL],
      as_of: '2026-11-20T12:00:00-08:00',
    });
    expect(line(addOn, '98980').date_of_service).toBe('2026-11-10');
    expect(line(addOn, '98981')).toMatchObject({ units: 1, date_of_service: '2026-11-15' });
    expect(entry(addOn, '98981').missing[0]).toBe(
      '15 more minutes for the next 20-minute unit by Nov 30',
    );
    // The call came after the minutes: the line is dated on the call.
    const lateCall = evaluate({
      monitoring: [session('2026-11-03T10:00:00', 25)],
      calls: [NOV_CALL],
      as_of: '2026-11-20T12:00:00-08:00',
    });
    expect(line(lateCall, '98980').date_of_service).toBe('2026-11-10');
  });

  it('ignores records after as_of', () => {
    const result = evaluate({
      monitoring: [session('2026-11-03T10:00:00', 15), session('2026-11-25T10:00:00', 10)],
      calls: [{ at: '2026-11-24T09:00:00-08:00', seconds: 300 }],
      as_of: '2026-11-20T12:00:00-08:00',
    });
    expect(management(result)).toEqual([]);
    expect(entry(result, '98979').missing[0]).toBe('the interactive call by Nov 30');
  });

  it("counts a day with data at 23:30 on the month's last evening, local time", () => {
    // 23:30 on Nov 30 in Los Angeles is Dec 1 in UTC: still November, still open.
    const result = evaluate({
      episodes: [{ start: '2026-11-01', end: null }],
      data_days: [...days('2026-11-01', 15), '2026-11-30'],
      as_of: '2026-11-30T23:30:00-08:00',
    });
    expect(line(result, '98977').days_with_data).toBe(16);
  });

  it('bills device supply counted so far and says how many more days 98977 needs', () => {
    const base = {
      episodes: [{ start: '2026-11-01', end: null }],
      data_days: days('2026-11-01', 5),
    };
    const result = evaluate({ ...base, as_of: '2026-11-10T12:00:00-08:00' });
    expect(line(result, '98985').reasons).toContain(
      'counted up to Nov 10; the period ends on Nov 30',
    );
    expect(entry(result, '98977')).toMatchObject({
      missing: [
        '11 more days with data by Nov 30',
        '5 of 16 days with data so far in Nov 1–Nov 30',
      ],
      by: '2026-11-30',
    });
    const tooLate = evaluate({ ...base, as_of: '2026-11-26T12:00:00-08:00' });
    expect(entry(tooLate, '98977')).toMatchObject({
      missing: [
        '16 days with data can no longer be reached in Nov 1–Nov 30: 5 so far, 5 days left',
      ],
      by: null,
    });
  });

  it('gives the discharge day as the last chance, and no date once the month is over', () => {
    const discharged = evaluate({
      episodes: [{ start: '2026-10-01', end: '2026-11-22' }],
      monitoring,
      as_of: '2026-11-20T12:00:00-08:00',
    });
    expect(entry(discharged, '98980').by).toBe('2026-11-22');
    const over = evaluate({ monitoring, as_of: '2026-12-02T12:00:00-08:00' });
    expect(entry(over, '98980')).toEqual({
      code: '98980',
      period: '2026-11',
      missing: [
        '20 minutes not reached in November (14 minutes of monitoring)',
        'no interactive call in November',
      ],
      by: null,
    });
  });
});

describe('coverage', () => {
  it('bills nothing without RTM coverage and says so for every code', () => {
    const result = evaluate({
      rtm_covered: false,
      data_days: days('2026-11-01', 20),
      monitoring: [session('2026-11-03T10:00:00', 45)],
      calls: [NOV_CALL],
    });
    expect(result.billable).toEqual([]);
    expect(
      result.not_billable.map((notBillable) => [notBillable.code, notBillable.missing]),
    ).toEqual(
      ['98975', '98977', '98985', '98979', '98980', '98981'].map((code) => [
        code,
        ['the patient has no RTM coverage'],
      ]),
    );
  });

  it('says there is no episode of care in a month outside every episode', () => {
    const result = evaluate({ episodes: [{ start: '2026-12-01', end: null }] });
    expect(result.billable).toEqual([]);
    expect(new Set(result.not_billable.flatMap((notBillable) => notBillable.missing))).toEqual(
      new Set(['no episode of care in November']),
    );
  });
});
