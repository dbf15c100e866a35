/**
 * npm run admin -- <command> [--options]   (README: Administration)
 *   create-clinic  --code CODE --name "Name" [--time-zone America/Chicago]
 *   create-user    --clinic CODE --email a@b.c --role therapist --first-name A --last-name B [--password P]
 *   reset-password --email a@b.c [--password P]
 *   approval-roles --clinic CODE --roles remote_therapist[,therapist]
 *   backup         --file PATH
 *   restore        --file PATH
 * Without --password a strong one is generated and printed once.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import {
  AdminError,
  backup,
  createClinic,
  createUser,
  resetPassword,
  restore,
  setApprovalRoles,
} from '../features/admin/admin.api';

const USAGE = `Usage: npm run admin -- <command> [options]

  create-clinic   --code CODE --name "Clinic name" [--time-zone America/New_York]
  create-user     --clinic CODE --email EMAIL --role ROLE --first-name NAME --last-name NAME [--password PASSWORD]
                  ROLE is one of admin, therapist, remote_therapist, manager, supervisor, patient
  reset-password  --email EMAIL [--password PASSWORD]
  approval-roles  --clinic CODE --roles ROLES
                  Whose program changes wait for a supervisor: remote_therapist (the default),
                  therapist, both comma-separated, or "" for none
  backup          --file PATH   A consistent copy of the database in one new file
  restore         --file PATH   Fills an empty database from a backup

Without --password a strong password is generated and printed once.
Uses the same DATABASE_URL / DATA_DIR as the server. With the embedded database, stop the
server first: only one process may have DATA_DIR open. PostgreSQL needs pg_dump and pg_restore.`;

const OPTIONS = {
  code: { type: 'string' },
  name: { type: 'string' },
  'time-zone': { type: 'string' },
  clinic: { type: 'string' },
  email: { type: 'string' },
  role: { type: 'string' },
  'first-name': { type: 'string' },
  'last-name': { type: 'string' },
  password: { type: 'string' },
  file: { type: 'string' },
  roles: { type: 'string' },
  help: { type: 'boolean' },
} as const;

/** --first-name → first_name, dropping options that were not given. */
export function toInput(
  values: Record<string, string | boolean | undefined>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([key, value]) => [key.replaceAll('-', '_'), value]),
  );
}

function requireFile(file: string | boolean | undefined): string {
  if (typeof file !== 'string' || file.trim() === '') {
    throw new AdminError('--file: give the path of the backup file');
  }
  return file;
}

const where = (config: { databaseUrl?: string | undefined; dataDir: string }) =>
  config.databaseUrl
    ? 'the PostgreSQL database of DATABASE_URL'
    : `the embedded database in ${config.dataDir}`;

const describe = (result: { engine: string; bytes: number }) =>
  `${(result.bytes / 1_048_576).toFixed(1)} MB, ${result.engine === 'pglite' ? 'embedded database' : 'PostgreSQL'}`;

async function run(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    options: OPTIONS,
    allowPositionals: true,
    strict: true,
  });
  const [command] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  const config = loadConfig();
  if (command === 'restore') {
    const file = requireFile(values.file);
    const kind = config.databaseUrl ? 'postgres' : 'pglite';
    const result = await restore(
      { kind, dataDir: config.dataDir, databaseUrl: config.databaseUrl },
      file,
    );
    console.log(`Restored ${describe(result)} from ${file} into ${where(config)}.`);
    return 0;
  }
  const database = await openDatabase(config);
  try {
    if (command === 'backup') {
      const file = requireFile(values.file);
      const result = await backup({ database, databaseUrl: config.databaseUrl }, file);
      console.log(`Backed up ${where(config)} to ${file}: ${describe(result)}.`);
      return 0;
    }
    await database.migrate();
    const input = toInput(values);
    switch (command) {
      case 'create-clinic': {
        const clinic = await createClinic(database.db, input);
        console.log(`Created clinic ${clinic.name} with code ${clinic.code} (${clinic.timeZone}).`);
        return 0;
      }
      case 'create-user': {
        const { user, password, generated } = await createUser(database.db, input);
        console.log(`Created ${user.role} ${user.email} (id ${user.id}).`);
        if (generated) {
          console.log(`Password (shown once): ${password}`);
        }
        return 0;
      }
      case 'reset-password': {
        const result = await resetPassword(database.db, input);
        console.log(`Password reset for ${result.email}; their sessions were ended.`);
        if (result.generated) {
          console.log(`New password (shown once): ${result.password}`);
        }
        return 0;
      }
      case 'approval-roles': {
        const result = await setApprovalRoles(database.db, input);
        const roles = result.roles.length > 0 ? result.roles.join(', ') : 'no role';
        console.log(`In ${result.clinic}, program changes by ${roles} now wait for a supervisor.`);
        return 0;
      }
      default:
        console.error(`Unknown command: ${command}\n\n${USAGE}`);
        return 1;
    }
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof AdminError || error instanceof ConfigError) {
      console.error(error.message);
    } else if (
      error instanceof TypeError &&
      'code' in error &&
      String(error.code).startsWith('ERR_PARSE_ARGS')
    ) {
      console.error(`${error.message}\n\n${USAGE}`);
    } else {
      console.error(error);
    }
    process.exit(1);
  },
);
