import type { FastifyInstance } from 'fastify';
import { listOutboxRoute } from '@homestretch/contract/dev/outbox';
import { escapeHtml } from '../../platform/mail';
import { route } from '../../platform/route';
import { listOutbox } from './dev.repo';

/**
 * Development only (never registered in production): the outbox of mail and SMS that had no real
 * provider, as JSON for tests and as a page for people.
 */
export function registerDevRoutes(app: FastifyInstance): void {
  route(app, listOutboxRoute, 'public', async ({ ctx, query }) => {
    const rows = await listOutbox(ctx.db, query.recipient);
    return {
      count: rows.length,
      results: rows.map((row) => ({
        id: row.id,
        channel: row.channel,
        recipient: row.recipient,
        subject: row.subject,
        body_text: row.bodyText,
        created_at: row.createdAt.toISOString(),
      })),
    };
  });

  app.get('/dev/outbox', { schema: { hide: true } }, async (request, reply) => {
    const rows = await listOutbox(request.ctx.db);
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
    return reply
      .type('text/html')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox · Homestretch (development)</title><style>body{font:15px system-ui;margin:2rem auto;max-width:56rem;color:#0f172a}article{border:1px solid #e2e8f0;border-radius:.75rem;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}h2{font-size:1rem}</style></head><body><h1>Outbox</h1><p>Mail and text messages kept here because no provider is configured (newest first).</p>${
          items || '<p>No messages yet.</p>'
        }</body></html>`,
      );
  });
}
