/**
 * The library bench's baseline: bare Fastify routes that run the library listing's own SQL and
 * an exercise figure's own read and drawing (the functions the real routes call) with no session,
 * permission, validation or response schema in the way. The real routes' throughput is read as a
 * ratio to these.
 */
import Fastify from 'fastify';
import type { VideoScope } from '@homestretch/contract/library/list-videos';
import type { BodyPart, Collection, FigureFrame } from '@homestretch/contract/library/video';
import { openDatabase } from '../apps/server/src/db/client';
import {
  figureEtag,
  figureOf,
  findStaffVideoMedia,
  listVideos,
} from '../apps/server/src/features/library/library.api';

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR ?? './data',
});
const scope = {
  clinicId: Number(process.env.BENCH_CLINIC_ID),
  userId: Number(process.env.BENCH_USER_ID),
};

const app = Fastify({ logger: false });
app.get('/bare-library', async (request) => {
  const query = request.query as Record<string, string | undefined>;
  const { rows, count } = await listVideos(
    database.db,
    scope,
    {
      search: query.search,
      bodyParts: query.body_parts as BodyPart | undefined,
      scope: (query.scope ?? 'all') as VideoScope,
      collection: query.collection as Collection | undefined,
      // The real route leaves out uploads whose ticket ran out by now: the same SQL here.
      ticketsRunOutBy: Math.floor(Date.now() / 1000),
    },
    Number(query.page ?? 1),
  );
  return { results: rows, count };
});
app.get('/bare-figure/:id/:frame', async (request, reply) => {
  const { id, frame } = request.params as { id: string; frame: FigureFrame };
  const row = await findStaffVideoMedia(database.db, scope, Number(id));
  if (!row?.movement) {
    return reply.status(404).send();
  }
  const svg = figureOf(row.movement, frame);
  // The real route's ETag, so both hash what they send.
  return reply.header('etag', figureEtag(svg)).type('image/svg+xml').send(svg);
});
app.addHook('onClose', () => database.close());
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3403) });
