import { once } from 'node:events';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Connections, trackConnections } from './connections.ts';

/** Slow clients may not hold a connection for long (docs/decisions.md §4); tests shorten these. */
export interface ConnectionLimits {
  /** The whole request head must arrive within this. */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this. */
  requestTimeoutMs: number;
  /** How often Node looks for connections past those limits. */
  checkIntervalMs: number;
  /** Connections open at once; past it, new ones are refused. */
  maxConnections: number;
  /**
   * While draining, how long a keep-alive connection may sit idle before it
   * is closed: a busy client sends its next request within it and gets an
   * answer with `Connection: close` instead of a cut connection.
   */
  drainIdleMs: number;
}

export const CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 60_000,
  checkIntervalMs: 5_000,
  maxConnections: 2_000,
  drainIdleMs: 2_000,
};

/** The listening HTTP server, its connections (for the drain) and the port it got. */
export interface HttpServer {
  server: Server;
  connections: Connections;
  port: number;
}

/** Serves `listener` on the configured host and port, within the connection limits, and waits until it listens. */
export async function startHttpServer(
  address: { host: string; port: number },
  limits: ConnectionLimits,
  listener: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<HttpServer> {
  const connections = trackConnections();
  const server = createHttpServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
    (req, res) => {
      connections.request(req, res);
      listener(req, res);
    },
  );
  server.on('connection', connections.connection);
  server.maxConnections = limits.maxConnections;
  // Longer than the usual load balancer's idle timeout (60 s), so the balancer closes first.
  server.keepAliveTimeout = 65_000;
  server.listen(address.port, address.host);
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  return { server, connections, port };
}
