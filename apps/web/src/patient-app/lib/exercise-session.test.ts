import { afterEach, describe, expect, it } from 'vitest';
import {
  MAX_SESSION_MINUTES,
  currentSession,
  endSession,
  engagementMinutes,
  forgetSession,
  painRatingDue,
  sessionSamples,
  startSession,
} from './exercise-session';

afterEach(() => localStorage.clear());

describe('an exercise session', () => {
  it('counts its minutes to a tenth, never below 0 nor above the cap', () => {
    expect(engagementMinutes('2026-11-02T15:00:00Z', '2026-11-02T15:12:20Z')).toBe(12.3);
    expect(engagementMinutes('2026-11-02T15:00:00Z', '2026-11-02T14:00:00Z')).toBe(0);
    expect(engagementMinutes('2026-11-02T08:00:00Z', '2026-11-02T20:00:00Z')).toBe(
      MAX_SESSION_MINUTES,
    );
    expect(engagementMinutes('garbage', '2026-11-02T20:00:00Z')).toBe(0);
  });

  it('sends pain and minutes under ids of the session, the same on every try', () => {
    const session = {
      id: 'abc',
      startedAt: '2026-11-02T15:00:00.000Z',
      endedAt: '2026-11-02T15:18:00.000Z',
    };
    expect(sessionSamples(session, 3)).toEqual([
      {
        id: 'app-pain-abc',
        type: 'pain',
        recorded_at: '2026-11-02T15:18:00.000Z',
        level: 3,
        source: 'Homestretch app',
      },
      {
        id: 'app-engagement-abc',
        type: 'engagement',
        recorded_at: '2026-11-02T15:18:00.000Z',
        minutes: 18,
        source: 'Homestretch app',
      },
    ]);
  });

  it('keeps the session under way, fixes its end once, and starts anew after it', () => {
    const started = startSession(new Date('2026-11-02T15:00:00Z'));
    expect(startSession(new Date('2026-11-02T15:05:00Z'))).toEqual(started);
    const ended = endSession(new Date('2026-11-02T15:20:00Z'));
    expect(ended).toEqual({ ...started, endedAt: '2026-11-02T15:20:00.000Z' });
    // A retry after a lost answer keeps the first end, so the samples are the same.
    expect(endSession(new Date('2026-11-02T15:25:00Z')).endedAt).toBe(ended.endedAt);
    const next = startSession(new Date('2026-11-02T18:00:00Z'));
    expect(next.id).not.toBe(started.id);
    forgetSession();
    expect(currentSession()).toBeNull();
  });

  it('asks for the pain once a session has ticks, and not again once its rating is in', () => {
    const ticked = [{ sets_done: 1 }];
    const rating = { level: 3, recorded_at: '2026-11-02T15:20:00.000Z' };
    const since = (startedAt: string) => ({ id: 's', startedAt });
    expect(painRatingDue({ items: [{ sets_done: 0 }], pain_today: null }, null)).toBe(false);
    expect(painRatingDue({ items: ticked, pain_today: null }, null)).toBe(true);
    // Rated, and the session forgotten with the send: a reload does not ask.
    expect(painRatingDue({ items: ticked, pain_today: rating }, null)).toBe(false);
    // The rated session itself, kept after a lost answer, began before its rating.
    expect(
      painRatingDue({ items: ticked, pain_today: rating }, since('2026-11-02T15:00:00.000Z')),
    ).toBe(false);
    expect(
      painRatingDue({ items: ticked, pain_today: rating }, since('2026-11-02T18:00:00.000Z')),
    ).toBe(true);
  });
});
