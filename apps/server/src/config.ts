import path from 'node:path';
import { z } from 'zod';
import { TUS_UPLOAD_PATH } from '@homestretch/contract/library/create-upload';
import { BUILD_RELEASE } from './platform/release';

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'], {
    error: 'Use on/off (or true/false, 1/0)',
  })
  .transform((value) => ['1', 'true', 'on', 'yes'].includes(value));

const positiveInt = (fallback: number) =>
  z.coerce.number().int('Must be a whole number').positive('Must be positive').default(fallback);

const urlList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((origin) => origin.trim().replace(/\/$/, ''))
      .filter(Boolean),
  )
  .pipe(z.array(z.string().url('Each origin must be a full URL like https://app.example.com')));

/** An http(s) origin and nothing more: the handshake compares it with MessageEvent.origin. */
function isWebOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.origin === value;
  } catch {
    return false;
  }
}

/**
 * Every setting of the server, read from the environment and checked at start-up.
 * The README's configuration table lists the same variables; keep them together.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(
      /^postgres(ql)?:\/\//,
      'Must start with postgres:// (unset it to use the embedded database)',
    )
    .optional(),
  WEB_ORIGINS: urlList,
  CLINIC_APP_ORIGIN: z
    .string()
    .trim()
    .transform((value) => value.replace(/\/$/, ''))
    .refine(isWebOrigin, 'Must be an origin like https://clinic.example.com (no path)')
    .optional(),
  PUBLIC_URL: z.string().url('Must be a full URL like https://clinic.example.com').optional(),
  PATIENT_APP_URL: z
    .string()
    .url('Must be a full URL like https://apps.apple.com/app/homestretch')
    .optional(),
  SESSION_IDLE_MINUTES: positiveInt(30),
  SESSION_MAX_HOURS: positiveInt(12),
  SOCKETS_PER_SESSION: positiveInt(20),
  DEMO_SEED: flag.optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'Must start with smtp:// or smtps://')
    .optional(),
  DEV_OUTBOX: flag.default(false),
  MAIL_FROM: z.string().min(3).default('Homestretch <no-reply@homestretch.test>'),
  COOKIE_SECURE: flag.optional(),
  COOKIE_SAMESITE: z
    .enum(['lax', 'strict', 'none'], { error: 'Use lax, strict or none' })
    .default('lax'),
  TRUST_PROXY: flag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** A clinic's contracted RTM rates instead of the shipped Medicare amounts (billing/fee-schedule.ts). */
  RTM_FEE_SCHEDULE: z.string().trim().min(1).optional(),
  SENTRY_DSN: z
    .string()
    .url('Must be the DSN Sentry shows, like https://key@o1.ingest.sentry.io/2')
    .optional(),
  SENTRY_WEB_DSN: z
    .string()
    .url(
      'Must be the DSN Sentry shows for the browser project, like https://key@o1.ingest.sentry.io/3',
    )
    .optional(),
  SENTRY_ENVIRONMENT: z.string().min(1).optional(),
  SENTRY_RELEASE: z.string().min(1).optional(),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'Must be a Twilio Account SID: AC followed by 32 hex digits')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16, 'Must be the Twilio auth token').optional(),
  TWILIO_FROM: z
    .string()
    .regex(
      /^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/,
      'Must be a phone number like +15551234567 or a Messaging Service SID (MG…)',
    )
    .optional(),
  VIDEO_SIGNING_KEY: z
    .string()
    .min(16, "Must be at least 16 characters (the video host's API key, or a long random string)")
    .optional(),
  VIDEO_LIBRARY_ID: z.string().trim().min(1).default('1'),
  VIDEO_UPLOAD_URL: z
    .string()
    .url('Must be a full URL like https://video.bunnycdn.com/tusupload')
    .optional(),
  UPLOAD_MAX_BYTES: positiveInt(500 * 1024 * 1024),
  S3_ENDPOINT: z
    .string()
    .url('Must be a full URL like https://s3.eu-west-1.amazonaws.com')
    .optional(),
  S3_BUCKET: z.string().min(3, 'Must be a bucket name').optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
});

