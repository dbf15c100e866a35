import { describe, expect, it } from 'vitest';
import {
  ageOn,
  formatDuration,
  formatPercent,
  formatWeekRange,
  toSeconds,
  weeksAgoLabel,
} from './record-format';

describe('ageOn', () => {
  const on = (iso: string) => new Date(`${iso}T12:00:00`);

  it('goes up on the birthday itself, not the day before', () => {
    expect(ageOn('1970-06-15', on('2026-06-14'))).toBe(55);
    expect(ageOn('1970-06-15', on('2026-06-15'))).toBe(56);
    expect(ageOn('1970-06-15', on('2026-12-31'))).toBe(56);
  });

  it('ages someone born on 29 February on 1 March in common years', () => {
    expect(ageOn('2000-02-29', on('2026-02-28'))).toBe(25);
    expect(ageOn('2000-02-29', on('2026-03-01'))).toBe(26);
    expect(ageOn('2000-02-29', on('2028-02-29'))).toBe(28);
  });

  it('answers null without a usable birthday', () => {
    expect(ageOn(null, on('2026-01-01'))).toBeNull();
    expect(ageOn('15/06/1970', on('2026-01-01'))).toBeNull();
    expect(ageOn('2027-01-01', on('2026-01-01'))).toBeNull();
  });
});

describe('formatDuration', () => {
  it('splits minutes into hours and the remainder (spec §9)', () => {
    expect(formatDuration(3600)).toBe('1 h');
    expect(formatDuration(3725)).toBe('1 h 2 min');
    expect(formatDuration(7199)).toBe('1 h 59 min');
  });

  it('keeps seconds under an hour', () => {
    expect(formatDuration(540)).toBe('9 min');
    expect(formatDuration(545)).toBe('9 min 5 s');
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(0)).toBe('0 s');
  });
});

describe('toSeconds', () => {
  it('adds minutes and seconds, blanks counting as zero', () => {
    expect(toSeconds('9', '30')).toBe(570);
    expect(toSeconds('', '45')).toBe(45);
    expect(toSeconds('12', '')).toBe(720);
  });

  it('refuses fractions, negatives and 60 seconds or more', () => {
    expect(toSeconds('1.5', '0')).toBeNull();
    expect(toSeconds('-1', '0')).toBeNull();
    expect(toSeconds('1', '60')).toBeNull();
  });
});

describe('week labels', () => {
  it('names the weeks', () => {
    expect(weeksAgoLabel(0)).toBe('This week');
    expect(weeksAgoLabel(1)).toBe('Last week');
    expect(weeksAgoLabel(3)).toBe('3 weeks ago');
  });

  it('writes the year once unless the week spans New Year', () => {
    expect(formatWeekRange('2026-03-02', '2026-03-08')).toBe('Mar 2 – Mar 8, 2026');
    expect(formatWeekRange('2025-12-29', '2026-01-04')).toBe('Dec 29, 2025 – Jan 4, 2026');
  });

  it('rounds shares to whole percentages', () => {
    expect(formatPercent(0.666)).toBe('67%');
    expect(formatPercent(1)).toBe('100%');
  });
});
