import type { WebSettings } from '@homestretch/contract/common/web-settings';
import { readWebSettings } from '../config/settings';
import type * as SentryClient from './sentry-client';

let client: Promise<typeof SentryClient> | null = null;

/**
 * Starts Sentry when the deployment names a DSN (ARCHITECTURE.md). Its code is a chunk of its own,
 * fetched after the first screen, so no screen's JavaScript budget carries it and a deployment
 * without a DSN never downloads it.
 */
export function startErrorReporting(settings: WebSettings = readWebSettings()): void {
  const reporting = settings.errorReporting;
  if (!reporting || client) {
    return;
  }
  client = import('./sentry-client').then((sentry) => {
    sentry.startSentry(reporting);
    return sentry;
  });
  client.catch((error: unknown) => {
    console.warn('Error reporting could not start; faults will not be reported.', error);
  });
}

/** Reports a fault the app caught itself (a screen that failed to render); a no-op when off. */
export function reportError(error: unknown): void {
  void client?.then((sentry) => sentry.captureError(error)).catch(() => undefined);
}
