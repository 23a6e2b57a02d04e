import { readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/** How long a lock may go without being refreshed before it counts as left by a crashed process. */
export const LOCK_STALE_MS = 6_000;

/**
 * Thrown when another live process holds the embedded database folder; its
 * message is the one line the server prints before it stops.
 */
export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

export interface DataDirLock {
  /** Releases the folder (the server stops, or `db:migrate` is done). */
  release(): Promise<void>;
}

/**
 * Takes the embedded database folder for this process alone (docs/decisions.md §7):
 * PGlite is one process's database, and two processes writing the same
 * folder lose data silently. The lock is a directory (proper-lockfile) whose
 * time this process refreshes every few seconds. A lock held by a process
 * that still runs here is refused at once, with one clear line; a lock left
 * by a process that crashed goes stale within LOCK_STALE_MS and is taken
 * over. Should two processes still race for a stale lock, proper-lockfile's
 * compromise check finds the loser within seconds, and `onLost` runs: the
 * server stops rather than write beside another process.
 */
export async function lockDataDir(dataDir: string, onLost: (error: Error) => void): Promise<DataDirLock> {
  const ownerFile = path.join(dataDir, 'reorder.lock.owner');
  const take = (retries: number) =>
    lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, 'reorder.lock'),
      realpath: false,
      stale: LOCK_STALE_MS,
      update: LOCK_STALE_MS / 3,
      retries: { retries, factor: 1, minTimeout: LOCK_STALE_MS / 4, maxTimeout: LOCK_STALE_MS / 4 },
      onCompromised: onLost,
    });
  const refuse = (owner: Owner | undefined) => {
    const holder = owner?.pid
      ? `another Reorder process (pid ${owner.pid}${owner.host && owner.host !== hostname() ? ` on ${owner.host}` : ''})`
      : 'another Reorder process';
    return new DataDirInUseError(
      `the embedded database in ${dataDir} is in use by ${holder}. Stop it first, or give this one another DATA_DIR (several processes need PostgreSQL: set DATABASE_URL).`,
    );
  };
  let release: () => Promise<void>;
  try {
    release = await take(0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    const owner = readOwner(ownerFile);
    // Its holder is running here: refuse now rather than after waiting.
    if (owner && owner.host === hostname() && isAlive(owner.pid)) throw refuse(owner);
    // Its holder is gone (or elsewhere): wait, long enough for a crashed process's lock to go stale.
    try {
      release = await take(Math.ceil((LOCK_STALE_MS * 1.5) / (LOCK_STALE_MS / 4)));
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code !== 'ELOCKED') throw again;
      throw refuse(readOwner(ownerFile));
    }
  }
  writeFileSync(ownerFile, JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() }), { mode: 0o600 });
  return { release };
}

interface Owner {
  pid?: number;
  host?: string;
}

function readOwner(file: string): Owner | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Owner;
  } catch {
    return undefined;
  }
}

/** Whether a process with this id runs here (signal 0 only checks). Also the benchmarks' (tooling/bench). */
export function isAlive(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
