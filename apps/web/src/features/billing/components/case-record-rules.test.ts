import { describe, expect, it } from 'vitest';
import { dataDayCalendar, formatDuration, sessionRows } from './case-record-rules';

describe('the records behind a patient’s lines', () => {
  it('lays the month out in weeks from Sunday, marking the days with data', () => {
    // November 2026 starts on a Sunday and has 30 days: five weeks, the last padded.
    const weeks = dataDayCalendar('2026-11', ['2026-11-02', '2026-12-01']);
    expect(weeks).toHaveLength(5);
    expect(weeks[0]?.[0]).toEqual({ day: 1, iso: '2026-11-01', hasData: false });
    expect(weeks[0]?.[1]).toEqual({ day: 2, iso: '2026-11-02', hasData: true });
    expect(weeks[4]?.[1]).toEqual({ day: 30, iso: '2026-11-30', hasData: false });
    expect(weeks[4]?.[2]).toBeNull();
    // December 2026 starts on a Tuesday.
    expect(dataDayCalendar('2026-12', [])[0]?.slice(0, 3)).toEqual([
      null,
      null,
      { day: 1, iso: '2026-12-01', hasData: false },
    ]);
  });

  it('measures sessions on the server’s clock and names the assistant', () => {
    expect(
      sessionRows([
        { start: '2026-11-04T14:00:00.000Z', end: '2026-11-04T14:08:30.000Z', assistant: false },
        { start: '2026-11-05T14:00:00.000Z', end: '2026-11-05T14:05:00.000Z', assistant: true },
        { start: '2026-11-06T14:00:00.000Z', end: '2026-11-06T14:01:00.000Z', assistant: 'OTA' },
      ]).map((row) => [row.seconds, row.assistant]),
    ).toEqual([
      [510, ''],
      [300, 'PTA'],
      [60, 'OTA'],
    ]);
    expect(formatDuration(510)).toBe('8 min 30 s');
    expect(formatDuration(300)).toBe('5 min');
    expect(formatDuration(42)).toBe('42 s');
  });
});
