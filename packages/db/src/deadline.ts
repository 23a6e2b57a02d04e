import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * A request's deadline for the database (docs/decisions.md §9.7, "The
 * database misbehaving"). Each query is bound by the query timeout, and each
 * wait for a connection by the same time; a request that waits for a
 * connection and then for a query, or runs several queries, would add them
 * up. Within `withinDeadline`, every wait for a connection and every query
 * of a PostgreSQL pool is also bound by the time the request has left, so
 * a silent database holds no request longer than its deadline in all.
 */
interface Deadline {
  /** Epoch milliseconds; `undefined` once the work it bounded has ended. */
  at: number | undefined;
}

const deadlines = new AsyncLocalStorage<Deadline>();

/** Runs `work` with `ms` in all for its waits on the database (a pool connection, a query). */
export async function withinDeadline<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const deadline: Deadline = { at: Date.now() + ms };
  try {
    return await deadlines.run(deadline, work);
  } finally {
    // Work it started and did not wait for (a task after the answer) is not bound by it any more.
    deadline.at = undefined;
  }
}

/** Runs `work` free of the current deadline: work that outlives its request (emails, deliveries). */
export function outsideDeadline<T>(work: () => T): T {
  return deadlines.exit(work);
}

/** The milliseconds left to the current deadline (maybe 0 or less), or `undefined` outside one. */
export function deadlineLeftMs(): number | undefined {
  const at = deadlines.getStore()?.at;
  return at === undefined ? undefined : at - Date.now();
}
