import type { FastifyInstance, FastifyRequest } from 'fastify';
import { listOutboxRoute } from '@homestretch/contract/dev/outbox';
import { notFound } from '../../platform/errors';
import { escapeHtml } from '../../platform/mail';
import { route } from '../../platform/route';
import { listOutbox } from './dev.repo';
import { type OutboxReader, outboxReader } from './outbox-access';

const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/** The reader of this request, or a 404: an outbox one may not read is not there for them. */
function requireOutboxReader(request: FastifyRequest): Exclude<OutboxReader, null> {
  const reader = outboxReader({
    socketAddress: request.socket.remoteAddress,
    forwarded: PROXY_HEADERS.some((header) => request.headers[header] !== undefined),
    caller: request.ctx.caller,
  });
  if (!reader) {
    throw notFound('Page');
  }
  return reader;
}

/**
 * The outbox of mail and texts that had no real provider, as JSON for tests and as a page for
 * people. Registered only with DEV_OUTBOX=on, which the configuration refuses in production.
 */
export function registerDevRoutes(app: FastifyInstance): void {
  route(app, listOutboxRoute, 'public', async ({ ctx, query, request }) => {
    const rows = await listOutbox(ctx.db, requireOutboxReader(request), query.recipient);
    return {
      count: rows.length,
      results: rows.map((row) => ({
        id: row.id,
        clinic_id: row.clinicId,
        channel: row.channel,
        recipient: row.recipient,
        subject: row.subject,
        body_text: row.bodyText,
        created_at: row.createdAt.toISOString(),
      })),
    };
  });

  app.get('/dev/outbox', { schema: { hide: true } }, async (request, reply) => {
    const reader = requireOutboxReader(request);
    const rows = await listOutbox(request.ctx.db, reader);
    const items = rows
      .map(
        (row) =>
          `<article><header><strong>${escapeHtml(row.channel.toUpperCase())}</strong> to ${escapeHtml(
            row.recipient,
          )} · ${escapeHtml(row.createdAt.toISOString())}</header><h2>${escapeHtml(row.subject)}</h2><pre>${escapeHtml(
            row.bodyText,
          )}</pre></article>`,
      )
      .join('');
    const whose =
      reader.scope === 'all'
        ? 'Every clinic’s messages, because you are on the server’s own machine.'
        : 'Your clinic’s messages only.';
    return reply
      .type('text/html')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox · Homestretch (development)</title><style>body{font:15px system-ui;margin:2rem auto;max-width:56rem;color:#0f172a}article{border:1px solid #e2e8f0;border-radius:.75rem;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}h2{font-size:1rem}</style></head><body><h1>Outbox</h1><p>Mail and text messages kept here because no provider is configured (newest first). ${whose}</p>${
          items || '<p>No messages yet.</p>'
        }</body></html>`,
      );
  });
}
