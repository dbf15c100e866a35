import { describe, expect, it } from 'vitest';
import { recentMonths } from './month-options';

describe('recentMonths', () => {
  it('counts back across New Year', () => {
    expect(recentMonths(new Date(2027, 0, 15))).toEqual([
      { value: '2027-01', label: 'January 2027' },
      { value: '2026-12', label: 'December 2026' },
      { value: '2026-11', label: 'November 2026' },
    ]);
  });
});
