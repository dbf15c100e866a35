import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import cookie from '@fastify/cookie';
import cors, { type FastifyCorsOptions } from '@fastify/cors';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { earlyDataOf } from '@homestretch/contract/web/early-data';
import type { Config } from './config';
import type { Db } from './db/client';
import { registerAnalyticsRoutes } from './features/analytics/analytics.routes';
import { registerAuthRoutes } from './features/auth/auth.routes';
import { registerClinicRoutes } from './features/clinics/clinics.routes';
import { registerDevRoutes } from './features/dev/dev.routes';
import { registerHealthRoutes } from './features/health/health.routes';
import { registerIcd10Routes } from './features/icd10/icd10.routes';
import { registerLibraryRoutes } from './features/library/library.routes';
import { registerHepRoutes } from './features/hep/hep.routes';
import { registerMonitoringRoutes } from './features/monitoring/monitoring.routes';
import { registerRecommendationRoutes } from './features/hep/recommendations.routes';
import { registerPlaybackRoutes } from './features/library/playback.routes';
import { registerUploadRoutes } from './features/library/upload.routes';
import { registerPatientAppRoutes } from './features/patient-app/patient-app.routes';
import { registerPatientSignupRoutes } from './features/patient-signup/patient-signup.routes';
import { registerPatientRoutes } from './features/patients/patients.routes';
import { registerReferralRoutes } from './features/referral/referral.routes';
import { registerStaffRoutes } from './features/staff/staff.routes';
import { registerSupervisorRoutes } from './features/supervisors/supervisors.routes';
import { registerUserRoutes } from './features/users/users.routes';
import { registerTaskRoutes } from './features/tasks/tasks.routes';
import { registerTemplateRoutes } from './features/templates/templates.routes';
import { registerVoiceRoutes } from './features/voice/voice.routes';
import { registerChatRoutes } from './features/chat/chat.routes';
import { registerBillingRoutes } from './features/billing/billing.routes';
import { type Clock, systemClock } from './platform/clock';
import { createAuditTrail } from './platform/audit';
import { isDatabaseUnavailable } from './platform/db-errors';
import type { AppDeps, Ctx } from './platform/context';
import { AppError, errorBody, invalidInput, registerErrorHandling } from './platform/errors';
import { recordRouteTable } from './platform/route-table';
import { errorReportOrigins, startErrorReporting } from './platform/error-reporting';
import { pageWithSettings, webSettingsOf } from './platform/web-settings';
import type { WebSettings } from '@homestretch/contract/common/web-settings';
import { createFileStorage } from './platform/file-storage';
import { createBackgroundWork } from './platform/jobs';
import {
  SESSION_COOKIE,
  allowedOrigins,
  bearerToken,
  checkCsrf,
  signatureAuthorised,
} from './platform/http-security';
import { DEVICE_COOKIE } from './platform/known-devices';
import { createMailer, type Mailer } from './platform/mail';
import { DEFAULT_LIMITS, type Limits } from './platform/rate-limit';
import { createSmsSender, type SmsSender } from './platform/sms';
import {
  INVALID_UTF8_MESSAGE,
  MAX_JSON_DEPTH,
  TOO_DEEP_MESSAGE,
  decodeUtf8,
  jsonDepth,
  unstorableTextFields,
} from './platform/storable-text';
import { resolveSession } from './platform/sessions';
import { createVoiceProvider, type VoiceProvider } from './platform/voice';
import { attachRealtime } from './platform/realtime';

export interface BuildOptions {
  db: Db;
  config: Config;
  clock?: Clock;
  mailer?: Mailer;
  sms?: SmsSender;
  voice?: VoiceProvider;
  limits?: Partial<Limits>;
  logger?: FastifyServerOptions['logger'];
  /** The built web app to serve; null serves the API only. */
  webRoot?: string | null;
  /**
   * The PostgreSQL the app's nodes share: Socket.IO's adapter goes through it, so events reach
   * sockets on other nodes, and so do tus's upload locks, so any node serves any upload request.
   * Unset: one process (the embedded database), no adapter, locks in memory.
   */
  nodesDatabaseUrl?: string;
}

const DEFAULT_WEB_ROOT = path.resolve(import.meta.dirname, '../../web/dist');

