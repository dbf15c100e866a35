import * as Sentry from '@sentry/react';
import { PERIOD_TAG } from '@homestretch/contract/common/constants';
import {
  ERROR_REPORT_DATA_COLLECTION,
  ERROR_REPORT_SAMPLING,
  type ReportableEvent,
  scrubErrorEvent,
} from '@homestretch/contract/common/error-report';
import type { WebSettings } from '@homestretch/contract/common/web-settings';

type Reporting = NonNullable<WebSettings['errorReporting']>;

const KEPT_BREADCRUMBS = new Set(['navigation', 'fetch', 'xhr']);

/**
 * Sentry's options for the web apps: spec §9's sampling (every session replayed, and every one
 * with an error, a tenth traced). A replay records the page's structure with every text, input
 * and image masked, so a clinician's screen of patients leaves as grey boxes; events are scrubbed
 * by the same rule as the server's.
 */
export function sentryOptions(reporting: Reporting): Sentry.BrowserOptions {
  return {
    dsn: reporting.dsn,
    environment: reporting.environment,
    release: reporting.release,
    integrations: [
      Sentry.browserTracingIntegration(),
      Sentry.replayIntegration({ maskAllText: true, maskAllInputs: true, blockAllMedia: true }),
    ],
    ...ERROR_REPORT_SAMPLING,
    traceLifecycle: 'static',
    // The API answers its own origins' headers only; traces stay on this side.
    tracePropagationTargets: [],
    dataCollection: { ...ERROR_REPORT_DATA_COLLECTION, httpBodies: [] },
    initialScope: { tags: { period: PERIOD_TAG } },
    beforeBreadcrumb: (crumb) => (KEPT_BREADCRUMBS.has(crumb.category ?? '') ? crumb : null),
    beforeSend: (event) => scrubErrorEvent(event as ReportableEvent) as typeof event,
    beforeSendTransaction: (event) => scrubErrorEvent(event as ReportableEvent) as typeof event,
  };
}

export function startSentry(reporting: Reporting): void {
  Sentry.init(sentryOptions(reporting));
}

export function captureError(error: unknown): void {
  Sentry.captureException(error);
}
