/**
 * The chat bench's baseline (issue 14): a bare Socket.IO server on PostgreSQL. A socket says who
 * it is in its handshake (`auth.user`, believed as it is) and joins `private-user-<id>`. A message
 * comes as the product's clients send theirs: over the sender's socket (`send_message` with an
 * acknowledgement, decision 023), on the same kind of server (Fastify with Socket.IO on its HTTP
 * server). So both carry the same parsing and socket writes, and what the product adds (the session, Origin and access checks, the flood guard, the
 * conversation's last message and read mark, who is told) is the difference. One INSERT into the
 * product's own chat_messages (the same indexes and foreign keys) stores it, then `new_message`
 * goes to the rooms of the conversation's two people, the sender's too, as the product tells
 * everyone in one (the sender's other tabs). The recipient comes with the message: finding it is
 * the product's work. With CHAT_ADAPTER=postgres, rooms span nodes over the same PostgreSQL
 * adapter the product uses.
 */
import { createAdapter } from '@socket.io/postgres-adapter';
import Fastify from 'fastify';
import pg from 'pg';
import { Server } from 'socket.io';
import { REALTIME_PATH, privateUserRoom } from '../packages/contract/src/realtime/events';

const clinicId = Number(process.env.BENCH_CLINIC_ID);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const app = Fastify({ logger: false });
const io = new Server(app.server, { path: REALTIME_PATH });
if (process.env.CHAT_ADAPTER === 'postgres') {
  io.adapter(createAdapter(pool));
}

interface BareMessage {
  session: number;
  sender: number;
  recipient: number;
  message: string;
  client_id: string;
}

/** Stores the message with one INSERT and tells both people's rooms. */
async function storeAndEmit(body: BareMessage) {
  const { rows } = await pool.query<{ id: number; created_at: Date }>(
    `insert into chat_messages (clinic_id, session_id, sender_user_id, message, client_id)
     values ($1, $2, $3, $4, $5) returning id, created_at`,
    [clinicId, body.session, body.sender, body.message, body.client_id],
  );
  const message = {
    id: rows[0]!.id,
    session: body.session,
    message: body.message,
    sender: { id: body.sender },
    client_id: body.client_id,
    created_at: rows[0]!.created_at.toISOString(),
  };
  io.to([privateUserRoom(body.sender), privateUserRoom(body.recipient)]).emit(
    'new_message',
    message,
  );
  return message;
}

io.on('connection', (socket) => {
  const sender = Number((socket.handshake.auth as { user: unknown }).user);
  void socket.join(privateUserRoom(sender));
  socket.on(
    'send_message',
    (
      payload: Omit<BareMessage, 'sender'>,
      ack: (answer: { status: number; data?: unknown }) => void,
    ) => {
      storeAndEmit({ ...payload, sender }).then(
        (data) => ack({ status: 201, data }),
        () => ack({ status: 500 }),
      );
    },
  );
});
app.get('/bare-health', async () => ({ ok: true }));

app.addHook('onClose', async () => {
  await new Promise((resolve) => io.close(resolve));
  await pool.end();
});
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3232) });
