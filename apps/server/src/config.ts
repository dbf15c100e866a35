import path from 'node:path';
import { z } from 'zod';

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
  PUBLIC_URL: z.string().url('Must be a full URL like https://clinic.example.com').optional(),
  PATIENT_APP_URL: z
    .string()
    .url('Must be a full URL like https://apps.apple.com/app/homestretch')
    .optional(),
  SESSION_IDLE_MINUTES: positiveInt(30),
  SESSION_MAX_HOURS: positiveInt(12),
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
});

const TWILIO_VARIABLES = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const;

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
  const set = TWILIO_VARIABLES.filter((name) => env[name] !== undefined);
  if (set.length > 0 && set.length < TWILIO_VARIABLES.length) {
    for (const name of TWILIO_VARIABLES.filter((variable) => env[variable] === undefined)) {
      context.addIssue({
        code: 'custom',
        path: [name],
        message: `Required when ${set.join(' and ')} ${set.length === 1 ? 'is' : 'are'} set (Twilio SMS needs all three)`,
      });
    }
  }
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  webOrigins: string[];
  publicUrl: string;
  /** Where patients get the app; app reminders link to it when set. */
  patientAppUrl: string | undefined;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
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
  /** Twilio SMS when configured; texts go to the outbox otherwise. */
  twilio: { accountSid: string; authToken: string; from: string } | null;
}

export class ConfigError extends Error {}

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
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    patientAppUrl: e.PATIENT_APP_URL,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionMaxHours: e.SESSION_MAX_HOURS,
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
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.TWILIO_FROM }
        : null,
  };
}