const TWILIO_VARIABLES = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const;

const S3_VARIABLES = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** Names the variables of a set that must come together and are missing. */
function requireTogether(
  env: z.output<typeof EnvSchema>,
  context: z.RefinementCtx,
  names: readonly (keyof z.output<typeof EnvSchema>)[],
  what: string,
): void {
  const set = names.filter((name) => env[name] !== undefined);
  if (set.length > 0 && set.length < names.length) {
    for (const name of names.filter((variable) => env[variable] === undefined)) {
      context.addIssue({
        code: 'custom',
        path: [name],
        message: `Required when ${set.join(' and ')} ${set.length === 1 ? 'is' : 'are'} set (${what})`,
      });
    }
  }
}

const cookieSecure = (env: z.output<typeof EnvSchema>) =>
  env.COOKIE_SECURE ?? env.NODE_ENV === 'production';

/** The rules that tie variables together. */
const CheckedEnvSchema = EnvSchema.superRefine((env, context) => {
  // Browsers drop a SameSite=None cookie that is not Secure: signing in would seem to work and
  // every next call would answer 401. Better to stop at start-up (docs/decisions/005).
  if (env.COOKIE_SAMESITE === 'none' && !cookieSecure(env)) {
    context.addIssue({
      code: 'custom',
      path: ['COOKIE_SAMESITE'],
      message: 'none needs Secure cookies: set COOKIE_SECURE=on and serve over HTTPS',
    });
  }
  // The outbox holds reset links and sign-in codes: in production it must not exist at all.
  if (env.DEV_OUTBOX && env.NODE_ENV === 'production') {
    context.addIssue({
      code: 'custom',
      path: ['DEV_OUTBOX'],
      message: 'The outbox is never served in production: unset DEV_OUTBOX (and set SMTP_URL)',
    });
  }
  // SMS goes through Twilio only with all three settings; a partial set is a mistake, not a default.
  requireTogether(env, context, TWILIO_VARIABLES, 'Twilio SMS needs all three');
  requireTogether(env, context, S3_VARIABLES, 'S3 storage needs the bucket and both keys');
  // A hosted video service checks the tus signature with its own API key: ours must be that key.
  if (env.VIDEO_UPLOAD_URL && !env.VIDEO_SIGNING_KEY) {
    context.addIssue({
      code: 'custom',
      path: ['VIDEO_SIGNING_KEY'],
      message: "Required when VIDEO_UPLOAD_URL is set: the video host's API key",
    });
  }
});

/** Where and as what the server reports its faults (SENTRY_* settings); null: not at all. */
export interface ErrorReportingConfig {
  dsn: string;
  environment: string;
  release: string;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  webOrigins: string[];
  /**
   * The clinic application trusted with the browser-extension handshake (spec §4, docs/
   * extension-protocol.md); null turns the bridge off: the web app never listens.
   */
  clinicAppOrigin: string | null;
  publicUrl: string;
  /** Where patients get the app; app reminders link to it when set. */
  patientAppUrl: string | undefined;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  /**
   * Sockets one session may hold open on one node: a tab holds one, so this is a person's tabs
   * and windows with room to spare, far below what a script opening sockets in a loop reaches.
   */
  socketsPerSession: number;
  demoSeed: boolean;
  smtpUrl: string | undefined;
  /**
   * Serve /dev/outbox (mail and texts kept because no provider is set): only when asked for,
   * never in production, and then only to this machine or a clinic's admin (dev/outbox-access.ts).
   */
  devOutbox: boolean;
  mailFrom: string;
  cookieSecure: boolean;
  /** The session cookie's SameSite; `none` (always with cookieSecure) for a web app on another site. */
  cookieSameSite: 'lax' | 'strict' | 'none';
  trustProxy: boolean;
  logLevel: string;
  /** RTM_FEE_SCHEDULE: the fee schedule file; null is the shipped one. */
  rtmFeeSchedule: string | null;
  /** Sentry for the server's unexpected faults when SENTRY_DSN is set; null: off. */
  errorReporting: ErrorReportingConfig | null;
  /** Sentry for the web apps when SENTRY_WEB_DSN is set, handed to them in their pages. */
  webErrorReporting: ErrorReportingConfig | null;
  /** Twilio SMS when configured; texts go to the outbox otherwise. */
  twilio: { accountSid: string; authToken: string; from: string } | null;
  video: VideoConfig;
  /** S3-compatible storage for uploads, posters and films; files stay under DATA_DIR when null. */
  s3: S3Config | null;
}

