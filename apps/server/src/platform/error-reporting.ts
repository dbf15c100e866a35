import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config, ErrorReportingConfig } from '../config';
import { PERIOD_TAG } from '@homestretch/contract/common/constants';
import {
  ERROR_REPORT_DATA_COLLECTION,
  ERROR_REPORT_SAMPLING,
  type ReportableEvent,
  scrubErrorEvent,
} from '@homestretch/contract/common/error-report';

/** What the app tells the error service: an unexpected fault while answering a request. */
export interface ErrorReporter {
  readonly enabled: boolean;
  /**
   * Traces requests (a trace per request, named by its route, sampled at spec §9's rate) and
   * sends what is queued when the app closes. The bundled server is not instrumented by
   * Sentry's loader hooks, so Fastify's own hooks open and close each request's span.
   */
  instrument(app: FastifyInstance): void;
  captureRequestError(error: unknown, request: FastifyRequest): void;
}

export const noErrorReporting: ErrorReporter = {
  enabled: false,
  instrument: () => undefined,
  captureRequestError: () => undefined,
};

const FLUSH_TIMEOUT_MS = 2_000;

/**
 * Sentry, loaded only when a DSN is configured (so a server without one never loads it). Its
 * defaults are not used: they would send local variables, request bodies and console lines. What
 * leaves is scrubbed of patient data (contract common/error-report.ts), tagged with the release
 * and spec §9's period tag.
 */
export async function startErrorReporting(
  settings: ErrorReportingConfig | null,
): Promise<ErrorReporter> {
  if (!settings) {
    return noErrorReporting;
  }
  const Sentry = await import('@sentry/node');
  Sentry.init({
    dsn: settings.dsn,
    release: settings.release,
    environment: settings.environment,
    dataCollection: { ...ERROR_REPORT_DATA_COLLECTION, httpBodies: [] },
    defaultIntegrations: false,
    integrations: [Sentry.linkedErrorsIntegration(), Sentry.onUnhandledRejectionIntegration()],
    tracesSampleRate: ERROR_REPORT_SAMPLING.tracesSampleRate,
    // A request's trace leaves whole, as one transaction, through beforeSendTransaction's scrub.
    traceLifecycle: 'static',
    initialScope: { tags: { period: PERIOD_TAG } },
    beforeSend: (event) => scrubErrorEvent(event as ReportableEvent) as typeof event,
    beforeSendTransaction: (event) => scrubErrorEvent(event as ReportableEvent) as typeof event,
    beforeBreadcrumb: () => null,
  });
  type Span = ReturnType<typeof Sentry.startInactiveSpan>;
  const spans = new WeakMap<FastifyRequest, Span>();
  return {
    enabled: true,
    instrument: (app) => {
      app.addHook('onRequest', async (request) => {
        // Each request is a trace of its own, sampled on its own: in one trace they would all
        // share the first request's decision, all or none.
        const span = Sentry.startNewTrace(() =>
          Sentry.startInactiveSpan({
            name: `${request.method} ${routeOf(request)}`,
            op: 'http.server',
            forceTransaction: true,
          }),
        );
        spans.set(request, span);
      });
      app.addHook('onResponse', async (request, reply) => {
        const span = spans.get(request);
        span?.setAttribute('http.response.status_code', reply.statusCode);
        span?.setStatus({ code: reply.statusCode >= 500 ? SPAN_ERROR : SPAN_OK });
        span?.end();
      });
      app.addHook('onClose', async () => {
        await Sentry.flush(FLUSH_TIMEOUT_MS);
      });
    },
    captureRequestError: (error, request) => {
      Sentry.withScope((scope) => {
        scope.setTags({ route: routeOf(request), request_id: request.id });
        const userId = request.ctx?.caller?.user.id;
        if (userId !== undefined) {
          scope.setUser({ id: String(userId) });
        }
        Sentry.captureException(error);
      });
    },
  };
}

/** OpenTelemetry's span status codes, which Sentry's spans take. */
const SPAN_OK = 1;
const SPAN_ERROR = 2;

/** The route's pattern, never the URL: paths hold ids, query strings hold searched names. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

/** Where the web apps send their reports: their Sentry project's origin, for connect-src. */
export function errorReportOrigins(config: Pick<Config, 'webErrorReporting'>): string[] {
  return config.webErrorReporting ? [new URL(config.webErrorReporting.dsn).origin] : [];
}
