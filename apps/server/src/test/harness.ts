/**
 * Test harness for server integration tests (`*.int.test.ts`): the real Fastify app on a real
 * database (a PGlite clone per test worker, or with TEST_ENGINE=postgres the worker's own
 * PostgreSQL database, cloned from TEST_DATABASE_URL).
 * Tests isolate themselves by creating their own clinic and users with unique names.
 */
import fs from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type Database, type Db, openPglite, openPostgres } from '../db/client';
import { clinics, patients, patientTherapists, users } from '../db/schema';
import type { ApprovalStatus, Role } from '@homestretch/contract/common/enums';
import { AppError } from '../platform/errors';
import type { MailMessage, Mailer } from '../platform/mail';
import { hashPassword } from '../platform/passwords';
import { DEFAULT_LIMITS, type Limits } from '../platform/rate-limit';
import { patientSearchColumns } from '../features/patients/patients.api';
import { withAccountSearch } from '../features/users/users.api';
import { createSession } from '../platform/sessions';
import type { SmsMessage, SmsSender } from '../platform/sms';
import { catalogueLogger } from './statement-catalogue';
import { postgresTestUrl } from './test-engine';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    /** A folder with the bundled server: main.js, admin.js and rtm.js (global-setup.ts). */
    serverBundle: string;
  }
}

export const TEST_PASSWORD = 'Correct-horse-42';

/** A clock tests move by hand. */
export class TestClock {
  private current: number;
  constructor(start = new Date('2026-11-02T15:00:00Z')) {
    this.current = start.getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

let shared: Promise<Database> | undefined;

/**
 * One database per test worker, shared by the files it runs one after another (vitest.config.ts:
 * no isolation); closed by the process exit.
 */
export function testDatabase(): Promise<Database> {
  shared ??= (async () => {
    const url = postgresTestUrl();
    const database = url
      ? await openPostgres(url)
      : await openPglite({
          loadDataDir: new Blob([await fs.readFile(inject('pgliteDump'))]),
          logger: catalogueLogger(),
        });
    return {
      ...database,
      close: () => {
        throw new Error("The worker's test database is shared by its files: leave it open");
      },
    };
  })();
  return shared;
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/unused',
    ...overrides,
  });
}

/** Captures mail instead of sending it, for tests that read the link out of a message. */
export class CapturingMailer implements Mailer {
  readonly transport = 'outbox' as const;
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }
}

/** Captures text messages (OTP codes, app reminders) instead of sending them. */
export class CapturingSms implements SmsSender {
  readonly transport = 'outbox' as const;
  readonly sent: SmsMessage[] = [];
  /** Set to make the next send fail the way an unreachable provider does. */
  failNext = false;
  async send(message: SmsMessage): Promise<void> {
    if (this.failNext) {
      this.failNext = false;
      throw new AppError('service_unavailable', 'The text message could not be sent.');
    }
    this.sent.push(message);
  }
  /** The last text sent to a number. */
  lastTo(phone: string): SmsMessage | undefined {
    return this.sent.filter((message) => message.to === phone).at(-1);
  }
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  clock: TestClock;
  mailer: CapturingMailer;
  sms: CapturingSms;
  config: Config;
  close(): Promise<void>;
}

/** Generous per-IP limits: every test shares 127.0.0.1; rate-limit tests pass their own. */
const TEST_LIMITS: Limits = {
  ...DEFAULT_LIMITS,
  signInPerIp: { max: 100_000, windowMs: 60_000 },
  resetPerIp: { max: 100_000, windowMs: 60_000 },
  resetCheckPerIp: { max: 100_000, windowMs: 60_000 },
  checkCodePerIp: { max: 100_000, windowMs: 60_000 },
  signUpPerIp: { max: 100_000, windowMs: 60_000 },
  otpPerIp: { max: 100_000, windowMs: 60_000 },
  otpVerifyPerIp: { max: 100_000, windowMs: 60_000 },
  qrRegistrationPerIp: { max: 100_000, windowMs: 60_000 },
};

export async function createTestApp(
  options: {
    limits?: Partial<Limits>;
    env?: Record<string, string>;
    /** A built web app to serve; none by default. */
    webRoot?: string;
    /**
     * On PostgreSQL, apps share it as server nodes do: Socket.IO events go between them, and
     * upload locks are held in it.
     */
    betweenNodes?: boolean;
  } = {},
): Promise<TestApp> {
  const database = await testDatabase();
  const clock = new TestClock();
  const mailer = new CapturingMailer();
  const sms = new CapturingSms();
  const config = testConfig(options.env);
  const app = await buildApp({
    db: database.db,
    config,
    clock,
    mailer,
    sms,
    limits: { ...TEST_LIMITS, ...options.limits },
    logger: false,
    webRoot: options.webRoot ?? null,
    nodesDatabaseUrl: options.betweenNodes ? postgresTestUrl() : undefined,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    clock,
    mailer,
    sms,
    config,
    close: async () => {
      await app.close();
    },
  };
}

/**
 * The app a test file shares, the set-up every integration file wrote by hand: built before the
 * file's first test, closed after its last. Its fields are the built app's, read inside a test
 * (or a later hook).
 */
export function testAppForFile(options: Parameters<typeof createTestApp>[0] = {}): TestApp {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await createTestApp(options);
  });
  afterAll(() => built?.close());
  const live = (): TestApp => {
    if (!built) {
      throw new Error('The file’s test app is built in beforeAll: use it inside a test or hook');
    }
    return built;
  };
  const fields = ['app', 'db', 'clock', 'mailer', 'sms', 'config'] as const;
  return Object.defineProperties(
    { close: () => live().close() },
    Object.fromEntries(
      fields.map((field) => [field, { get: () => live()[field], enumerable: true }]),
    ),
  ) as TestApp;
}

