/**
 * A TCP proxy in front of the test PostgreSQL server, for the outage tests: `close()` drops every
 * connection and stops listening (the database is "down": new connections are refused), `open()`
 * listens again on the same port (the database is back). Servers under test point DATABASE_URL
 * at it (docs/architecture.md#outages).
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

export type TcpProxy = {
  port: number;
  /** DATABASE_URL through the proxy. */
  url: (databaseUrl: string) => string;
  open: () => Promise<void>;
  close: () => Promise<void>;
};

/** A proxy to `target` (host and port) on a port of its own; it starts closed unless `open` is true. */
export async function startTcpProxy(target: { host: string; port: number }, options: { port: number; open?: boolean }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const proxy: TcpProxy = {
    port: options.port,
    url(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(options.port);
      return url.toString();
    },
    async open() {
      if (server) return;
      const listening = createServer((client) => {
        const upstream = connect(target.port, target.host);
        track(client);
        track(upstream);
        client.on('error', () => upstream.destroy());
        upstream.on('error', () => client.destroy());
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(options.port, '127.0.0.1', () => resolve());
      });
      server = listening;
    },
    async close() {
      const closing = server;
      server = undefined;
      for (const socket of sockets) socket.destroy();
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
  };
  if (options.open) await proxy.open();
  return proxy;
}
