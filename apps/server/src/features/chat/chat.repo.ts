/**
 * Chat's queries (issue 14, decision 023). Who may see a conversation is one SQL predicate
 * (`visibleTo`), used by every read, so a list, a thread and a send agree on it.
 */
import { type SQL, sql } from 'drizzle-orm';
import { ROLES, type Role } from '@homestretch/contract/common/enums';
import type { Db } from '../../db/client';
import type { ClinicScope } from '../../platform/context';
import { type RequestMeta, auditUserAgent } from '../../platform/audit';
import { isStatementRefused, onlyRow } from '../../platform/db-errors';
import { groupCommit } from '../../platform/group-commit';
import { everyWordStartsName, searchTokens } from '../../platform/search-text';
import { type RawRow, col, queryNamedRows, queryRows } from '../../platform/sql-rows';

export interface Viewer {
  userId: number;
  role: Role;
}

/**
 * A patient's conversation: the patient, those who treat them, the clinic's admin and its support
 * contact. A support conversation: the staff member who asked and the support contact. Never a
 * removed patient's.
 */
function visibleTo(viewer: Viewer): SQL {
  return visibleToParty(sql`${viewer.userId}`, sql`${viewer.role === 'admin'}`);
}

/** `visibleTo` for a viewer given as SQL: a statement's parameters, or the columns of its rows. */
function visibleToParty(userId: SQL, isAdmin: SQL): SQL {
  return sql`(
    (s.kind = 'patient' and p.status <> 'removed' and (
      p.user_id = ${userId}
      or ${isAdmin}
      or c.support_user_id = ${userId}
      or exists (select 1 from patient_therapists pt where pt.patient_id = s.patient_id and pt.user_id = ${userId})
    ))
    or (s.kind = 'support' and (s.staff_user_id = ${userId} or c.support_user_id = ${userId}))
  )`;
}

/**
 * The person on the conversation's own side (the patient's account, or the staff member who asked
 * support); everyone else is the other side, the clinic. Unread counts and read marks count the
 * other side's messages and reads only, so a therapist is not told of a colleague's reply.
 */
const SIDE_A = sql`(case when s.kind = 'patient' then p.user_id else s.staff_user_id end)`;

function fromOtherSide(viewer: Viewer, message: string): SQL {
  return sql`(case when ${SIDE_A} = ${viewer.userId}
    then ${sql.raw(message)}.sender_user_id is distinct from ${viewer.userId}
    else ${sql.raw(message)}.sender_user_id = ${SIDE_A} end)`;
}

export interface SessionRow {
  id: number;
  kind: 'patient' | 'support';
  patient_id: number | null;
  patient_first_name: string | null;
  patient_last_name: string | null;
  staff_id: number | null;
  staff_first_name: string | null;
  staff_last_name: string | null;
  staff_role: Role | null;
  support_id: number | null;
  support_first_name: string | null;
  support_last_name: string | null;
  support_role: Role | null;
  message_id: number | null;
  message_text: string | null;
  message_client_id: string | null;
  message_created_at: Date | null;
  sender_id: number | null;
  sender_first_name: string | null;
  sender_last_name: string | null;
  sender_role: Role | null;
  last_activity_at: Date;
  unread: number;
}

const KINDS = ['patient', 'support'] as const;

function sessionRow(row: RawRow): SessionRow {
  return {
    id: col.number(row, 'id'),
    kind: col.oneOf(row, 'kind', KINDS),
    patient_id: col.numberOrNull(row, 'patient_id'),
    patient_first_name: col.stringOrNull(row, 'patient_first_name'),
    patient_last_name: col.stringOrNull(row, 'patient_last_name'),
    staff_id: col.numberOrNull(row, 'staff_id'),
    staff_first_name: col.stringOrNull(row, 'staff_first_name'),
    staff_last_name: col.stringOrNull(row, 'staff_last_name'),
    staff_role: col.oneOfOrNull(row, 'staff_role', ROLES),
    support_id: col.numberOrNull(row, 'support_id'),
    support_first_name: col.stringOrNull(row, 'support_first_name'),
    support_last_name: col.stringOrNull(row, 'support_last_name'),
    support_role: col.oneOfOrNull(row, 'support_role', ROLES),
    message_id: col.numberOrNull(row, 'message_id'),
    message_text: col.stringOrNull(row, 'message_text'),
    message_client_id: col.stringOrNull(row, 'message_client_id'),
    message_created_at: col.dateOrNull(row, 'message_created_at'),
    sender_id: col.numberOrNull(row, 'sender_id'),
    sender_first_name: col.stringOrNull(row, 'sender_first_name'),
    sender_last_name: col.stringOrNull(row, 'sender_last_name'),
    sender_role: col.oneOfOrNull(row, 'sender_role', ROLES),
    last_activity_at: col.date(row, 'last_activity_at'),
    unread: col.number(row, 'unread'),
  };
}

