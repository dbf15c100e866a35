/**
 * The program bench's baseline: a bare Fastify route that reads a program with the same SQL as
 * GET /video/hep/therapist/{id} (readProgram, the function the real route calls), with no
 * session, permission check, audit, validation or response schema in the way.
 */
import Fastify from 'fastify';
import { openDatabase } from '../apps/server/src/db/client';
import { readProgram } from '../apps/server/src/features/hep/hep.api';

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR ?? './data',
});
const scope = { clinicId: Number(process.env.BENCH_CLINIC_ID) };
const reader = { id: Number(process.env.BENCH_USER_ID), role: 'therapist' as const };

const app = Fastify({ logger: false });
app.get('/bare-program', async (request) => {
  const { patient } = request.query as { patient: string };
  return readProgram(database.db, scope, Number(patient), reader);
});
app.addHook('onClose', () => database.close());
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3407) });
