import {
  CHAT_HISTORY_PAGE_SIZE,
  CHAT_MESSAGES_PER_MINUTE,
  chatRecency,
} from '@homestretch/contract/chat/chat-rules';
import type { ChatMessage, ChatPerson, ChatSession } from '@homestretch/contract/chat/chat-session';
import type {
  ChatSessionList,
  ListChatSessionsQuery,
} from '@homestretch/contract/chat/list-sessions';
import type { ChatMessagePage } from '@homestretch/contract/chat/list-messages';
import type { ChatReadState } from '@homestretch/contract/chat/mark-read';
import type { SendChatMessageBody } from '@homestretch/contract/chat/send-message';
import type { ChatUnread } from '@homestretch/contract/chat/unread-count';
import { PAGE_SIZE } from '@homestretch/contract/common/constants';
import { pageOffset } from '@homestretch/contract/common/pagination';
import { type AuthedCtx, type ClinicScope, clinicScope } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { findClinicById } from '../clinics/clinics.api';
import { findPatientOfUser, requireTreatedPatient } from '../patients/patients.api';
import {
  type MessageRow,
  type SessionRow,
  type Viewer,
  findMessageByClientId,
  findOrCreateSession,
  findSession,
  insertMessage,
  listSessions,
  markRead,
  messageCount,
  messagePage,
  otherSideReadUpTo,
  sessionAccess,
  unreadTotal,
} from './chat.repo';

function viewerOf(ctx: AuthedCtx): Viewer {
  return { userId: ctx.caller.user.id, role: ctx.caller.user.role };
}

const iso = (value: Date): string => value.toISOString();

function person(
  id: number | null,
  firstName: string | null,
  lastName: string | null,
  role: ChatPerson['role'] | null,
): ChatPerson | null {
  return id === null || role === null
    ? null
    : { id, first_name: firstName ?? '', last_name: lastName ?? '', role };
}

function toMessageDto(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    session: row.session_id,
    message: row.message,
    sender: {
      id: row.sender_id,
      first_name: row.sender_first_name,
      last_name: row.sender_last_name,
      role: row.sender_role,
    },
    client_id: row.client_id,
    created_at: iso(row.created_at),
  };
}

/** The conversation's last message, read in the same row by outer joins. */
function lastMessageOf(row: SessionRow): ChatMessage | null {
  const sender = person(
    row.sender_id,
    row.sender_first_name,
    row.sender_last_name,
    row.sender_role,
  );
  if (row.message_id === null || row.message_text === null || !row.message_created_at || !sender) {
    return null;
  }
  return {
    id: row.message_id,
    session: row.id,
    message: row.message_text,
    sender,
    client_id: row.message_client_id,
    created_at: iso(row.message_created_at),
  };
}

function toSessionDto(row: SessionRow, now: Date): ChatSession {
  const lastMessage = lastMessageOf(row);
  const lastActivity = row.last_activity_at;
  return {
    id: row.id,
    kind: row.kind,
    patient:
      row.patient_id === null
        ? null
        : {
            id: row.patient_id,
            first_name: row.patient_first_name ?? '',
            last_name: row.patient_last_name ?? '',
          },
    staff: person(row.staff_id, row.staff_first_name, row.staff_last_name, row.staff_role),
    support: person(
      row.support_id,
      row.support_first_name,
      row.support_last_name,
      row.support_role,
    ),
    last_message: lastMessage,
    unread_message_count: row.unread,
    recency: chatRecency(lastActivity, now),
    last_activity_at: lastActivity.toISOString(),
  };
}

async function sessionDto(
  ctx: AuthedCtx,
  scope: ClinicScope,
  sessionId: number,
): Promise<ChatSession> {
  const row = await findSession(ctx.db, scope, viewerOf(ctx), sessionId);
  if (!row) {
    throw notFound('Conversation');
  }
  return toSessionDto(row, ctx.clock.now());
}