const idRow = (row: RawRow) => col.number(row, 'id');
const countRow = (row: RawRow) => col.number(row, 'n');

/**
 * The conversations the viewer takes part in, each branch read from its own index: those of the
 * patients they treat, their own as a patient, the support conversations they asked or answer, and
 * any they have read or written in before. Unread counts are kept for these only: an admin sees
 * every patient's conversation, but is not told of those they never joined.
 */
function participating(viewer: Viewer, scope: ClinicScope, reach: Reach): SQL {
  return sql`
    select s.id from patient_therapists pt
      join chat_sessions s on s.clinic_id = pt.clinic_id and s.patient_id = pt.patient_id and s.kind = 'patient'
      where pt.user_id = ${viewer.userId} and pt.clinic_id = ${scope.clinicId}
    union
    select s.id from patients p
      join chat_sessions s on s.clinic_id = p.clinic_id and s.patient_id = p.id and s.kind = 'patient'
      where p.user_id = ${viewer.userId} and p.clinic_id = ${scope.clinicId}
    union
    select s.id from chat_sessions s
      where s.clinic_id = ${scope.clinicId} and s.kind = 'support'
        and (s.staff_user_id = ${viewer.userId} or ${reach.supportContact})
    union
    select r.session_id from chat_reads r where r.user_id = ${viewer.userId}`;
}

export interface Reach {
  /** The clinic's support contact (clinics.support_user_id). */
  supportContact: boolean;
  /** Sees every patient's conversation of the clinic: its admin and its support contact. */
  clinicWide: boolean;
}

/** How far the viewer sees, read first so the lists' statements hold only the branches that apply. */
async function reachOf(db: Db, viewer: Viewer, scope: ClinicScope): Promise<Reach> {
  const [supportContact = false] = await queryRows(
    db,
    sql`
      select coalesce(support_user_id = ${viewer.userId}, false) as support
      from clinics where id = ${scope.clinicId}`,
    (row) => col.boolean(row, 'support'),
  );
  return { supportContact, clinicWide: supportContact || viewer.role === 'admin' };
}

/**
 * The conversations in the viewer's lists: for the clinic-wide, the clinic's patient conversations,
 * read in order from its index; for everyone else, those they take part in and still see (a read
 * mark outlives its reader's place among the patient's therapists).
 */
function listedFor(viewer: Viewer, scope: ClinicScope, reach: Reach): SQL {
  return reach.clinicWide
    ? sql`s.clinic_id = ${scope.clinicId} and (s.kind = 'patient'
        or (s.kind = 'support' and (s.staff_user_id = ${viewer.userId} or ${reach.supportContact})))`
    : sql`s.id in (${participating(viewer, scope, reach)}) and ${visibleTo(viewer)}`;
}

/** One conversation per row, as the lists show it, for the ids `page` (a CTE) names in order. */
function sessionColumns(viewer: Viewer): SQL {
  return sql`
    select s.id, s.kind, s.last_activity_at,
      p.id as patient_id, p.first_name as patient_first_name, p.last_name as patient_last_name,
      su.id as staff_id, su.first_name as staff_first_name, su.last_name as staff_last_name, su.role as staff_role,
      sp.id as support_id, sp.first_name as support_first_name, sp.last_name as support_last_name, sp.role as support_role,
      m.id as message_id, m.message as message_text, m.client_id as message_client_id, m.created_at as message_created_at,
      mu.id as sender_id, mu.first_name as sender_first_name, mu.last_name as sender_last_name, mu.role as sender_role,
      case when s.last_message_id > coalesce(r.last_read_message_id, 0) and ${takesPart(viewer)} then (
        select count(*) from chat_messages mm
        where mm.session_id = s.id and mm.id > coalesce(r.last_read_message_id, 0) and ${fromOtherSide(viewer, 'mm')}
      ) else 0 end::int as unread
    from page
    join chat_sessions s on s.id = page.id
    join clinics c on c.id = s.clinic_id
    left join patients p on p.id = s.patient_id
    left join users su on su.id = s.staff_user_id
    left join users sp on sp.id = c.support_user_id and s.kind = 'support'
    left join chat_messages m on m.id = s.last_message_id
    left join users mu on mu.id = m.sender_user_id
    left join chat_reads r on r.session_id = s.id and r.user_id = ${viewer.userId}`;
}

