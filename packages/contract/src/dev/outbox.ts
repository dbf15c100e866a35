import { z } from 'zod';
import { PaginatedSchema } from '../common/pagination';
import { defineRoute } from '../common/route';

export const OutboxMessageSchema = z.object({
  id: z.number().int(),
  /** The clinic the message is about; null when it names none (a code texted to a new phone). */
  clinic_id: z.number().int().nullable(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string(),
  body_text: z.string(),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

/**
 * Development only, with DEV_OUTBOX=on (never in production): what would have been e-mailed or
 * texted (ARCHITECTURE.md, outside services), newest first, at most 100. A request from the
 * server's own machine (loopback, not through a proxy) sees every clinic's messages; a signed-in
 * admin sees their clinic's; anyone else gets 404.
 */
export const listOutboxRoute = defineRoute({
  method: 'GET',
  path: '/dev/outbox/messages',
  summary: 'Messages kept in the outbox (DEV_OUTBOX=on; this machine or a clinic admin)',
  tags: ['dev'],
  querystring: z.object({ recipient: z.string().trim().toLowerCase().optional() }),
  response: { 200: PaginatedSchema(OutboxMessageSchema) },
});
