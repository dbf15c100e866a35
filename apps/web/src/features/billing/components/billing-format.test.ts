import { describe, expect, it } from 'vitest';
import {
  formatUsd,
  joinWords,
  missingSentence,
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

  it('says what is missing and by when while the month is open', () => {
    const item = {
      code: '98980' as const,
      period: '2026-11',
      missing: ['6 more minutes', 'the interactive call'],
      by: '2026-11-30',
    };
    expect(missingSentence(item, false)).toBe(
      'Needs 6 more minutes and the interactive call by Nov 30',
    );
    expect(missingSentence(item, true)).toBe(
      'Not billable: missing 6 more minutes and the interactive call',
    );
    expect(missingSentence({ ...item, by: null }, false)).toMatch(/^Not billable: missing/);
  });

  it('names the date once even when a phrase carries its own', () => {
    expect(
      missingSentence(
        { code: '98977', period: '2026-11', missing: ['4 more days by Dec 1'], by: '2026-12-01' },
        false,
      ),
    ).toBe('Needs 4 more days by Dec 1');
  });

  it('joins words as a sentence does', () => {
    expect(joinWords([])).toBe('');
    expect(joinWords(['a'])).toBe('a');
    expect(joinWords(['a', 'b', 'c'])).toBe('a, b and c');
  });

  it('reads the month picker and shows the computing time on the clinic clock', () => {
    expect(periodOf('2026-03')).toEqual({ month: 3, year: 2026 });
    expect(monthLabel({ month: 3, year: 2026 })).toBe('March 2026');
    expect(updatedLabel('2026-11-26T19:05:00.000Z', 'America/New_York')).toBe('Updated 14:05');
    expect(updatedLabel('2026-11-26T19:05:00.000Z', 'America/Los_Angeles')).toBe('Updated 11:05');
  });
});