/** `participating`, for one row of the joins above. */
function takesPart(viewer: Viewer): SQL {
  return sql`(${SIDE_A} = ${viewer.userId} or r.user_id is not null or s.kind = 'support'
    or exists (select 1 from patient_therapists tp where tp.patient_id = s.patient_id and tp.user_id = ${viewer.userId}))`;
}

/**
 * The viewer's conversations that have a message (an opened, unused one is not news), newest
 * activity first; `search` matches the patient's or the staff member's name. Answers the page and
 * how many there are in all.
 */
export async function listSessions(
  db: Db,
  scope: ClinicScope,
  viewer: Viewer,
  page: { limit: number; offset: number; search?: string },
): Promise<{ rows: SessionRow[]; total: number }> {
  const reach = await reachOf(db, viewer, scope);
  const tokens = searchTokens(page.search ?? '');
  const named =
    tokens.length > 0
      ? sql`(${everyWordStartsName(sql`p.search_name`, tokens)}
        or ${everyWordStartsName(sql`su.search_name`, tokens)})`
      : sql`true`;
  const listed = sql`
    from chat_sessions s
    join clinics c on c.id = s.clinic_id
    left join patients p on p.id = s.patient_id
    left join users su on su.id = s.staff_user_id
    where ${listedFor(viewer, scope, reach)} and s.last_message_id is not null
      and (s.kind = 'support' or p.status <> 'removed') and ${named}`;
  // Without a search the statements' text depends only on how far the viewer sees: each is planned
  // once per connection (planning them took longer than running them). A search's text grows with
  // its words, and searches are few.
  const shape = tokens.length > 0 ? null : reach.clinicWide ? 'clinic' : 'own';
  const run = <T>(name: string, query: SQL, map: (row: RawRow) => T) =>
    shape
      ? queryNamedRows(db, `chat_list_${name}_${shape}`, query, map)
      : queryRows(db, query, map);
  const [rows, counted] = await Promise.all([
    run(
      'page',
      sql`
      with page as materialized (
        select s.id, s.last_activity_at ${listed}
        order by s.last_activity_at desc, s.id desc
        limit ${page.limit} offset ${page.offset}
      )
      ${sessionColumns(viewer)}
      order by page.last_activity_at desc, page.id desc`,
      sessionRow,
    ),
    run('count', sql`select count(*)::int as n ${listed}`, countRow),
  ]);
  return { rows, total: counted[0] ?? 0 };
}

export async function findSession(
  db: Db,
  scope: ClinicScope,
  viewer: Viewer,
  sessionId: number,
): Promise<SessionRow | undefined> {
  const [row] = await queryRows(
    db,
    sql`
      with page as (
        select s.id from chat_sessions s
        join clinics c on c.id = s.clinic_id
        left join patients p on p.id = s.patient_id
        where s.id = ${sessionId} and s.clinic_id = ${scope.clinicId} and ${visibleTo(viewer)}
      )
      ${sessionColumns(viewer)}`,
    sessionRow,
  );
  return row;
}

