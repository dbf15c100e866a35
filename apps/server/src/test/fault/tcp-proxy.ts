/**
 * A TCP proxy a test can cut: every connection through it dropped at once, and new ones refused
 * until it is opened again. What a client sees of a database restart or a network drop, without
 * touching the real server behind it.
 */
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Connections made through it since it started. */
  connections(): number;
  /**
   * Keeps what the server sends from reaching the client (dropped, not delayed) while the client's
   * bytes still go through: an answer lost on the way, the request done. Until the next cut.
   */
  dropReplies(): void;
  /** Destroys every open connection and stops listening: connecting is refused. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  open(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let made = 0;
  let dropping = false;
  let server: net.Server | null = null;
  let port = 0;

  const listen = async () => {
    const next = net.createServer((client) => {
      made += 1;
      const upstream = net.connect(target.port, target.host);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        // A cut connection's error ends it; the other side learns from its close.
        socket.on('error', () => socket.destroy());
      }
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.pipe(upstream);
      upstream.on('data', (data: Buffer) => {
        if (!dropping) {
          client.write(data);
        }
      });
    });
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve());
    });
    port = (next.address() as net.AddressInfo).port;
    server = next;
  };

  const stop = async () => {
    dropping = false;
    const current = server;
    server = null;
    sockets.forEach((socket) => socket.destroy());
    if (current) {
      await new Promise((resolve) => current.close(resolve));
    }
  };

  await listen();
  return {
    get port() {
      return port;
    },
    connections: () => made,
    dropReplies: () => {
      dropping = true;
    },
    cut: stop,
    open: listen,
    close: stop,
  };
}
