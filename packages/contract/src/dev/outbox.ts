import { z } from 'zod';
import { PaginatedSchema } from '../common/pagination';
import { defineRoute } from '../common/route';

export const OutboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string(),
  body_text: z.string(),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

/** Development only: what would have been e-mailed or texted (ARCHITECTURE.md, outside services). */
export const listOutboxRoute = defineRoute({
  method: 'GET',
  path: '/dev/outbox/messages',
  summary: 'Messages kept in the outbox (not in production)',
  tags: ['dev'],
  querystring: z.object({ recipient: z.string().trim().toLowerCase().optional() }),
  response: { 200: PaginatedSchema(OutboxMessageSchema) },
});