/** The viewer's unread messages over the conversations they take part in (the menu's badge). */
export async function unreadTotal(db: Db, scope: ClinicScope, viewer: Viewer): Promise<number> {
  const reach = await reachOf(db, viewer, scope);
  // Asked after every message that reaches the viewer: planned once per connection.
  const [unread = 0] = await queryNamedRows(
    db,
    'chat_unread_total',
    sql`
      select count(*)::int as n
      from chat_sessions s
      join (${participating(viewer, scope, reach)}) mine on mine.id = s.id
      join clinics c on c.id = s.clinic_id
      left join patients p on p.id = s.patient_id
      left join chat_reads r on r.session_id = s.id and r.user_id = ${viewer.userId}
      join chat_messages mm on mm.session_id = s.id and mm.id > coalesce(r.last_read_message_id, 0)
      where s.clinic_id = ${scope.clinicId} and s.last_message_id > coalesce(r.last_read_message_id, 0)
        and ${visibleTo(viewer)} and ${fromOtherSide(viewer, 'mm')}`,
    countRow,
  );
  return unread;
}

/** Finds a conversation of the kind, or opens it; `created` says which. */
export async function findOrCreateSession(
  db: Db,
  scope: ClinicScope,
  party: { kind: 'patient'; patientId: number } | { kind: 'support'; staffUserId: number },
  now: Date,
): Promise<{ id: number; created: boolean }> {
  const patientId = party.kind === 'patient' ? party.patientId : null;
  const staffUserId = party.kind === 'support' ? party.staffUserId : null;
  const conflict =
    party.kind === 'patient'
      ? sql`(clinic_id, patient_id) where kind = 'patient'`
      : sql`(clinic_id, staff_user_id) where kind = 'support'`;
  const [inserted] = await queryRows(
    db,
    sql`
      insert into chat_sessions (clinic_id, kind, patient_id, staff_user_id, last_activity_at, created_at)
      values (${scope.clinicId}, ${party.kind}, ${patientId}, ${staffUserId}, ${now.toISOString()}, ${now.toISOString()})
      on conflict ${conflict} do nothing
      returning id`,
    idRow,
  );
  if (inserted !== undefined) {
    return { id: inserted, created: true };
  }
  const found = await queryRows(
    db,
    sql`
      select id from chat_sessions
      where clinic_id = ${scope.clinicId} and kind = ${party.kind}
        and patient_id is not distinct from ${patientId} and staff_user_id is not distinct from ${staffUserId}`,
    idRow,
  );
  return { id: onlyRow(found, 'Opening a conversation'), created: false };
}

export interface Access {
  kind: 'patient' | 'support';
  patientId: number | null;
  /** Whom `new_message` and `message_read` go to (RECIPIENTS). */
  recipients: number[];
}

/**
 * Those who take part in conversation `s` (see `participating`) and still see it (`visibleTo`,
 * with their role as it stands now): its patient, those who treat them and anyone who joined by
 * reading; in support, the asker and the support contact. A read mark outlives its reader's access
 * (taken off the patient's therapists, no longer the support contact), so without the check it
 * told them what they may no longer read. Asked by the statement that stores the message, so a
 * change of access applies to the very next message at no extra query. An admin overseeing every
 * conversation is not sent each one's messages.
 */
const RECIPIENTS = sql`array(
  select party.user_id from (
    select p.user_id where p.user_id is not null
    union select s.staff_user_id where s.staff_user_id is not null
    union select c.support_user_id where s.kind = 'support' and c.support_user_id is not null
    union select pt.user_id from patient_therapists pt where s.kind = 'patient' and pt.patient_id = s.patient_id
    union select jr.user_id from chat_reads jr where jr.session_id = s.id
  ) party (user_id)
  join users party_user on party_user.id = party.user_id
  where ${visibleToParty(sql`party.user_id`, sql`party_user.role = 'admin'`)}
)`;

/** The conversation when the viewer may see it, with those to tell of what happens in it. */
export async function sessionAccess(
  db: Db,
  scope: ClinicScope,
  viewer: Viewer,
  sessionId: number,
): Promise<Access | undefined> {
  const [access] = await queryRows(
    db,
    sql`
      select s.kind, s.patient_id, ${RECIPIENTS} as recipients
      from chat_sessions s
      join clinics c on c.id = s.clinic_id
      left join patients p on p.id = s.patient_id
      where s.id = ${sessionId} and s.clinic_id = ${scope.clinicId} and ${visibleTo(viewer)}`,
    (row): Access => ({
      kind: col.oneOf(row, 'kind', KINDS),
      patientId: col.numberOrNull(row, 'patient_id'),
      recipients: col.numbers(row, 'recipients'),
    }),
  );
  return access;
}

