import { connectDatabase, type Database, type DatabaseHandle, QueryTimeoutError, withinDeadline } from '@reorder/db';
import { createTestDatabase } from '@reorder/testing';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * docs/decisions.md §9.7, "The database misbehaving": through the database
 * a request's deadline gives it (`withinDeadline`), every wait for a pool
 * connection and every query is bound by the time left, on real PostgreSQL. A query cut short
 * takes its connection with it, so no transaction goes back to the pool
 * open; work outside the deadline is bound by the query timeout alone.
 */

const database = await createTestDatabase();
let handle: DatabaseHandle;
beforeAll(async () => {
  // One connection, so a second caller has to wait for it; a query timeout far above the deadlines tested.
  handle = await connectDatabase({ databaseUrl: database.url!, maxConnections: 1, queryTimeoutMs: 10_000 });
});
afterAll(async () => {
  await handle?.close();
  await database.drop();
});

const sleep = (seconds: number, db: Kysely<Database> = handle.db) => sql`SELECT pg_sleep(${seconds})`.execute(db);
const timed = async (work: () => Promise<unknown>) => {
  const started = Date.now();
  const error = await work().then(
    () => undefined,
    (e: unknown) => e,
  );
  return { error, ms: Date.now() - started };
};
const openTransactions = async () =>
  Number(
    (
      await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND state LIKE 'idle in transaction%'`.execute(handle.db)
    ).rows[0]?.n,
  );

describe.runIf(database.url)('a request deadline on PostgreSQL', () => {
  it('cuts a query at the time left, and the pool answers at once after it', async () => {
    const { error, ms } = await timed(() => withinDeadline(handle.db, 300, (db) => sleep(3, db)));
    expect(error).toBeInstanceOf(QueryTimeoutError);
    expect(ms).toBeLessThan(2000);
    const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(handle.db);
    expect(rows[0]?.one).toBe(1);
  });

  it('cuts a transaction midway and leaves no transaction open', async () => {
    const { error, ms } = await timed(() =>
      withinDeadline(handle.db, 400, (db) =>
        db.transaction().execute(async (trx) => {
          await sql`SELECT 1`.execute(trx);
          await sql`SELECT pg_sleep(3)`.execute(trx);
        }),
      ),
    );
    expect(error).toBeInstanceOf(QueryTimeoutError);
    expect(ms).toBeLessThan(2000);
    expect(await openTransactions()).toBe(0);
  });

  it('bounds the wait for a busy pool by the time left', async () => {
    const holder = sleep(1.5);
    await new Promise((r) => setTimeout(r, 100));
    const { error, ms } = await timed(() => withinDeadline(handle.db, 300, (db) => sql`SELECT 1`.execute(db)));
    expect(String(error)).toMatch(/timeout exceeded when trying to connect/);
    expect(ms).toBeLessThan(1000);
    await holder;
  });

  it('fails at once when no time is left, before sending anything', async () => {
    const { error, ms } = await timed(() =>
      withinDeadline(handle.db, 50, async (db) => {
        await new Promise((r) => setTimeout(r, 100));
        await sql`SELECT 1`.execute(db);
      }),
    );
    expect(String(error)).toMatch(/timeout/);
    expect(ms).toBeLessThan(1000);
    expect(await openTransactions()).toBe(0);
  });

  it('does not bind the database it gave once the request has ended, nor the database itself', async () => {
    // The database itself, used within a deadline, is bound by the query timeout alone.
    await expect(withinDeadline(handle.db, 200, () => sleep(0.6))).resolves.toBeDefined();
    // Work that merely began within it, once it has ended.
    let started: Promise<unknown> | undefined;
    await withinDeadline(handle.db, 200, async (db) => {
      started = new Promise((r) => setTimeout(r, 10)).then(() => sleep(0.6, db));
    });
    await expect(started).resolves.toBeDefined();
  });
});
