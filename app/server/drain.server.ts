import { readFileSync } from 'node:fs';
import { Server as NetServer, type AddressInfo, type Socket } from 'node:net';
import type { Server } from 'node:http';

/**
 * A stop that finishes every request the server has received (docs/architecture/server.md#requests-and-operations).
 *
 * Node's own `server.close()` also closes every connection without a request under way, and a
 * connection accepted a moment before the stop whose request has not been read yet counts as one:
 * it was reset. Here each connection is followed from its start, and at the stop:
 * - connections the system has completed but Node has not yet accepted are taken first (Node
 *   takes one per turn of the event loop), then the server stops accepting;
 * - a connection with a request under way finishes it, and closes after its answer (`Connection: close`);
 * - one that has had at least one whole answer and waits for another closes at once, as a
 *   keep-alive connection may;
 * - one that has not sent a whole request yet is read as long as bytes keep coming: it closes once
 *   it has sent nothing for `quietMs`, or serves its request and closes after the answer.
 */
type Connection = { socket: Socket; active: number; answered: number; bytesRead: number; quietSince: number };

export function followConnections(server: Server, options: { quietMs?: number } = {}) {
  const quietMs = options.quietMs ?? 2_000;
  const connections = new Set<Connection>();
  const bySocket = new WeakMap<Socket, Connection>();
  let stopping = false;

  const closeIfDone = (connection: Connection) => {
    if (stopping && connection.active === 0 && connection.answered > 0) connection.socket.end();
  };

  let lastAccepted = 0;
  server.on('connection', (socket: Socket) => {
    lastAccepted = Date.now();
    const connection: Connection = { socket, active: 0, answered: 0, bytesRead: 0, quietSince: Date.now() };
    connections.add(connection);
    bySocket.set(socket, connection);
    socket.once('close', () => connections.delete(connection));
  });
  server.on('request', (request, response) => {
    const connection = bySocket.get(request.socket);
    if (!connection) return;
    connection.active += 1;
    if (stopping && !response.headersSent) response.setHeader('Connection', 'close');
    response.once('close', () => {
      connection.active -= 1;
      connection.answered += 1;
      connection.quietSince = Date.now();
      closeIfDone(connection);
    });
  });

  /** Connections still open. */
  const open = () => connections.size;

  /**
   * Stops accepting and waits until every connection has closed as above, or until `deadline`
   * (a time in ms); then closes what is left.
   */
  async function drain(deadline: number): Promise<void> {
    stopping = true;
    const stoppedAt = Date.now();
    for (const connection of connections) {
      connection.quietSince = stoppedAt;
      connection.bytesRead = connection.socket.bytesRead;
      closeIfDone(connection);
    }
    // Connections the system completed before the stop wait in the listening socket's queue, and
    // Node takes one of them per turn of the event loop: keep accepting until the queue is empty
    // (without /proc, until none came for 100 ms), for at most 5 s.
    const acceptUntil = Math.min(deadline, stoppedAt + 5_000);
    const port = (server.address() as AddressInfo | null)?.port;
    do await new Promise((resolve) => setTimeout(resolve, 10));
    while (Date.now() < acceptUntil && (port === undefined ? false : (listenQueueLength(port) ?? (Date.now() - lastAccepted < 100 ? 1 : 0)) > 0));
    // Stop listening only: http.Server#close would also close every connection without a request
    // under way, among them those whose request is still to be read.
    NetServer.prototype.close.call(server);
    while (connections.size > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      const now = Date.now();
      for (const connection of connections) {
        if (connection.active > 0) continue;
        if (connection.socket.bytesRead !== connection.bytesRead) {
          connection.bytesRead = connection.socket.bytesRead;
          connection.quietSince = now;
        } else if (now - connection.quietSince >= quietMs) {
          connection.socket.destroy();
        }
      }
    }
    for (const connection of connections) connection.socket.destroy();
  }

  return { drain, open };
}

/**
 * How many connections wait in the queue of the socket listening on `port` (Linux: the listening
 * socket's rx_queue in /proc/net/tcp and tcp6), or null where that cannot be read.
 */
export function listenQueueLength(port: number, tables = ['/proc/net/tcp', '/proc/net/tcp6']): number | null {
  const portHex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  let waiting = 0;
  let read = false;
  for (const table of tables) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    read = true;
    for (const line of text.split('\n').slice(1)) {
      // sl local_address rem_address st tx_queue:rx_queue …; st 0A is LISTEN
      const [, local, , state, queues] = line.trim().split(/\s+/);
      if (state === '0A' && local?.endsWith(portHex)) waiting += Number.parseInt(queues?.split(':')[1] ?? '0', 16) || 0;
    }
  }
  return read ? waiting : null;
}
