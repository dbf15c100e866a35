/**
 * The baseline: a bare Fastify route answering a small JSON body, with nothing of ours in the
 * way. Our figures are read as ratios against it, measured in the same run on the same machine.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({
  results: [{ id: 1, first_name: 'Ada', last_name: 'Lovelace' }],
  count: 1,
}));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3401) });
