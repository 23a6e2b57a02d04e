/**
 * A request's deadline for the database (docs/decisions.md §9.7, "The
 * database misbehaving"). Each query is bound by the query timeout, and each
 * wait for a connection by the same time; a request that waits for a
 * connection and then for a query, or runs several queries, would add them
 * up. `withinDeadline` hands its work a database whose every wait for a
 * connection and every query of the PostgreSQL pool is also bound by the
 * time the request has left, so a silent database holds no request longer
 * than its deadline in all.
 *
 * The bound database is passed on explicitly (the tRPC context's `db`), not
 * found through AsyncLocalStorage: on Node 20 that installs promise hooks
 * for the whole process, a third of a small read's CPU (docs/performance.md).
 */
export interface Deadline {
  /** Epoch milliseconds; `undefined` once the work it bounded has ended. */
  at: number | undefined;
}

/** How a database makes a copy of itself bound by a deadline (connect.ts registers the pool's); unbound databases (PGlite) have none. */
const binders = new WeakMap<object, (deadline: Deadline) => object>();

/** Registers how `db` is bound by a deadline (its pool's connections and queries). */
export function registerDeadlineBinder<D extends object>(db: D, bind: (deadline: Deadline) => D): void {
  binders.set(db, bind as (deadline: Deadline) => object);
}

/**
 * Runs `work` with a copy of `db` whose waits on the database (a pool
 * connection, each query) have `ms` in all. Once `work` has ended, the copy
 * is not bound any more: a task it started and did not wait for (an email
 * after the answer) runs free of it.
 */
export async function withinDeadline<D extends object, T>(db: D, ms: number, work: (db: D) => Promise<T>): Promise<T> {
  const bind = binders.get(db);
  if (bind === undefined) return work(db);
  const deadline: Deadline = { at: Date.now() + ms };
  try {
    return await work(bind(deadline) as D);
  } finally {
    deadline.at = undefined;
  }
}

/** The milliseconds left to `deadline` (maybe 0 or less), or `undefined` without one. */
export function deadlineLeftMs(deadline: Deadline | undefined): number | undefined {
  const at = deadline?.at;
  return at === undefined ? undefined : at - Date.now();
}