export interface MessageRow {
  id: number;
  session_id: number;
  message: string;
  client_id: string | null;
  created_at: Date;
  sender_id: number;
  sender_first_name: string;
  sender_last_name: string;
  sender_role: Role;
}

function messageRow(row: RawRow): MessageRow {
  return {
    id: col.number(row, 'id'),
    session_id: col.number(row, 'session_id'),
    message: col.string(row, 'message'),
    client_id: col.stringOrNull(row, 'client_id'),
    created_at: col.date(row, 'created_at'),
    sender_id: col.number(row, 'sender_id'),
    sender_first_name: col.string(row, 'sender_first_name'),
    sender_last_name: col.string(row, 'sender_last_name'),
    sender_role: col.oneOf(row, 'sender_role', ROLES),
  };
}

const MESSAGE_COLUMNS = sql`m.id, m.session_id, m.message, m.client_id, m.created_at,
  u.id as sender_id, u.first_name as sender_first_name, u.last_name as sender_last_name, u.role as sender_role`;

/**
 * A page of a conversation, oldest first: the newest `limit`, those before `before`, or the first
 * `limit` after `after` (what a reconnecting client missed). One more than asked tells whether
 * more remain.
 */
export async function messagePage(
  db: Db,
  scope: ClinicScope,
  sessionId: number,
  page: { limit: number; before?: number; after?: number },
): Promise<{ rows: MessageRow[]; more: boolean }> {
  const ascending = page.after !== undefined;
  const bound =
    page.after !== undefined
      ? sql`and m.id > ${page.after}`
      : page.before !== undefined
        ? sql`and m.id < ${page.before}`
        : sql``;
  const rows = await queryRows(
    db,
    sql`
      select ${MESSAGE_COLUMNS}
      from chat_messages m join users u on u.id = m.sender_user_id
      where m.session_id = ${sessionId} and m.clinic_id = ${scope.clinicId} ${bound}
      order by m.id ${ascending ? sql`asc` : sql`desc`}
      limit ${page.limit + 1}`,
    messageRow,
  );
  const more = rows.length > page.limit;
  const kept = rows.slice(0, page.limit);
  return { rows: ascending ? kept : kept.reverse(), more };
}

export async function messageCount(db: Db, scope: ClinicScope, sessionId: number): Promise<number> {
  const [count = 0] = await queryRows(
    db,
    sql`select count(*)::int as n from chat_messages
      where session_id = ${sessionId} and clinic_id = ${scope.clinicId}`,
    countRow,
  );
  return count;
}

/** The last message the other side (see SIDE_A) has read. */
export async function otherSideReadUpTo(
  db: Db,
  scope: ClinicScope,
  viewer: Viewer,
  sessionId: number,
): Promise<number | null> {
  const [upTo = null] = await queryRows(
    db,
    sql`
      select max(r.last_read_message_id) as up_to
      from chat_sessions s
      left join patients p on p.id = s.patient_id
      join chat_reads r on r.session_id = s.id
      where s.id = ${sessionId} and s.clinic_id = ${scope.clinicId} and case when ${SIDE_A} = ${viewer.userId}
        then r.user_id <> ${viewer.userId} else r.user_id = ${SIDE_A} end`,
    (row) => col.numberOrNull(row, 'up_to'),
  );
  return upTo;
}

/**
 * Moves the viewer's read mark forward to `messageId`, a message of the conversation. Answers the
 * mark after the move and whether it moved; undefined when the message is not the conversation's.
 */