export async function listConversations(
  ctx: AuthedCtx,
  query: ListChatSessionsQuery & { page: number },
): Promise<ChatSessionList> {
  const scope = clinicScope(ctx);
  const { rows, total } = await listSessions(ctx.db, scope, viewerOf(ctx), {
    limit: PAGE_SIZE,
    offset: pageOffset(query.page),
    search: query.search || undefined,
  });
  // The list shows each conversation's patient and last message: audited like a roster view.
  await ctx.audit.recordRead(ctx.meta, {
    action: 'chat.list',
    clinicId: scope.clinicId,
    actorUserId: ctx.caller.user.id,
    details: {
      search: query.search || null,
      page: query.page,
      patient_ids: rows.flatMap((row) => (row.patient_id === null ? [] : [row.patient_id])),
    },
  });
  const now = ctx.clock.now();
  return { results: rows.map((row) => toSessionDto(row, now)), count: total };
}

/** A conversation's answer carries its last message: reading it is a read of the chat. */
function auditConversationRead(
  ctx: AuthedCtx,
  scope: ClinicScope,
  sessionId: number,
  patientId: number,
): Promise<void> {
  return ctx.audit.recordRead(ctx.meta, {
    action: 'chat.session_read',
    clinicId: scope.clinicId,
    actorUserId: ctx.caller.user.id,
    patientId,
    targetType: 'chat_session',
    targetId: sessionId,
  });
}

export async function unreadCount(ctx: AuthedCtx): Promise<ChatUnread> {
  return { unread_message_count: await unreadTotal(ctx.db, clinicScope(ctx), viewerOf(ctx)) };
}

/** POST /chat/session {patient}: 201 when the conversation is new, 200 when it was there. */
export async function openPatientConversation(
  ctx: AuthedCtx,
  patientId: number,
): Promise<{ session: ChatSession; created: boolean }> {
  const scope = clinicScope(ctx);
  // A patient's messages are care: those who treat them and the admin open the conversation.
  await requireTreatedPatient(ctx.db, scope, ctx.caller.user, patientId);
  const { id, created } = await findOrCreateSession(
    ctx.db,
    scope,
    { kind: 'patient', patientId },
    ctx.clock.now(),
  );
  const session = await sessionDto(ctx, scope, id);
  await auditConversationRead(ctx, scope, id, patientId);
  return { session, created };
}

/** The patient app's conversation with the clinic, opened on first ask. */
export async function ownConversation(ctx: AuthedCtx): Promise<ChatSession> {
  const scope = clinicScope(ctx);
  const patient = await findPatientOfUser(ctx.db, ctx.caller.user.id, scope.clinicId);
  if (!patient) {
    throw new AppError('not_found', 'No patient record is linked to this account');
  }
  const { id } = await findOrCreateSession(
    ctx.db,
    scope,
    { kind: 'patient', patientId: patient.id },
    ctx.clock.now(),
  );
  const session = await sessionDto(ctx, scope, id);
  await auditConversationRead(ctx, scope, id, patient.id);
  return session;
}

/**
 * GET /chat/support: the caller's conversation with the clinic's support contact. Opening it
 * stores the clinic's initial note as the contact's first message, so it reads as a greeting.
 */
export async function supportConversation(ctx: AuthedCtx): Promise<ChatSession> {
  const scope = clinicScope(ctx);
  const clinic = await findClinicById(ctx.db, scope.clinicId);
  const supportUserId = clinic?.supportUserId ?? null;
  if (supportUserId === null) {
    throw notFound('Support contact for this clinic');
  }
  if (supportUserId === ctx.caller.user.id) {
    throw new AppError(
      'rule_violation',
      "You are this clinic's support contact: the staff's conversations with you are in your chat list",
    );
  }
  const now = ctx.clock.now();
  const { id, created } = await findOrCreateSession(
    ctx.db,
    scope,
    { kind: 'support', staffUserId: ctx.caller.user.id },
    now,
  );
  const note = clinic?.initialNote.trim() ?? '';
  if (created && note) {
    await insertMessage(ctx.db, scope, {
      sessionId: id,
      senderUserId: supportUserId,
      sender: null,
      message: note,
      clientId: null,
      now,
      maxPerMinute: null,
      audit: null,
    });
  }
  return sessionDto(ctx, scope, id);
}

async function requireAccess(ctx: AuthedCtx, scope: ClinicScope, sessionId: number) {
  const access = await sessionAccess(ctx.db, scope, viewerOf(ctx), sessionId);
  if (!access) {
    throw notFound('Conversation');
  }
  return access;
}

/**
 * A page of the thread. What it returns is read by the caller, unless asked not to (a hidden
 * tab): the mark moves to its newest message and the others are told. A patient's messages are patient data: the read is audited.
 */
