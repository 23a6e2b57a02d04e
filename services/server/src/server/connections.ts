import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** The server's connections, as trackConnections keeps them. */
export type Connections = ReturnType<typeof trackConnections>;

/**
 * The server's connections, for a drain that cuts no request (docs/decisions.md
 * §8.6): closing a keep-alive connection the moment it goes idle races the
 * client's next request on it, which then fails with ECONNRESET (a POST is
 * not retried). While draining, every answer carries `Connection: close`
 * (answers not yet begun included), so a busy client closes the connection
 * itself after its next answer; only a connection idle for `idleMs` is
 * closed by the server, with a FIN first.
 */
export function trackConnections() {
  const open = new Map<Socket, { active: number; idleSince: number }>();
  const answering = new Set<ServerResponse>();
  let draining = false;
  let sweep: NodeJS.Timeout | undefined;
  const closeIdle = (idleMs: number) => {
    const now = Date.now();
    for (const [socket, state] of open) {
      if (state.active > 0 || now - state.idleSince < idleMs) continue;
      open.delete(socket);
      socket.end();
      setTimeout(() => socket.destroy(), 1000).unref();
    }
  };
  return {
    connection(socket: Socket) {
      open.set(socket, { active: 0, idleSince: Date.now() });
      socket.once('close', () => open.delete(socket));
    },
    request(req: IncomingMessage, res: ServerResponse) {
      const state = open.get(req.socket);
      if (state) state.active += 1;
      answering.add(res);
      if (draining) res.setHeader('Connection', 'close');
      res.once('close', () => {
        answering.delete(res);
        if (state) {
          state.active -= 1;
          state.idleSince = Date.now();
        }
      });
    },
    drain(idleMs: number) {
      draining = true;
      for (const res of answering) if (!res.headersSent) res.setHeader('Connection', 'close');
      closeIdle(idleMs);
      sweep = setInterval(() => closeIdle(idleMs), Math.min(100, Math.max(10, idleMs)));
    },
    stop() {
      clearInterval(sweep);
    },
  };
}
