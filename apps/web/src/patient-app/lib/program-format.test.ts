import { describe, expect, it } from 'vitest';
import { clock, dose, savedWhen, weekdayLetter, weekdayName } from './program-format';
import { tickSet } from './sets';

describe('the patient app’s words and numbers', () => {
  it('names the weekday of a clinic date whatever the phone’s time zone', () => {
    expect(weekdayLetter('2026-11-02')).toBe('M');
    expect(weekdayName('2026-11-08')).toBe('Sunday');
  });

  it('says the dose', () => {
    expect(dose(3, 10)).toBe('3 sets of 10');
    expect(dose(1, 5)).toBe('1 set of 5');
  });

  it('shows the hold timer as minutes and seconds, rounding up', () => {
    expect(clock(30)).toBe('0:30');
    expect(clock(64.2)).toBe('1:05');
    expect(clock(-1)).toBe('0:00');
  });

  it('says when an offline copy was loaded', () => {
    const now = new Date(2026, 10, 2, 15, 0);
    const zone = 'America/New_York';
    expect(savedWhen(new Date(2026, 10, 2, 14, 59, 30).toISOString(), now, zone)).toBe('just now');
    expect(savedWhen(new Date(2026, 10, 2, 7, 40).toISOString(), now, zone)).toBe(
      'today at 7:40 AM',
    );
    expect(savedWhen(new Date(2026, 10, 1, 19, 5).toISOString(), now, zone)).toBe('Nov 1, 7:05 PM');
    // On the clinic's clock, with its zone named, for a phone set to another.
    expect(savedWhen(new Date(2026, 10, 2, 7, 40).toISOString(), now, 'America/Chicago')).toBe(
      'today at 6:40 AM CST',
    );
  });
});

describe('ticking sets', () => {
  it('ticks every set up to the one tapped, and takes back from a ticked one on', () => {
    expect(tickSet(1, 0)).toBe(1);
    expect(tickSet(3, 1)).toBe(3);
    expect(tickSet(3, 3)).toBe(2);
    expect(tickSet(1, 3)).toBe(0);
  });
});
