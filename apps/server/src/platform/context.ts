import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { AuditTrail, RequestMeta } from './audit';
import type { Clock } from './clock';
import { AppError } from './errors';
import type { FileStorage } from './file-storage';
import type { BackgroundWork } from './jobs';
import type { Mailer } from './mail';
import type { Limits } from './rate-limit';
import type { Realtime } from './realtime';
import type { SmsSender } from './sms';
import type { Caller } from './sessions';
import type { VoiceProvider } from './voice';

/** What the app is built from; tests pass their own clock, mailer, SMS sender, voice and limits. */
export interface AppDeps {
  db: Db;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  sms: SmsSender;
  /** Phone calls to patients: Twilio, or the simulator (platform/voice.ts). */
  voice: VoiceProvider;
  limits: Limits;
  log: FastifyBaseLogger;
  /** Read audits, written in groups (platform/audit.ts). */
  audit: AuditTrail;
  /** Films and posters: DATA_DIR, or S3 when configured (platform/file-storage.ts). */
  files: FileStorage;
  /** Socket.IO: what is stored is then told to the people it concerns (platform/realtime.ts). */
  realtime: Realtime;
  /** Work a request starts behind its answer; the app's close waits for it (platform/jobs.ts). */
  background: BackgroundWork;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What requests' contexts are made of; socket events make theirs from it too. */
    deps: AppDeps;
  }
}

/** What a service receives: the deps, who is calling and from where. Never HTTP objects. */
export interface Ctx extends AppDeps {
  caller: Caller | null;
  meta: RequestMeta;
}

export interface AuthedCtx extends Ctx {
  caller: Caller;
}

export interface ClinicScope {
  clinicId: number;
}

/**
 * The caller's clinic, which every repo query filters on. A caller without a clinic reaches no
 * clinic data at all (fails closed).
 */
export function clinicScope(ctx: AuthedCtx): ClinicScope {
  const clinicId = ctx.caller.user.clinicId;
  if (clinicId === null) {
    throw new AppError('not_found', 'No clinic is linked to this account');
  }
  return { clinicId };
}

/** The time zone of the caller's clinic, which came with the session; days are counted in it. */
export function clinicTimeZone(ctx: AuthedCtx): string {
  return ctx.caller.user.clinicTimeZone ?? 'UTC';
}