export async function conversationMessages(
  ctx: AuthedCtx,
  query: { session: number; before?: number; after?: number; mark_read?: boolean },
): Promise<ChatMessagePage> {
  const scope = clinicScope(ctx);
  const access = await requireAccess(ctx, scope, query.session);
  const viewer = viewerOf(ctx);
  const { rows, more } = await messagePage(ctx.db, scope, query.session, {
    limit: CHAT_HISTORY_PAGE_SIZE,
    before: query.before,
    after: query.after,
  });
  const newest = rows.at(-1);
  if (newest && query.mark_read !== false) {
    const read = await markRead(ctx.db, scope, viewer, query.session, newest.id, ctx.clock.now());
    if (read?.moved) {
      tellRead(ctx, access.recipients, query.session, read.lastRead);
    }
  }
  const [count, readUpTo, session] = await Promise.all([
    messageCount(ctx.db, scope, query.session),
    otherSideReadUpTo(ctx.db, scope, viewer, query.session),
    sessionDto(ctx, scope, query.session),
  ]);
  await ctx.audit.recordRead(ctx.meta, {
    action: 'chat.read',
    clinicId: scope.clinicId,
    actorUserId: viewer.userId,
    patientId: access.patientId,
    targetType: 'chat_session',
    targetId: query.session,
    details: { messages: rows.length },
  });
  return {
    results: rows.map(toMessageDto),
    count,
    has_more: more,
    read_up_to: readUpTo,
    session,
  };
}

function tellRead(ctx: AuthedCtx, recipients: number[], session: number, lastRead: number): void {
  ctx.realtime.toUsers(recipients, 'message_read', {
    session,
    user_id: ctx.caller.user.id,
    last_read_message_id: lastRead,
  });
}

/**
 * Stores the message, then tells everyone in the conversation (decision 023: stored first). The
 * message row is its own record of who wrote what and when. A retried client_id answers the
 * stored message with 200 and tells no one again.
 */
export async function sendMessage(
  ctx: AuthedCtx,
  body: SendChatMessageBody,
): Promise<{ message: ChatMessage; created: boolean }> {
  const scope = clinicScope(ctx);
  const sender = ctx.caller.user;
  const clientId = body.client_id ?? null;
  const stored = await insertMessage(ctx.db, scope, {
    sessionId: body.session,
    senderUserId: sender.id,
    sender: viewerOf(ctx),
    message: body.message,
    clientId,
    now: ctx.clock.now(),
    maxPerMinute: CHAT_MESSAGES_PER_MINUTE,
    audit: ctx.meta,
  });
  if (stored === 'not_found') {
    throw notFound('Conversation');
  }
  if (stored === 'duplicate' || stored === 'rate_limited') {
    const earlier =
      clientId === null
        ? undefined
        : await findMessageByClientId(ctx.db, scope, body.session, sender.id, clientId);
    if (earlier) {
      return { message: toMessageDto(earlier), created: false };
    }
    throw new AppError(
      'rate_limited',
      `You sent ${CHAT_MESSAGES_PER_MINUTE} messages in the last minute. Wait a moment before sending more.`,
      undefined,
      { 'retry-after': '60' },
    );
  }
  const message: ChatMessage = {
    id: stored.id,
    session: body.session,
    message: body.message,
    sender: {
      id: sender.id,
      first_name: sender.firstName,
      last_name: sender.lastName,
      role: sender.role,
    },
    client_id: clientId,
    created_at: stored.createdAt.toISOString(),
  };
  ctx.realtime.toUsers(stored.recipients, 'new_message', message);
  return { message, created: true };
}

export async function markConversationRead(
  ctx: AuthedCtx,
  sessionId: number,
  messageId: number,
): Promise<ChatReadState> {
  const scope = clinicScope(ctx);
  const access = await requireAccess(ctx, scope, sessionId);
  const read = await markRead(ctx.db, scope, viewerOf(ctx), sessionId, messageId, ctx.clock.now());
  if (!read) {
    throw notFound('Message in this conversation');
  }
  if (read.moved) {
    tellRead(ctx, access.recipients, sessionId, read.lastRead);
  }
  const session = await sessionDto(ctx, scope, sessionId);
  return {
    session: sessionId,
    last_read_message_id: read.lastRead,
    unread_message_count: session.unread_message_count,
  };
}
