import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ANALYTICS_START_WARNING,
  getAnalytics,
  noopAnalytics,
  setAnalytics,
  startAnalytics,
  trackPageView,
  type Analytics,
} from './analytics';

afterEach(() => {
  setAnalytics(noopAnalytics);
  vi.restoreAllMocks();
});

describe('analytics', () => {
  it('is the no-op stand-in in this build (spec §2: disabled)', () => {
    expect(getAnalytics()).toBe(noopAnalytics);
    expect(() => trackPageView({ path: '/patients', screen: 'patient_list' })).not.toThrow();
  });

  it('does not start a provider while disabled', () => {
    const start = vi.fn();
    expect(startAnalytics({ enabled: false, start })).toBe(noopAnalytics);
    expect(start).not.toHaveBeenCalled();
  });

  it('uses the provider when enabled and it starts', () => {
    const provider: Analytics = { name: 'real', pageView: vi.fn() };
    expect(startAnalytics({ enabled: true, start: () => provider })).toBe(provider);
  });

  it('warns and falls back to the stand-in when the provider fails to start (spec §8)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failure = new Error('blocked by an ad blocker');
    const analytics = startAnalytics({
      enabled: true,
      start: () => {
        throw failure;
      },
    });
    expect(analytics).toBe(noopAnalytics);
    expect(warn).toHaveBeenCalledWith(ANALYTICS_START_WARNING, failure);
  });

  it('sends page views to the active provider and survives a failing one', () => {
    const pageView = vi.fn();
    setAnalytics({ name: 'spy', pageView });
    trackPageView({ path: '/chat', screen: 'chat_sessions' });
    expect(pageView).toHaveBeenCalledWith({ path: '/chat', screen: 'chat_sessions' });

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    setAnalytics({
      name: 'broken',
      pageView: () => {
        throw new Error('x');
      },
    });
    expect(() => trackPageView({ path: '/chat', screen: null })).not.toThrow();
    expect(warn).toHaveBeenCalled();
  });
});
