/**
 * What an error report may carry (ARCHITECTURE.md: Sentry when a DSN is configured). The web app
 * and the server both send their events through `scrubErrorEvent`, so a report never holds a
 * patient's name, e-mail, phone number or anything they or their clinician wrote. It keeps what a
 * developer needs to find the fault: the exception's type and stack, the route, the release.
 * It is written against the event's shape, not Sentry's types, so it has one copy for both sides.
 */

/** Spec §9: error-reporting sampling. */
export const ERROR_REPORT_SAMPLING = {
  tracesSampleRate: 0.1,
  replaysSessionSampleRate: 1,
  replaysOnErrorSampleRate: 1,
} as const;

/**
 * What the error service's SDK may collect by itself (its `dataCollection` option): nothing about
 * the person or the request beyond the route. Every default of the SDK would collect them.
 */
export const ERROR_REPORT_DATA_COLLECTION = {
  userInfo: false,
  cookies: false,
  httpHeaders: false,
  httpBodies: [],
  urlQueryParams: false,
  databaseQueryData: false,
  queues: false,
  stackFrameVariables: false,
  graphQL: { document: false, variables: false },
  genAI: { inputs: false, outputs: false },
  mcp: { inputs: false, outputs: false },
} as const;

/** The breadcrumbs kept: where the person went and which calls failed, never what was on screen. */
const KEPT_BREADCRUMBS = new Set(['navigation', 'fetch', 'xhr', 'http']);
/** Contexts that describe the machine, not the person. */
const KEPT_CONTEXTS = new Set(['os', 'browser', 'device', 'runtime', 'app', 'trace', 'culture']);

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
/** Seven or more digits, with the separators phone numbers are written with. */
const PHONE = /\+?\d[\d\s().-]{5,}\d/g;
/** Quoted text and PostgreSQL's `Key (email)=(value)` detail: values, which may be anyone's words. */
const QUOTED = /"[^"]*"|'[^']*'|“[^”]*”|=\([^)]*\)/g;

/** Removes what may identify a person from one line of text (a message, an exception's value). */
export function scrubText(text: string): string {
  return text
    .replace(QUOTED, (match) => (match.startsWith('=(') ? '=([redacted])' : '"[redacted]"'))
    .replace(EMAIL, '[email]')
    .replace(PHONE, '[phone]');
}

/** A URL without its query string or fragment (sign-up and reset links carry tokens there). */
export function scrubUrl(url: string): string {
  const cut = url.search(/[?#]/);
  return cut === -1 ? url : url.slice(0, cut);
}

type Json = Record<string, unknown>;

export interface Breadcrumb extends Json {
  category?: string;
  data?: Json;
}

/** The parts of a Sentry event this module reads; everything else passes untouched. */
export interface ReportableEvent {
  message?: string;
  user?: Json;
  request?: Json;
  extra?: Json;
  contexts?: Json;
  breadcrumbs?: Breadcrumb[];
  exception?: { values?: Json[] };
  logentry?: Json;
  transaction?: string;
  spans?: Json[];
}

/** A breadcrumb as it may leave, or null when its kind is not kept. */
export function scrubBreadcrumb(crumb: Breadcrumb): Breadcrumb | null {
  if (!crumb.category || !KEPT_BREADCRUMBS.has(crumb.category)) {
    return null;
  }
  const data: Json = {};
  for (const key of ['method', 'status_code', 'from', 'to', 'url']) {
    const value = crumb.data?.[key];
    if (value !== undefined) {
      data[key] = typeof value === 'string' ? scrubUrl(value) : value;
    }
  }
  return { ...crumb, message: undefined, data };
}

/** A string of a span or a frame: its URL's query dropped, then the text scrubbed. */
function scrubString(value: unknown): unknown {
  return typeof value === 'string' ? scrubText(scrubUrl(value)) : value;
}

function scrubException(value: Json): Json {
  const stacktrace = value.stacktrace as { frames?: Json[] } | undefined;
  return {
    ...value,
    value: typeof value.value === 'string' ? scrubText(value.value) : value.value,
    // Local variables hold whatever the function was handling: a patient, a message.
    stacktrace: stacktrace?.frames
      ? { ...stacktrace, frames: stacktrace.frames.map(({ vars: _vars, ...frame }) => frame) }
      : stacktrace,
  };
}

/** Each string of a span's data or attributes: a URL's query dropped, then the text scrubbed. */
export function scrubFields(fields: Json): Json {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, scrubString(value)]),
  );
}

/** A trace's span: its description (a call's URL, an element clicked) and data, scrubbed. */
export function scrubSpan(span: Json): Json {
  const data = span.data as Json | undefined;
  return {
    ...span,
    description: scrubString(span.description),
    data: data ? scrubFields(data) : data,
  };
}

/**
 * The event as it may leave: the user reduced to an id; the request to its method and path;
 * extra data and the person's contexts dropped; breadcrumbs to navigation and calls without query
 * strings; messages and exception values scrubbed of quoted text, e-mails and phone numbers.
 */
export function scrubErrorEvent<E extends ReportableEvent>(event: E): E {
  const userId = event.user?.id;
  const request = event.request;
  const contexts = Object.fromEntries(
    Object.entries(event.contexts ?? {}).filter(([key]) => KEPT_CONTEXTS.has(key)),
  );
  return {
    ...event,
    user: userId === undefined ? undefined : { id: userId },
    request: request
      ? {
          method: request.method,
          url: typeof request.url === 'string' ? scrubUrl(request.url) : undefined,
        }
      : undefined,
    extra: undefined,
    contexts,
    message: event.message === undefined ? undefined : scrubText(event.message),
    logentry: event.logentry
      ? {
          message:
            typeof event.logentry.message === 'string'
              ? scrubText(event.logentry.message)
              : undefined,
        }
      : undefined,
    transaction: event.transaction === undefined ? undefined : scrubUrl(event.transaction),
    breadcrumbs: event.breadcrumbs
      ?.map(scrubBreadcrumb)
      .filter((crumb): crumb is Breadcrumb => crumb !== null),
    exception: event.exception
      ? { ...event.exception, values: event.exception.values?.map(scrubException) }
      : undefined,
    spans: event.spans?.map(scrubSpan),
  };
}
