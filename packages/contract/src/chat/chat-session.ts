import { z } from 'zod';
import { CHAT_RECENCY, ROLES } from '../common/enums';

export const CHAT_SESSION_KINDS = ['patient', 'support'] as const;

/** Who wrote a message, or who is on the other side of a support conversation. */
export const ChatPersonSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(ROLES),
});
export type ChatPerson = z.infer<typeof ChatPersonSchema>;

/**
 * spec §3 Message: session and message, with what a thread shows. `message` is plain text, shown
 * as text, never as HTML. `client_id` is the sender's own id for it, so a message retried after a
 * lost connection is stored once.
 */
export const ChatMessageSchema = z.object({
  id: z.number().int(),
  session: z.number().int(),
  message: z.string(),
  sender: ChatPersonSchema,
  client_id: z.string().nullable(),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/**
 * spec §3 Chat session: id and unread_message_count (the caller's unread: the other side's messages
 * after the caller's read mark, in a conversation the caller takes part in). A patient conversation
 * carries its patient (spec §3 "a chat room carries a patient object"); a support conversation
 * carries the staff member who asked (`staff`) and the clinic's support contact (`support`).
 */
export const ChatSessionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CHAT_SESSION_KINDS),
  patient: z
    .object({ id: z.number().int(), first_name: z.string(), last_name: z.string() })
    .nullable(),
  staff: ChatPersonSchema.nullable(),
  support: ChatPersonSchema.nullable(),
  last_message: ChatMessageSchema.nullable(),
  unread_message_count: z.number().int().nonnegative(),
  recency: z.enum(CHAT_RECENCY),
  /** The last message's time, or the conversation's start when it has none. */
  last_activity_at: z.string(),
});
export type ChatSession = z.infer<typeof ChatSessionSchema>;
