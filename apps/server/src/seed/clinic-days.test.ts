import { describe, expect, it } from 'vitest';
import { lastClinicDays } from './clinic-days';

const wallClock = (timeZone: string, instant: Date) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'short' }).format(
    instant,
  );

describe('lastClinicDays', () => {
  it('ends with the clinic’s today even when the UTC date has already moved on', () => {
    // 03:00 UTC on 3 November is still the evening of 2 November in New York.
    const days = lastClinicDays('America/New_York', new Date('2026-11-03T03:00:00Z'), 3);
    expect(days.map((day) => day.date)).toEqual(['2026-10-31', '2026-11-01', '2026-11-02']);
    expect(days.map((day) => day.index)).toEqual([0, 1, 2]);
    expect(days[2]?.weekday).toBe(1);
  });

  it('places local times on the right wall clock across a daylight-saving switch', () => {
    // US clocks sprang forward at 2 am on 8 March 2026 and fell back on 1 November 2026.
    const days = lastClinicDays('America/New_York', new Date('2026-11-02T15:00:00Z'), 250);
    for (const date of [
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-10-31',
      '2026-11-01',
      '2026-11-02',
    ]) {
      const day = days.find((candidate) => candidate.date === date);
      expect(day, date).toBeDefined();
      expect(wallClock('America/New_York', day?.at(5, 0) ?? new Date(0))).toBe(`${date} 05:00`);
      expect(wallClock('America/New_York', day?.at(23, 59) ?? new Date(0))).toBe(`${date} 23:59`);
    }
  });

  it('works east of UTC too', () => {
    const [day] = lastClinicDays('Asia/Tokyo', new Date('2026-06-30T20:00:00Z'), 1);
    expect(day?.date).toBe('2026-07-01');
    expect(day?.at(9, 30).toISOString()).toBe('2026-07-01T00:30:00.000Z');
  });
});
