import type { Banner } from '@homestretch/contract/common/enums';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../platform/calendar';
import { type BannerInput, computeBanners, painTrend, snoozeEnd } from './banner-rules';

const today = '2026-11-12';
const quiet: BannerInput = {
  today,
  status: 'active',
  onboardedOn: '2026-10-01',
  isRtmCovered: false,
  painByDay: new Map(),
  lastDataDay: today,
  adherence: null,
  hasCallThisMonth: false,
};
const names = (input: Partial<BannerInput>) =>
  computeBanners({ ...quiet, ...input }).map((banner) => banner.banner);
const pain = (entries: [number, number][]) =>
  new Map(entries.map(([daysAgo, level]) => [addDays(today, -daysAgo), level]));

describe('patient record banners', () => {
  it('shows none for a patient who is doing fine', () => {
    expect(names({})).toEqual([]);
  });

  it('flags pain rising by a point or more week on week, with two reports in each week', () => {
    const rising = pain([
      [0, 6],
      [3, 5],
      [7, 4],
      [10, 4],
    ]);
    expect(painTrend(rising, today)).toEqual({ recent: 5.5, previous: 4 });
    const [banner] = computeBanners({ ...quiet, painByDay: rising });
    expect(banner).toEqual({
      banner: 'pain_rising',
      title: 'Pain is rising',
      message: 'Average pain went from 4.0 to 5.5 over the last week.',
    });
    expect(
      names({
        painByDay: pain([
          [0, 5],
          [3, 5],
          [7, 4],
          [10, 4.5],
        ]),
      }),
    ).toEqual([]);
    // One report in the earlier week is too little to compare.
    expect(
      names({
        painByDay: pain([
          [0, 9],
          [1, 9],
          [8, 1],
        ]),
      }),
    ).toEqual([]);
  });

  it('flags no activity from the third quiet day', () => {
    expect(names({ lastDataDay: addDays(today, -2) })).toEqual([]);
    expect(computeBanners({ ...quiet, lastDataDay: addDays(today, -3) })[0]?.message).toBe(
      'No data from the app for 3 days.',
    );
    expect(
      computeBanners({ ...quiet, lastDataDay: null, onboardedOn: addDays(today, -5) })[0]?.message,
    ).toBe('No data from the app since onboarding 5 days ago.');
    expect(names({ lastDataDay: null, onboardedOn: addDays(today, -1) })).toEqual([]);
  });

  it('flags adherence under a half', () => {
    expect(names({ adherence: 0.5 })).toEqual([]);
    expect(computeBanners({ ...quiet, adherence: 0.49 })[0]?.message).toBe(
      '49% of the program done in the last 7 days.',
    );
  });

  it('asks for the month’s live call in its last ten days, for RTM patients only', () => {
    // November has 30 days: from the 21st there are 10 days left.
    expect(names({ isRtmCovered: true, today: '2026-11-20', lastDataDay: '2026-11-20' })).toEqual(
      [],
    );
    const due = computeBanners({
      ...quiet,
      isRtmCovered: true,
      today: '2026-11-21',
      lastDataDay: '2026-11-21',
    });
    expect(due.map((banner) => banner.banner)).toEqual(['call_due']);
    expect(due[0]?.message).toBe(
      'No live call logged this month: RTM management codes need one in the next 10 days.',
    );
    expect(
      names({
        isRtmCovered: true,
        today: '2026-11-30',
        lastDataDay: '2026-11-30',
        hasCallThisMonth: true,
      }),
    ).toEqual([]);
    expect(names({ isRtmCovered: false, today: '2026-11-30', lastDataDay: '2026-11-30' })).toEqual(
      [],
    );
  });

  it('shows nothing outside an episode of care', () => {
    const everything = { lastDataDay: null, adherence: 0, isRtmCovered: true, today: '2026-11-30' };
    expect(names({ ...everything, status: 'discharged' })).toEqual([]);
    expect(names({ ...everything, onboardedOn: null })).toEqual([]);
    expect(names(everything)).toEqual(['no_activity', 'low_adherence', 'call_due']);
  });
});

describe('how long a snooze lasts', () => {
  const timeZone = 'America/New_York';
  const end = (banner: Banner, now: string, days: number) =>
    snoozeEnd({ banner, now: new Date(now), days, timeZone }).toISOString();

  it('brings "Call due" back on the last day of the month a call still counts', () => {
    // Nov 23, 10 pm in New York: "a call in the next 8 days"; 7 days would run to Nov 30, 10 pm
    // (Dec 1 in UTC), when the month is all but gone. It ends as Nov 30 begins there instead.
    expect(end('call_due', '2026-11-24T03:00:00Z', 7)).toBe('2026-11-30T05:00:00.000Z');
    expect(end('call_due', '2026-11-23T15:00:00Z', 7)).toBe('2026-11-30T05:00:00.000Z');
    // Across the year's end too, and in a 31-day month.
    expect(end('call_due', '2026-12-24T15:00:00Z', 30)).toBe('2026-12-31T05:00:00.000Z');
  });

  it('keeps a shorter snooze, and on the last day lasts to the end of the month at most', () => {
    expect(end('call_due', '2026-11-23T15:00:00Z', 3)).toBe('2026-11-26T15:00:00.000Z');
    expect(end('call_due', '2026-11-30T15:00:00Z', 7)).toBe('2026-12-01T05:00:00.000Z');
    expect(end('call_due', '2026-11-30T15:00:00Z', 1)).toBe('2026-12-01T05:00:00.000Z');
  });

  it('leaves banners without a deadline snoozed for the days asked', () => {
    expect(end('no_activity', '2026-11-24T03:00:00Z', 7)).toBe('2026-12-01T03:00:00.000Z');
    expect(end('pain_rising', '2026-11-23T15:00:00Z', 30)).toBe('2026-12-23T15:00:00.000Z');
  });
});