export const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

export async function createClinic(db: Db, values: Partial<typeof clinics.$inferInsert> = {}) {
  const code = values.code ?? `T${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;
  const [clinic] = await db
    .insert(clinics)
    .values({ name: `Clinic ${code}`, ...values, code })
    .returning();
  if (!clinic) {
    throw new Error('clinic not created');
  }
  return clinic;
}

let passwordHash: Promise<string> | undefined;

export async function createUser(
  db: Db,
  values: {
    clinicId: number | null;
    role: Role;
    email?: string;
    firstName?: string;
    lastName?: string;
    approvalStatus?: ApprovalStatus;
  },
) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const [user] = await db
    .insert(users)
    .values(
      withAccountSearch({
        clinicId: values.clinicId,
        role: values.role,
        email: values.email ?? `${unique(values.role)}@test.homestretch.test`,
        firstName: values.firstName ?? 'Test',
        lastName: values.lastName ?? values.role,
        approvalStatus: values.approvalStatus ?? 'approved',
        passwordHash: await passwordHash,
      }),
    )
    .returning();
  if (!user) {
    throw new Error('user not created');
  }
  return user;
}

/** A signed-in cookie for a user without going through the rate-limited sign-in door. */
export async function sessionCookie(t: TestApp, userId: number): Promise<string> {
  const { token } = await createSession(t.db, {
    userId,
    kind: 'web',
    now: t.clock.now(),
    lifetimeMs: t.config.sessionMaxHours * 3_600_000,
  });
  return `hs_session=${token}`;
}

/** The session cookie a sign-in (or sign-up) answer set, ready to send back. */
export function cookieOf(response: { cookies: { name: string; value: string }[] }): string {
  const cookie = response.cookies.find((c) => c.name === 'hs_session');
  if (!cookie) {
    throw new Error('no session cookie');
  }
  return `hs_session=${cookie.value}`;
}

/** A clinic with one user of each staff role, signed in. */
export async function clinicWithStaff(t: TestApp) {
  const clinic = await createClinic(t.db);
  const roles = ['admin', 'therapist', 'remote_therapist', 'manager', 'supervisor'] as const;
  const entries = await Promise.all(
    roles.map(async (role) => {
      const user = await createUser(t.db, { clinicId: clinic.id, role });
      return [role, { user, cookie: await sessionCookie(t, user.id) }] as const;
    }),
  );
  return {
    clinic,
    staff: Object.fromEntries(entries) as Record<
      (typeof roles)[number],
      { user: typeof users.$inferSelect; cookie: string }
    >,
  };
}

/** A patient of a clinic, straight into the database, optionally treated by the given staff. */
export async function createPatient(
  db: Db,
  values: Partial<typeof patients.$inferInsert> & { clinicId: number },
  therapistIds: number[] = [],
) {
  const firstName = values.firstName ?? 'Pat';
  const lastName = values.lastName ?? unique('Patient');
  const [patient] = await db
    .insert(patients)
    .values({
      ...values,
      firstName,
      lastName,
      ...patientSearchColumns({ ...values, firstName, lastName }),
    })
    .returning();
  if (!patient) {
    throw new Error('patient not created');
  }
  if (therapistIds.length > 0) {
    await db.insert(patientTherapists).values(
      therapistIds.map((userId) => ({
        clinicId: values.clinicId,
        patientId: patient.id,
        userId,
      })),
    );
  }
  return patient;
}

export function json<T = unknown>(response: LightMyRequestResponse): T {
  return response.json() as T;
}

export function call(t: TestApp, options: InjectOptions & { cookie?: string }) {
  const { cookie, headers, ...rest } = options;
  return t.app.inject({ ...rest, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
}

/** The sign-up link mailed to an address: its id and token, as the web page reads them. */
export function signUpLinkTo(t: TestApp, email: string): { signup: string; token: string } {
  const mail = t.mailer.sent.findLast((message) => message.to === email.toLowerCase());
  const match = /\/therapist-signup\?signup=(\d+)&token=([\w%-]+)/.exec(mail?.text ?? '');
  if (!match?.[1] || !match[2]) {
    throw new Error(`no sign-up link mailed to ${email}`);
  }
  return { signup: match[1], token: decodeURIComponent(match[2]) };
}

/** A staff sign-up through both steps: the request (202) and the mailed link (201, signed in). */
export async function signUpAndConfirm(t: TestApp, payload: Record<string, unknown>) {
  const requested = await call(t, { method: 'POST', url: '/clinic/therapist/signup', payload });
  if (requested.statusCode !== 202) {
    throw new Error(`sign-up answered ${requested.statusCode}: ${requested.body}`);
  }
  return call(t, {
    method: 'POST',
    url: '/clinic/therapist/signup/confirm',
    payload: signUpLinkTo(t, String(payload.email)),
  });
}