/** 1 MiB covers every JSON payload of spec §7; uploads have their own channel. */
const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the Fastify instance without listening (tests drive it through inject). */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // Our schemas decide what is allowed; Fastify must not silently coerce or strip.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false } },
    // A URL the router cannot decode ('%FF') gets the one error shape, like every other 400.
    frameworkErrors: (error, _request, reply) =>
      void (reply as FastifyReply).status(400).send(errorBody('bad_request', error.message)),
  });
  const clock = options.clock ?? systemClock;
  const deps: AppDeps = {
    db,
    config,
    clock,
    mailer: options.mailer ?? createMailer(config, db),
    sms: options.sms ?? createSmsSender(config, db),
    voice: options.voice ?? createVoiceProvider(config),
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    log: app.log,
    audit: createAuditTrail(db),
    background: createBackgroundWork(app.log),
    files: createFileStorage(config),
    realtime: attachRealtime(app.server, {
      db,
      clock,
      policy: { idleMinutes: config.sessionIdleMinutes, maxHours: config.sessionMaxHours },
      socketsPerSession: config.socketsPerSession,
      allowedOrigins: [...config.webOrigins, new URL(config.publicUrl).origin],
      databaseUrl: options.nodesDatabaseUrl,
      // The database away (a restart) is expected to end; the requests meanwhile answer 503.
      onError: (error, what) =>
        isDatabaseUnavailable(error)
          ? app.log.warn({ err: error }, `${what} failed: database unavailable`)
          : app.log.error({ err: error }, `${what} failed`),
    }),
  };
  // The server's start and the tests reach the sockets (the session check) through the app.
  app.decorate('realtime', deps.realtime);
  app.decorate('deps', deps);
  recordRouteTable(app);
  // Sockets close first: an open WebSocket would hold the HTTP server's close.
  app.addHook('preClose', () => deps.realtime.close());
  // Work started behind an answer (a stale billing run) ends before the database closes.
  app.addHook('onClose', () => deps.background.settled());
  // Reads waiting for their audit row are answered before the database closes.
  app.addHook('onClose', () => deps.audit.flush());

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Sentry when SENTRY_DSN is set: unexpected faults and a sample of requests, without patient data.
  const reporter = await startErrorReporting(config.errorReporting);
  reporter.instrument(app);
  registerErrorHandling(app, reporter);

  // First segments of every route (`clinic`, `api`, …): a miss under one of them is an API miss
  // and answers JSON; any other GET is a page of the single-page app.
  const apiSegments = new Set<string>();
  app.addHook('onRoute', (route) => {
    const segment = firstSegment(route.url);
    if (segment) {
      apiSegments.add(segment);
    }
  });

  await app.register(cookie);
  // JSON answers above 1 KB are compressed (a roster page is ~12 KB, a 90-day chart more) at a
  // brotli quality that costs well under a millisecond; built files come pre-compressed.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(cors, {
    delegator: async (request: FastifyRequest): Promise<FastifyCorsOptions> => {
      const origin = request.headers.origin;
      // The clinic application calls with the extension's bearer token only: no cookies, and
      // reads only, which is all the token may do (docs/extension-protocol.md).
      if (origin !== undefined && origin === config.clinicAppOrigin) {
        return { origin: true, credentials: false, methods: ['GET'] };
      }
      return {
        // Credentialed cross-origin calls only from the configured web origins (spec §7, README).
        origin: origin !== undefined && config.webOrigins.includes(origin),
        credentials: true,
        // A cross-origin web app reads Retry-After to say when to try again.
        exposedHeaders: ['Retry-After'],
        methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      };
    },
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'", ...config.webOrigins, ...errorReportOrigins(config)],
        // Session replay compresses its recording in a worker it makes from a blob.
        ...(config.webErrorReporting ? { workerSrc: ["'self'", 'blob:'] } : {}),
        // Said here rather than left to helmet's defaults, so an upgrade cannot loosen them.
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Nothing frames the app, its own pages included: no page can overlay it (clickjacking).
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    frameguard: { action: 'deny' },
    hsts: config.cookieSecure,
    // The clinic application opens the app in a window and talks to it (spec §4 handshake):
    // same-origin would cut that window off from its opener, so with a clinic origin configured
    // the app gives up that isolation, and only then (decision 027).
    crossOriginOpenerPolicy: { policy: config.clinicAppOrigin ? 'unsafe-none' : 'same-origin' },
  });

  // Every body is JSON (uploads go through tus, which reads its own): text/plain, which Fastify
  // would read as a string for the schema to refuse with a 400, is refused as what it is, 415.
  app.removeContentTypeParser('text/plain');

  // JSON is read strictly: bytes that are not UTF-8, and nesting no payload needs, are refused
  // before parsing, so nothing later walks a hostile shape or stores U+FFFD for what was sent.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const text = decodeUtf8(body as Buffer);
    if (text === null) {
      done(new AppError('bad_request', INVALID_UTF8_MESSAGE), undefined);
    } else if (jsonDepth(text) > MAX_JSON_DEPTH) {
      done(new AppError('bad_request', TOO_DEEP_MESSAGE), undefined);
    } else {
      void parseJson(request, text, done);
    }
  });

  // Before the schemas: a NUL or a lone surrogate would only fail later, inside PostgreSQL, as a
  // 500, or be stored as U+FFFD.
  app.addHook('preValidation', async (request) => {
    const fields = {
      ...unstorableTextFields(request.query),
      ...unstorableTextFields(request.params),
      ...unstorableTextFields(request.body),
    };
    if (Object.keys(fields).length > 0) {
      throw invalidInput(fields);
    }
  });

  // Answers carry patient data and sessions: no browser, proxy or shared computer keeps a copy.
  // Built files set their own caching (fastify-static, index.html) and keep it.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) {
      void reply.header('cache-control', 'no-store');
    }
  });

  app.decorateRequest('ctx', null as unknown as Ctx);
  app.addHook('onRequest', async (request) => {
    const meta = {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      deviceToken: request.cookies[DEVICE_COOKIE] ?? null,
    };
    request.ctx = { ...deps, caller: null, meta };
    // Uploads carry the ticket's signature instead of a session (http-security.ts says why the
    // CSRF check does not apply); skipping the session also spares a lookup per tus chunk.
    if (signatureAuthorised(request)) {
      return;
    }
    const bearer = bearerToken(request);
    const token = bearer ?? request.cookies[SESSION_COOKIE];
    if (!bearer) {
      checkCsrf(request, allowedOrigins(request, config.webOrigins, config.publicUrl));
    }
    if (!token) {
      return;
    }
    const session = await resolveSession(db, token, deps.clock.now(), {
      idleMinutes: config.sessionIdleMinutes,
      maxHours: config.sessionMaxHours,
    });
    if (session) {
      request.ctx.caller = {
        user: session.user,
        sessionKind: session.kind,
        via: bearer ? 'bearer' : 'cookie',
        sessionIdHash: session.idHash,
      };
    }
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Homestretch API',
        description: 'Every call of the product spec §7, plus the patient app API.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerAuthRoutes(app);
  registerUserRoutes(app);
  registerClinicRoutes(app);
  registerSupervisorRoutes(app);
  registerStaffRoutes(app);
  registerPatientRoutes(app);
  registerPatientSignupRoutes(app);
  registerIcd10Routes(app);
  registerHealthRoutes(app);
  registerPatientAppRoutes(app);
  registerLibraryRoutes(app);
  registerHepRoutes(app);
  registerTemplateRoutes(app);
  registerMonitoringRoutes(app);
  registerRecommendationRoutes(app);
  registerAnalyticsRoutes(app);
  registerTaskRoutes(app);
  registerVoiceRoutes(app);
  registerChatRoutes(app);
  registerBillingRoutes(app);
  registerReferralRoutes(app);
  const uploadsSettled = await registerUploadRoutes(app, deps, options.nodesDatabaseUrl);
  // Films still being read by ffmpeg finish before the database closes.
  app.addHook('onClose', uploadsSettled);
  registerPlaybackRoutes(app);
  if (config.devOutbox) {
    registerDevRoutes(app);
  }

  const webRoot = options.webRoot === undefined ? DEFAULT_WEB_ROOT : options.webRoot;
  await registerWebApp(
    app,
    webRoot && fs.existsSync(path.join(webRoot, 'index.html')) ? webRoot : null,
    apiSegments,
    webSettingsOf(config),
  );
  return app;
}

function firstSegment(url: string): string | undefined {
  return url.split('?')[0]?.split('/')[1] || undefined;
}

/** Vite names built files by their content hash: a changed file gets a new name. */
const HASHED_ASSETS = `${path.sep}assets${path.sep}`;

/**
 * The patient app (apps/web/app/index.html): its own page, so a patient's phone never loads the
 * staff app. Its service worker serves `/app` itself, one level above the worker's folder.
 */
const PATIENT_APP_SEGMENT = 'app';
const PATIENT_APP_WORKER = path.join(PATIENT_APP_SEGMENT, 'sw.js');

/**
 * Serves the single-page apps: built files by their paths (pre-compressed brotli or gzip when the
 * browser takes it; hashed assets cached for a year), then for any other GET a browser or `curl`
 * makes, the patient app's page under /app and index.html elsewhere (history-mode routers, spec
 * §2). A client asking only for JSON, and any miss under an API path, get the JSON 404.
 */
async function registerWebApp(
  app: FastifyInstance,
  webRoot: string | null,
  apiSegments: ReadonlySet<string>,
  settings: WebSettings,
): Promise<void> {
  const indexHtml = webRoot
    ? pageWithSettings(fs.readFileSync(path.join(webRoot, 'index.html')), settings)
    : null;
  const patientAppFile = webRoot && path.join(webRoot, PATIENT_APP_SEGMENT, 'index.html');
  const patientAppHtml =
    patientAppFile && fs.existsSync(patientAppFile)
      ? pageWithSettings(fs.readFileSync(patientAppFile), settings)
      : null;
  if (webRoot) {
    // wildcard: false registers one route per built file at start-up: no disk lookups per request.
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The pages are served with this deployment's settings, by the not-found handler below.
      allowedPath: (pathName) => !pathName.endsWith('index.html'),
      preCompressed: true,
      cacheControl: false,
      setHeaders: (response, filePath) => {
        void response.header(
          'cache-control',
          filePath.includes(HASHED_ASSETS) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // The pre-compressed copy is the file sent as often as the worker itself.
        if (filePath.replace(/\.(br|gz)$/, '').endsWith(PATIENT_APP_WORKER)) {
          void response.header('service-worker-allowed', `/${PATIENT_APP_SEGMENT}`);
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const segment = firstSegment(request.url);
    const patientApp = segment === PATIENT_APP_SEGMENT;
    // The patient app's built files (its worker, manifest, icons) put its segment among the
    // routes' too; it is a page all the same.
    const wantsPage =
      request.method === 'GET' &&
      (patientApp ||
        !(segment && apiSegments.has(segment)) ||
        isPageBesideApi(request.url.split('?')[0] ?? '')) &&
      acceptsHtml(request.headers.accept);
    const page = patientApp ? patientAppHtml : indexHtml;
    if (page && wantsPage) {
      const early = patientApp ? null : earlyDataLink(request.url);
      if (early) {
        void reply.header('link', early);
      }
      return reply.type('text/html').header('cache-control', 'no-cache').send(page);
    }
    return reply
      .status(404)
      .send(errorBody('not_found', `No endpoint ${request.method} ${request.url.split('?')[0]}`));
  });
}

/**
 * What the staff screen at `url` cannot paint without, as a Link header: the browser asks for it
 * while the page's scripts download, and the app's fetches take the answers (issue 29). The
 * patient app's page names its own (apps/web/build/early-requests.ts).
 */
function earlyDataLink(url: string): string | null {
  const early = earlyDataOf(url.split('?')[0] ?? '/');
  return early.length > 0
    ? early
        .map((path) => `<${path}>; rel=preload; as=fetch; crossorigin=use-credentials`)
        .join(', ')
    : null;
}

/**
 * Pages of spec §2 whose first segment the API shares: `/chat` and `/chat/:id/messages` beside
 * `GET /chat/message` and the other chat calls of spec §7; and the page's own file, whose route
 * the built files register but which is served here, with the settings.
 */
const PAGES_BESIDE_API = [/^\/chat\/?$/, /^\/chat\/[^/]+\/messages\/?$/, /^\/index\.html$/];

function isPageBesideApi(path: string): boolean {
  return PAGES_BESIDE_API.some((page) => page.test(path));
}

/** A browser asks for text/html; curl and many tools for anything; an API client for JSON only. */
function acceptsHtml(accept: string | undefined): boolean {
  return !accept || /text\/html|\*\/\*/.test(accept);
}
