import { env } from '../config/env';

/*
 * Page-view analytics (spec §2: every route change is tracked as a page view; analytics is
 * disabled in this build). Screens talk to this module only, so a real provider can be plugged
 * into `startAnalytics` later without touching them.
 */

export interface PageView {
  /** pathname + search, never the hash. */
  path: string;
  /** Screen name of spec §2 (`patient_list`…), when the route has one. */
  screen: string | null;
}

export interface Analytics {
  readonly name: string;
  pageView(view: PageView): void;
}

/** Stand-in used when analytics is disabled or fails to start (spec §8). */
export const noopAnalytics: Analytics = {
  name: 'noop',
  pageView: () => undefined,
};

export const ANALYTICS_START_WARNING =
  'Analytics failed to start; page views will not be recorded.';

export interface StartAnalyticsOptions {
  enabled: boolean;
  /** Creates the real provider; only called when enabled. */
  start?: () => Analytics;
}

/** Never throws: a failing provider is replaced by the stand-in with a console warning (spec §8). */
export function startAnalytics({ enabled, start }: StartAnalyticsOptions): Analytics {
  if (!enabled || !start) {
    return noopAnalytics;
  }
  try {
    return start();
  } catch (error) {
    console.warn(ANALYTICS_START_WARNING, error);
    return noopAnalytics;
  }
}

let active: Analytics = startAnalytics({ enabled: env.analyticsEnabled });

export function getAnalytics(): Analytics {
  return active;
}

/** Swaps the provider (tests, or a later build that enables analytics). */
export function setAnalytics(next: Analytics): void {
  active = next;
}

/** Records a page view; a failing provider must never break navigation. */
export function trackPageView(view: PageView): void {
  try {
    active.pageView(view);
  } catch (error) {
    console.warn('Analytics could not record a page view.', error);
  }
}
