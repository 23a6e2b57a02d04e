import { connectDatabase } from '@reorder/db';
import { createTestDatabase } from '@reorder/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * A connection that dies while the app holds it (inside a transaction,
 * between two queries) must fail that transaction, not the process: pg
 * emits the loss as an 'error' event on the client, which nobody listened
 * to while it was checked out. Vitest fails the run on the uncaught error
 * this used to be.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.drop());

describe('losing a connection in the middle of a transaction', () => {
  it('fails the transaction, leaves the process and the pool working', async () => {
    const handle = await connectDatabase({ databaseUrl: database.url! });
    const admin = await connectDatabase({ databaseUrl: database.url! });
    try {
      const failed = handle.db.transaction().execute(async (tx) => {
        const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(tx);
        // The server ends this very connection while the transaction waits between two queries.
        await sql`SELECT pg_terminate_backend(${rows[0]!.pid})`.execute(admin.db);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await sql`SELECT 1`.execute(tx);
      });
      await expect(failed).rejects.toThrow();
      // A new connection serves the next query.
      const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(handle.db);
      expect(rows[0]!.one).toBe(1);
    } finally {
      await handle.close();
      await admin.close();
    }
  });
});
