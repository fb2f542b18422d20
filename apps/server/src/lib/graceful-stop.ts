import type { Server } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

interface Connection {
  /** Requests received on it whose response has not ended. */
  open: number;
  /** `socket.bytesRead` when last looked at: a change means a request has begun to arrive. */
  bytesRead: number;
  /** When it last had a request open or received bytes (performance.now()). */
  lastActive: number;
}

export interface DrainOptions {
  /** How long a connection with nothing open must have received nothing before it is closed. */
  idleGraceMs: number;
  /** When to stop waiting and close whatever is still open (performance.now() time). */
  deadline: number;
}

export interface DrainResult {
  /** Requests still running at the deadline, cut off. */
  cut: number;
}

/**
 * Follows every connection of an HTTP server so that stopping can finish every request a client
 * has already sent, including one still on its way on a keep-alive connection that looks idle.
 * Must be attached before the server listens.
 */
export function trackConnections(server: Server) {
  const connections = new Map<Socket, Connection>();
  let accepted = 0;
  let draining = false;
  let onChange: (() => void) | undefined;

  server.on('connection', (socket: Socket) => {
    accepted++;
    if (socket.destroyed) return; // refused by a connection limit
    connections.set(socket, { open: 0, bytesRead: 0, lastActive: performance.now() });
    socket.once('close', () => {
      connections.delete(socket);
      onChange?.();
    });
  });
  // Ahead of the app's own listener, so the header is there before anything is written.
  server.prependListener('request', (req, res) => {
    if (draining) res.setHeader('connection', 'close');
    const connection = connections.get(req.socket);
    if (!connection) return;
    connection.open++;
    res.once('close', () => {
      connection.open--;
      connection.lastActive = performance.now();
    });
  });

  /**
   * Node takes in one queued connection per turn of the event loop, so under load connections
   * the kernel completed long ago, requests and all, can still be waiting. The listening socket
   * is closed once a whole turn has taken in none: closing it earlier would reset those. A
   * steady stream of new connections cannot hold it open past `acceptUntil`.
   */
  function stopAcceptingOnceQueueIsEmpty(acceptUntil: number) {
    let seen = accepted;
    const check = () => {
      if (accepted === seen || performance.now() >= acceptUntil) {
        // http.Server#close would also close every idle keep-alive connection at once, dropping
        // a request already on its way on one; only the listening socket is closed here.
        NetServer.prototype.close.call(server);
        return;
      }
      seen = accepted;
      setImmediate(check);
    };
    // The signal arrived in the middle of a turn; count from the next full one.
    setImmediate(() => {
      seen = accepted;
      setImmediate(check);
    });
  }

  /**
   * Stops accepting connections and resolves once every connection has closed. Each response
   * from now on carries `Connection: close`, so a connection closes after the request it is
   * serving; one that serves nothing is closed once nothing has arrived on it for the grace
   * period after the stop began, long enough for a request sent before then to have arrived.
   */
  function drain({ idleGraceMs, deadline }: DrainOptions): Promise<DrainResult> {
    draining = true;
    const began = performance.now();
    stopAcceptingOnceQueueIsEmpty(began + (deadline - began) / 2);

    return new Promise((resolve) => {
      const finish = (cut: number) => {
        clearInterval(timer);
        onChange = undefined;
        resolve({ cut });
      };
      onChange = () => {
        if (connections.size === 0 && !server.listening) finish(0);
      };
      // Run right after the event loop has read the sockets, so bytes that have reached this
      // process count as activity before any connection is judged idle.
      const sweep = () =>
        setImmediate(() => {
          if (onChange === undefined) return;
          const now = performance.now();
          for (const [socket, connection] of connections) {
            if (connection.open > 0 || socket.bytesRead !== connection.bytesRead) {
              connection.bytesRead = socket.bytesRead;
              connection.lastActive = now;
            } else if (now - Math.max(connection.lastActive, began) >= idleGraceMs) {
              socket.destroy();
            }
          }
          if (connections.size === 0 && !server.listening) {
            finish(0);
          } else if (now >= deadline) {
            let cut = 0;
            for (const [socket, connection] of connections) {
              if (connection.open > 0) cut++;
              socket.destroy();
            }
            finish(cut);
          }
        });
      const timer = setInterval(sweep, Math.max(10, Math.min(100, idleGraceMs / 4)));
      sweep();
    });
  }

  return { drain };
}