export async function markRead(
  db: Db,
  scope: ClinicScope,
  viewer: Viewer,
  sessionId: number,
  messageId: number,
  now: Date,
): Promise<{ lastRead: number; moved: boolean } | undefined> {
  const [row] = await queryRows(
    db,
    sql`
      with target as (
        select id from chat_messages
        where id = ${messageId} and session_id = ${sessionId} and clinic_id = ${scope.clinicId}
      ), moved as (
        insert into chat_reads (session_id, user_id, last_read_message_id, updated_at)
        select ${sessionId}, ${viewer.userId}, target.id, ${now.toISOString()} from target
        on conflict (session_id, user_id) do update
          set last_read_message_id = excluded.last_read_message_id, updated_at = excluded.updated_at
          where chat_reads.last_read_message_id < excluded.last_read_message_id
        returning last_read_message_id
      )
      select exists (select 1 from target) as found,
        (select last_read_message_id from moved) as moved_to,
        (select last_read_message_id from chat_reads where session_id = ${sessionId} and user_id = ${viewer.userId}) as current`,
    (raw) => ({
      found: col.boolean(raw, 'found'),
      movedTo: col.numberOrNull(raw, 'moved_to'),
      current: col.numberOrNull(raw, 'current'),
    }),
  );
  if (!row?.found) {
    return undefined;
  }
  return row.movedTo !== null
    ? { lastRead: row.movedTo, moved: true }
    : { lastRead: row.current ?? messageId, moved: false };
}

export interface StoredMessage {
  id: number;
  createdAt: Date;
  /** Whom to tell (RECIPIENTS). */
  recipients: number[];
}

type SendOutcome = StoredMessage | 'not_found' | 'rate_limited' | 'duplicate';

interface MessageToStore {
  clinicId: number;
  sessionId: number;
  senderUserId: number;
  /** Whose access is checked; null for the server's own message. */
  sender: Viewer | null;
  message: string;
  clientId: string | null;
  now: Date;
  /** null: no flood guard (the clinic's own greeting). */
  maxPerMinute: number | null;
  /**
   * The sender's request, whose audit row (chat.send) the same statement writes; null for the
   * server's own greeting, which no person sent.
   */
  audit: RequestMeta | null;
}

/** Messages one statement stores at most; what queued beyond them goes in the next. */
const MESSAGES_PER_STATEMENT = 100;

const messageStores = new WeakMap<Db, (message: MessageToStore) => Promise<SendOutcome>>();

/**
 * Stores a message (a message a second per person adds up, decision 023): the check that the
 * sender sees the conversation (`sender` null: the server's own greeting), the flood guard of
 * `maxPerMinute` in the last minute, the insert, the conversation's last message and the audit
 * row. Answers what was stored with whom to tell, or why nothing was: not the sender's
 * conversation, the flood guard, or a client_id already stored for this sender and conversation.
 * Messages sent while the statement before is under way are stored together by the next one.
 */
export function insertMessage(
  db: Db,
  scope: ClinicScope,
  input: Omit<MessageToStore, 'clinicId'>,
): Promise<SendOutcome> {
  let store = messageStores.get(db);
  if (!store) {
    store = groupCommit((messages) => storeMessages(db, messages), MESSAGES_PER_STATEMENT);
    messageStores.set(db, store);
  }
  return store({ ...input, clinicId: scope.clinicId });
}

async function storeMessages(
  db: Db,
  messages: MessageToStore[],
): Promise<PromiseSettledResult<SendOutcome>[]> {
  try {
    const outcomes = await storeStatement(db, messages);
    return outcomes.map((value) => ({ status: 'fulfilled', value }));
  } catch (error) {
    if (messages.length === 1 || !isStatementRefused(error)) {
      throw error;
    }
    // The statement stored none of them: each again on its own, so only the one at fault fails.
    return Promise.allSettled(
      messages.map(async (message) => (await storeStatement(db, [message]))[0]!),
    );
  }
}

interface StoreRow {
  found: boolean;
  id: number | null;
  created_at: Date | null;
  recent: number | null;
  recipients: number[] | null;
}

function storeRow(row: RawRow): StoreRow {
  return {
    found: col.boolean(row, 'found'),
    id: col.numberOrNull(row, 'id'),
    created_at: col.dateOrNull(row, 'created_at'),
    recent: col.numberOrNull(row, 'recent'),
    recipients: col.numbersOrNull(row, 'recipients'),
  };
}

/**
 * One statement for any number of messages, its text always the same (they travel as one JSON
 * parameter), so each connection plans it once. The flood guard counts a sender's earlier
 * messages of the same statement too. Message ids are drawn before the insert so that each row's
 * answer finds its own stored row, client_id or not.
 */
