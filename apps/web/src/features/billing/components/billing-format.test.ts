import { describe, expect, it } from 'vitest';
import {
  formatUsd,
  groupWords,
  missingGroups,
  missingWords,
  monthLabel,
  periodOf,
  updatedLabel,
} from './billing-format';

describe('billing words and figures', () => {
  it('formats money as US dollars, a missing fee as a dash', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(null)).toBe('—');
  });

  it('says what is missing and by when while it can still be done, where things stand apart', () => {
    expect(
      missingWords({
        code: '98980',
        period: '2026-11',
        missing: [
          '6 more minutes and the interactive call by Nov 30',
          '14 minutes of monitoring in November so far (20 needed)',
        ],
        by: '2026-11-30',
      }),
    ).toEqual({
      sentence: 'Needs 6 more minutes and the interactive call by Nov 30',
      details: ['14 minutes of monitoring in November so far (20 needed)'],
    });
    // A phrase without its own date gets the one of `by`.
    expect(
      missingWords({ code: '98977', period: '2026-11', missing: ['4 more days'], by: '2026-12-01' })
        .sentence,
    ).toBe('Needs 4 more days by Dec 1');
  });

  it('says the two device codes of one 30-day period in one note, 98985 first', () => {
    const interval = { start: '2026-11-05', end: '2026-12-04' };
    const full = {
      code: '98977' as const,
      period: '2026-11',
      interval,
      missing: [
        '15 more days with data by Dec 4',
        '1 of 16 days with data so far in Nov 5 – Dec 4',
      ],
      by: '2026-12-04',
    };
    const few = {
      code: '98985' as const,
      period: '2026-11',
      interval,
      missing: ['1 more day with data by Dec 4', '1 of 2 days with data so far in Nov 5 – Dec 4'],
      by: '2026-12-04',
    };
    const call = { code: '98980' as const, period: '2026-11', missing: ['the call'], by: null };
    const groups = missingGroups([full, few, call]);
    expect(groups).toEqual([
      { lead: few, alongside: full },
      { lead: call, alongside: null },
    ]);
    expect(groupWords(groups[0]!)).toEqual({
      sentence: 'Needs 1 more day with data by Dec 4',
      details: [
        '1 of 2 days with data so far in Nov 5 – Dec 4',
        '98977: 15 more days with data by Dec 4; 1 of 16 days with data so far in Nov 5 – Dec 4',
      ],
    });
    // No period at all: the same words for both codes, said once.
    const none = { period: '2026-11', missing: ['no episode of care in November'], by: null };
    const pair = missingGroups([
      { ...none, code: '98977' },
      { ...none, code: '98985' },
    ]);
    expect(pair).toHaveLength(1);
    expect(groupWords(pair[0]!)).toEqual({
      sentence: 'Not billable: no episode of care in November',
      details: [],
    });
  });

  it('says why once it can no longer be done', () => {
    expect(
      missingWords({
        code: '98980',
        period: '2026-10',
        missing: [
          '20 minutes not reached in October (14 minutes of monitoring)',
          'no interactive call in October',
        ],
        by: null,
      }),
    ).toEqual({
      sentence:
        'Not billable: 20 minutes not reached in October (14 minutes of monitoring); no interactive call in October',
      details: [],
    });
  });

  it('reads the month picker and shows the computing time on the clinic clock', () => {
    expect(periodOf('2026-03')).toEqual({ month: 3, year: 2026 });
    expect(monthLabel({ month: 3, year: 2026 })).toBe('March 2026');
    expect(updatedLabel('2026-11-26T19:05:00.000Z', 'America/New_York')).toBe('Updated 2:05 PM');
    // A clinic in Los Angeles seen from the tests' New York browser: its zone is named.
    expect(updatedLabel('2026-11-26T19:05:00.000Z', 'America/Los_Angeles')).toBe(
      'Updated 11:05 AM PST',
    );
  });
});
