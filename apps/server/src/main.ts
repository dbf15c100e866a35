import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { FeeScheduleError, feeSchedule } from './features/billing/billing.api';
import { openDatabase } from './db/client';
import { sweepAbandonedSessions } from './features/monitoring/monitoring.api';
import { refreshPatientSearch } from './features/patients/patients.api';
import { TASK_JOB_EVERY_MS, runTaskJob } from './features/tasks/tasks.api';
import { refreshAccountSearch } from './features/users/users.api';
import { isDatabaseUnavailable } from './platform/db-errors';
import { PURGE_EVERY_MS, purgeExpired } from './platform/purge';
import { seedDemo } from './seed/demo-seed';
import { loadExerciseCatalogue } from './features/library/library.api';
import { loadShippedTemplates } from './features/templates/templates.api';
import { loadIcd10Codes } from './seed/icd10';

/** Every minute: monitoring sessions left open (a killed tab) are closed at their last save. */
const SWEEP_EVERY_MS = 60_000;
/** Daily: the embedded database's vacuum and statistics (Database.maintain). */
const MAINTAIN_EVERY_MS = 24 * 60 * 60_000;

/** The only place that listens (STYLE.md): config → database → migrations → data → HTTP. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
    // A bad RTM_FEE_SCHEDULE file stops the start, not the first billing request.
    feeSchedule(config.rtmFeeSchedule);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof FeeScheduleError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase(config);
  await database.migrate();
  const app = await buildApp({
    db: database.db,
    config,
    nodesDatabaseUrl: database.kind === 'postgres' ? config.databaseUrl : undefined,
  });
  const refreshed = await refreshPatientSearch(database.db);
  if (refreshed > 0) {
    app.log.info(`Search words computed for ${refreshed} patients`);
  }
  const accounts = await refreshAccountSearch(database.db);
  if (accounts > 0) {
    app.log.info(`Search words computed for ${accounts} accounts`);
  }
  await loadIcd10Codes(database.db);
  await loadExerciseCatalogue(database.db);
  await loadShippedTemplates(database.db);
  if (config.demoSeed) {
    await seedDemo(database.db, {
      now: new Date(),
      log: (message: string) => app.log.warn(message),
    });
  }

  const purge = () =>
    purgeExpired(database.db, new Date(), { sessionIdleMinutes: config.sessionIdleMinutes }).catch(
      (error: unknown) => logFailure(app.log, error, 'purge of expired rows failed'),
    );
  void purge();
  const purgeTimer = setInterval(() => void purge(), PURGE_EVERY_MS);
  // Every node runs the task job; its advisory lock lets one at a time make the tasks.
  const makeTasks = () =>
    runTaskJob(database.db, new Date()).catch((error: unknown) =>
      logFailure(app.log, error, 'task job failed'),
    );
  void makeTasks();
  const taskTimer = setInterval(() => void makeTasks(), TASK_JOB_EVERY_MS);
  const sweep = () =>
    sweepAbandonedSessions(database.db, new Date()).catch((error: unknown) =>
      logFailure(app.log, error, 'closing abandoned monitoring sessions failed'),
    );
  void sweep();
  const sweepTimer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
  const maintain = () =>
    database
      .maintain()
      .catch((error: unknown) => logFailure(app.log, error, 'database maintenance failed'));
  const maintenanceTimer = setInterval(() => void maintain(), MAINTAIN_EVERY_MS);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      return;
    }
    closing = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(purgeTimer);
    clearInterval(taskTimer);
    clearInterval(sweepTimer);
    clearInterval(maintenanceTimer);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  // After listening: the first statistics of a new embedded database are a second or two away.
  void maintain();
  app.log.info(
    `Homestretch is running on ${config.publicUrl} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
  );
  const outboxNotice = outboxStartNotice(config);
  if (outboxNotice) {
    app.log.warn(outboxNotice);
  }
}

/**
 * A job's failure: a warning while the database is away (a restart; the next run catches up),
 * an error otherwise.
 */
function logFailure(log: FastifyBaseLogger, error: unknown, what: string): void {
  if (isDatabaseUnavailable(error)) {
    log.warn({ err: error }, `${what}: database unavailable`);
  } else {
    log.error({ err: error }, what);
  }
}

/** Where mail and texts without a provider go, and who can read them (security finding 1). */
function outboxStartNotice(config: Config): string | null {
  const kept = [config.smtpUrl ? null : 'e-mail', config.twilio ? null : 'text messages'].filter(
    Boolean,
  );
  if (kept.length === 0) {
    return null;
  }
  const what = kept.join(' and ');
  return config.devOutbox
    ? `Outbox: ${what} are kept at ${config.publicUrl}/dev/outbox, readable from this machine only (not through a proxy) and by each clinic's signed-in admin for that clinic's messages`
    : `Outbox: ${what} are kept in the database and not sent (no SMTP_URL / TWILIO_*); set DEV_OUTBOX=on to read them at ${config.publicUrl}/dev/outbox from this machine`;
}

void main();
