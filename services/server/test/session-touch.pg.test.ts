import { createTestDatabase, startTestServer, TEST_DB, type TestServer } from '@reorder/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * A device's "last seen" is written once every few minutes, not on every
 * request (packages/api/src/sessions/require-user.ts). When it falls due,
 * the requests under way at that moment share the session the server keeps
 * in memory: one of them writes it, not each. PostgreSQL only
 * (vitest.config.ts): the first write is held open with `pg_sleep` in a
 * trigger while the others arrive, which the embedded database, running in
 * the server's own thread, cannot do.
 */
describe("a device's last use", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let t: TestServer;

  beforeAll(async () => {
    expect(TEST_DB).toBe('postgres');
    database = await createTestDatabase();
    t = await startTestServer({ databaseUrl: database.url });
  });

  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it('is written by one of the requests under way when it falls due, not by each', async () => {
    const user = await t.api.register();
    const { db } = t.server.deps;
    // Each write to a session is counted, and the first is held for half a second.
    await sql`CREATE TABLE test_session_writes (user_id int NOT NULL)`.execute(db);
    await sql`CREATE FUNCTION test_count_session_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO test_session_writes VALUES (NEW.user_id);
        IF (SELECT count(*) FROM test_session_writes) = 1 THEN PERFORM pg_sleep(0.5); END IF;
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER test_count_session_write AFTER UPDATE ON sessions FOR EACH ROW EXECUTE FUNCTION test_count_session_write()`.execute(
      db,
    );
    const writes = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM test_session_writes`.execute(db)).rows[0]?.n);

    expect((await t.api.get('/api/users/me', user.token)).status).toBe(200);
    const { id: sessionId } = await db.selectFrom('sessions').select('id').where('user_id', '=', user.user.id).executeTakeFirstOrThrow();
    expect(t.server.deps.sessions.listening).toBe(true);
    const kept = (await t.server.deps.sessions.find(db, sessionId, user.user.id)) as { session: { lastSeenAt: Date } };
    // The server has known the session for six minutes, and the device was last seen then.
    kept.session.lastSeenAt = new Date(Date.now() - 6 * 60 * 1000);

    const answers = await Promise.all(Array.from({ length: 8 }, () => t.api.get('/api/users/me', user.token)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(await writes()).toBe(1);
    const { last_seen_at } = await db.selectFrom('sessions').select('last_seen_at').where('id', '=', sessionId).executeTakeFirstOrThrow();
    expect(Date.now() - last_seen_at.getTime()).toBeLessThan(60_000);
  });
});
