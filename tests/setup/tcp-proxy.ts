/**
 * A TCP proxy in front of the test PostgreSQL server, for the outage tests: `close()` drops every
 * connection and stops listening (the database is "down": new connections are refused), `open()`
 * listens again on the same port (the database is back). Servers under test point DATABASE_URL
 * at it (docs/architecture/server.md#outages).
 *
 * In front of the site's server it is a venue's Wi-Fi without internet: `cut()` keeps listening but
 * nothing reaches the server any more — connections are taken and never answered, and those open
 * go silent — while the browser still has its network (tests/e2e/offline-check-in.spec.ts).
 * `open()` ends the cut: the silent connections are dropped, as a network coming back finds them.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

export type TcpProxy = {
  port: number;
  /** DATABASE_URL through the proxy. */
  url: (databaseUrl: string) => string;
  open: () => Promise<void>;
  close: () => Promise<void>;
  /** Nothing gets through, nothing is refused: every request hangs. */
  cut: () => Promise<void>;
};

/** A proxy to `target` (host and port) on a port of its own; it starts closed unless `open` is true. */
export async function startTcpProxy(target: { host: string; port: number }, options: { port: number; open?: boolean }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const silent = new Set<Socket>();
  let server: Server | undefined;
  let forwarding = true;
  const upstreams = new Map<Socket, Socket>();
  /** Takes what the client sends and answers nothing. */
  const silence = (client: Socket) => {
    silent.add(client);
    client.unpipe();
    client.on('data', () => undefined);
  };
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
      if (!forwarding) {
        forwarding = true;
        for (const socket of silent) socket.destroy();
        silent.clear();
      }
      if (server) return;
      const listening = createServer((client) => {
        track(client);
        client.on('error', () => undefined);
        if (!forwarding) return silence(client);
        const upstream = connect(target.port, target.host);
        track(upstream);
        upstreams.set(client, upstream);
        upstream.once('close', () => upstreams.delete(client));
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
    async cut() {
      if (!server) await proxy.open();
      forwarding = false;
      for (const [client, upstream] of upstreams) {
        upstream.unpipe();
        upstream.destroy();
        silence(client);
      }
      upstreams.clear();
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
