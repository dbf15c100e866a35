import * as Sentry from '@sentry/react';
import { PERIOD_TAG } from '@homestretch/contract/common/constants';
import {
  type Breadcrumb,
  ERROR_REPORT_DATA_COLLECTION,
  ERROR_REPORT_SAMPLING,
  type ReportableEvent,
  scrubBreadcrumb,
  scrubErrorEvent,
  scrubFields,
  scrubSpan,
  scrubText,
  scrubUrl,
} from '@homestretch/contract/common/error-report';
import type { WebSettings } from '@homestretch/contract/common/web-settings';

type Reporting = NonNullable<WebSettings['errorReporting']>;

const KEPT_BREADCRUMBS = new Set(['navigation', 'fetch', 'xhr']);

/** A replay's own entries beside the masked page: what was called and where the person went. */
interface RecordingEvent {
  type: number;
  /** A custom entry's tag and payload; rrweb's own entries (the masked page) carry other data. */
  data?: { tag?: string; payload?: Record<string, unknown>; [field: string]: unknown };
}

const CUSTOM_RECORDING_EVENT = 5;

/**
 * The replay's breadcrumbs and call timings carry URLs with their query strings (a roster search
 * is a patient's name): they leave scrubbed by the rule events follow, or not at all.
 */
export function scrubRecordingEvent(event: RecordingEvent): RecordingEvent | null {
  const payload = event.data?.payload;
  if (event.type !== CUSTOM_RECORDING_EVENT || !payload) {
    return event;
  }
  if (event.data?.tag === 'breadcrumb') {
    const crumb = scrubBreadcrumb(payload as Breadcrumb);
    return crumb ? { ...event, data: { ...event.data, payload: crumb } } : null;
  }
  if (event.data?.tag === 'performanceSpan') {
    return { ...event, data: { ...event.data, payload: scrubSpan(payload) } };
  }
  return event;
}

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
      Sentry.replayIntegration({
        maskAllText: true,
        maskAllInputs: true,
        blockAllMedia: true,
        // The defaults (title, placeholder, aria-label) and an image's words.
        maskAttributes: ['title', 'placeholder', 'aria-label', 'alt'],
        beforeAddRecordingEvent: (event) =>
          scrubRecordingEvent(event as unknown as RecordingEvent) as typeof event | null,
      }),
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
    // Spans sent on their own (a slow interaction names the element: its aria-label, in quotes).
    beforeSendSpan: (span) => ({
      ...span,
      name: scrubText(scrubUrl(span.name)),
      attributes: scrubFields(span.attributes) as typeof span.attributes,
    }),
  };
}

/** A replay's summary lists the pages it saw, with their query strings unless removed here. */
function scrubReplaySummary(event: Sentry.Event): Sentry.Event {
  const summary = event as Sentry.Event & { urls?: string[] };
  return event.type === 'replay_event' && summary.urls
    ? ({ ...event, urls: summary.urls.map(scrubUrl) } as Sentry.Event)
    : event;
}

export function startSentry(reporting: Reporting): void {
  Sentry.init(sentryOptions(reporting));
  Sentry.getGlobalScope().addEventProcessor(scrubReplaySummary);
}

export function captureError(error: unknown): void {
  Sentry.captureException(error);
}