export interface VideoConfig {
  /**
   * The secret of the tus upload signature (docs/decisions/019). Unset: tests use a fixed key;
   * anywhere else the server makes one and keeps it in DATA_DIR (platform/video-signing-key.ts),
   * so several app nodes, or a hosted video service, need it set to the same value.
   */
  signingKey: string | undefined;
  libraryId: string;
  /** Where browsers send tus uploads: a hosted service's endpoint, or this server's own. */
  uploadUrl: string;
  maxUploadBytes: number;
}

export interface S3Config {
  endpoint: string | undefined;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export class ConfigError extends Error {}

/** One Sentry project's settings; the environment and release are the deployment's. */
function errorReporting(
  dsn: string | undefined,
  e: { NODE_ENV: string; SENTRY_ENVIRONMENT?: string; SENTRY_RELEASE?: string },
): ErrorReportingConfig | null {
  return dsn
    ? {
        dsn,
        environment: e.SENTRY_ENVIRONMENT ?? e.NODE_ENV,
        release: e.SENTRY_RELEASE ?? BUILD_RELEASE,
      }
    : null;
}

/**
 * Parses the environment. A bad value throws ConfigError naming the variable, so start-up stops
 * with a message a person can act on. Relative DATA_DIR is taken from where `npm` was invoked.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = CheckedEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const baseDir = env.INIT_CWD ?? process.cwd();
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(baseDir, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    webOrigins: e.WEB_ORIGINS,
    clinicAppOrigin: e.CLINIC_APP_ORIGIN ?? null,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    patientAppUrl: e.PATIENT_APP_URL,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionMaxHours: e.SESSION_MAX_HOURS,
    socketsPerSession: e.SOCKETS_PER_SESSION,
    // Demo data is the embedded default's; a real PostgreSQL deployment starts empty, and so does
    // any production one: the demo accounts share a public password.
    demoSeed: e.DEMO_SEED ?? (e.DATABASE_URL === undefined && e.NODE_ENV !== 'production'),
    smtpUrl: e.SMTP_URL,
    devOutbox: e.DEV_OUTBOX,
    mailFrom: e.MAIL_FROM,
    cookieSecure: cookieSecure(e),
    cookieSameSite: e.COOKIE_SAMESITE,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    rtmFeeSchedule: e.RTM_FEE_SCHEDULE ?? null,
    errorReporting: errorReporting(e.SENTRY_DSN, e),
    webErrorReporting: errorReporting(e.SENTRY_WEB_DSN, e),
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.TWILIO_FROM }
        : null,
    video: {
      signingKey:
        e.VIDEO_SIGNING_KEY ?? (e.NODE_ENV === 'test' ? TEST_VIDEO_SIGNING_KEY : undefined),
      libraryId: e.VIDEO_LIBRARY_ID,
      uploadUrl: e.VIDEO_UPLOAD_URL ?? TUS_UPLOAD_PATH,
      maxUploadBytes: e.UPLOAD_MAX_BYTES,
    },
    s3:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            region: e.S3_REGION,
          }
        : null,
  };
}

/** Only ever used with NODE_ENV=test: tests sign tickets they can predict. */
const TEST_VIDEO_SIGNING_KEY = 'homestretch-test-video-signing-key';