async function storeStatement(db: Db, messages: MessageToStore[]): Promise<SendOutcome[]> {
  const rows = messages.map((message, ord) => ({
    ord,
    session_id: message.sessionId,
    clinic_id: message.clinicId,
    sender: message.senderUserId,
    checked: message.sender !== null,
    is_admin: message.sender?.role === 'admin',
    message: message.message,
    client_id: message.clientId,
    at: message.now.toISOString(),
    max_per_minute: message.maxPerMinute,
    audited: message.audit !== null,
    ip: message.audit?.ip ?? null,
    user_agent: message.audit ? auditUserAgent(message.audit) : null,
  }));
  const answers = await queryNamedRows(
    db,
    'chat_store_messages',
    sql`
      with input as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as i(
          ord int, session_id int, clinic_id int, sender int, checked boolean, is_admin boolean,
          message text, client_id text, at timestamptz, max_per_minute int, audited boolean,
          ip text, user_agent text)
      ), target as (
        select i.ord, s.id, s.patient_id, ${RECIPIENTS} as recipients
        from input i
        join chat_sessions s on s.id = i.session_id and s.clinic_id = i.clinic_id
        join clinics c on c.id = s.clinic_id
        left join patients p on p.id = s.patient_id
        where not i.checked or ${visibleToParty(sql`i.sender`, sql`i.is_admin`)}
      ), recent as (
        select i.ord,
          (select count(*)::int from chat_messages m
            where m.sender_user_id = i.sender and m.created_at > i.at - interval '1 minute')
          + (select count(*)::int from input e where e.sender = i.sender and e.ord < i.ord) as n
        from input i
      ), numbered as (
        select i.*, t.id as target_id, t.patient_id, nextval('chat_messages_id_seq')::int as new_id
        from input i join target t on t.ord = i.ord join recent r on r.ord = i.ord
        where i.max_per_minute is null or r.n < i.max_per_minute
      ), stored as (
        insert into chat_messages (id, clinic_id, session_id, sender_user_id, message, client_id, created_at)
        overriding system value
        select new_id, clinic_id, target_id, sender, message, client_id, at from numbered order by ord
        on conflict (session_id, sender_user_id, client_id) where client_id is not null do nothing
        returning id, session_id, created_at
      ), latest as (
        update chat_sessions s
        set last_message_id = greatest(coalesce(s.last_message_id, 0), x.id),
          last_activity_at = greatest(s.last_activity_at, x.created_at)
        from (select session_id, max(id) as id, max(created_at) as created_at
          from stored group by session_id) x
        where s.id = x.session_id
      ), audited as (
        insert into audit_log (clinic_id, actor_user_id, action, patient_id, target_type, target_id, ip, user_agent)
        select n.clinic_id, n.sender, 'chat.send', n.patient_id, 'chat_message', st.id::text, n.ip, n.user_agent
        from stored st join numbered n on n.new_id = st.id
        where n.audited
      )
      select i.ord, t.ord is not null as found, st.id, st.created_at, r.n as recent, t.recipients
      from input i
      left join target t on t.ord = i.ord
      left join recent r on r.ord = i.ord
      left join numbered n on n.ord = i.ord
      left join stored st on st.id = n.new_id
      order by i.ord`,
    storeRow,
  );
  return messages.map((message, ord) => outcomeOf(answers[ord]!, message.maxPerMinute));
}

function outcomeOf(row: StoreRow, maxPerMinute: number | null): SendOutcome {
  if (!row.found) {
    return 'not_found';
  }
  if (row.id !== null && row.created_at) {
    return { id: row.id, createdAt: row.created_at, recipients: row.recipients ?? [] };
  }
  return maxPerMinute !== null && (row.recent ?? 0) >= maxPerMinute ? 'rate_limited' : 'duplicate';
}

export async function findMessageByClientId(
  db: Db,
  scope: ClinicScope,
  sessionId: number,
  senderUserId: number,
  clientId: string,
): Promise<MessageRow | undefined> {
  const [row] = await queryRows(
    db,
    sql`
      select ${MESSAGE_COLUMNS}
      from chat_messages m join users u on u.id = m.sender_user_id
      where m.session_id = ${sessionId} and m.clinic_id = ${scope.clinicId}
        and m.sender_user_id = ${senderUserId} and m.client_id = ${clientId}`,
    messageRow,
  );
  return row;
}
