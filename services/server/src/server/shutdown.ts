import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import type { ApiDeps, Mailer } from '@reorder/api';
import type { DatabaseHandle } from '@reorder/db';
import type { DataDirLock } from '../data-lock.ts';
import type { Connections } from './connections.ts';
import type { Jobs } from './jobs.ts';

/** Everything a running server stops, in the order `close` stops it. */
export interface ShutdownParts {
  jobs: Jobs;
  server: Server;
  connections: Connections;
  drainIdleMs: number;
  deps: ApiDeps;
  mailer: Mailer;
  sessionCache: { stop(): Promise<void> };
  database: DatabaseHandle;
  lock: DataDirLock | undefined;
}

/**
 * The server's `close`: stops accepting, lets requests in flight finish
 * (the drain of docs/decisions.md §8.6), then stops the work they left
 * behind and closes mail, the session cache and the database. Called twice,
 * it returns the same promise.
 */
export function createClose(parts: ShutdownParts): () => Promise<void> {
  const { jobs, server, connections, deps, mailer, sessionCache, database, lock } = parts;
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= (async () => {
      jobs.stopTimers();
      // net.Server's close, not http.Server's: that one also cuts every idle keep-alive connection at once.
      const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
      // Every answer from now on closes its connection; a connection left idle is closed after a grace.
      connections.drain(parts.drainIdleMs);
      await closed;
      connections.stop();
      // Mail that follows an answer already given still goes out before the database closes.
      await deps.background.drain();
      await jobs.settle();
      mailer.close();
      await sessionCache.stop();
      await database.close();
      await lock?.release();
    })();
    return closing;
  };
}
