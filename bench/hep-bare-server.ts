/**
 * The program bench's baseline: a bare Fastify route that computes recommendations as the real
 * route does (recommendFor: the same SQL and ranking) with no session, permission, validation or
 * response schema in the way. The real route's throughput is read as a ratio to this one.
 */
import Fastify from 'fastify';
import { RecommendationsQuerySchema } from '@homestretch/contract/hep/recommendations';
import { openDatabase } from '../apps/server/src/db/client';
import { recommendFor } from '../apps/server/src/features/hep/recommendations.service';

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR ?? './data',
});
const scope = { clinicId: Number(process.env.BENCH_CLINIC_ID) };

const app = Fastify({ logger: false });
app.get('/bare-recommendations', async (request) =>
  recommendFor(database.db, scope, RecommendationsQuerySchema.parse(request.query), new Date()),
);
app.addHook('onClose', () => database.close());
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3431) });
