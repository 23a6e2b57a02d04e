import { useDomain } from '@reorder/testing';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { MAX_KEPT_MS, SessionCache } from './session-cache.ts';

/** The in-memory sign-in check against a real (embedded) database and its NOTIFY trigger. */
const t = useDomain();

const claimsOf = async (token: string) => t.domain.deps.tokens.verify(token);

describe('SessionCache', () => {
  it('reads a session once, then answers from memory', async () => {
    const cache = new SessionCache();
    cache.setListening(true);
    const { sessionId, userId } = await claimsOf(t.owner.token);
    const first = await cache.find(t.domain.deps.db, sessionId, userId);
    expect(first?.user.id).toBe(userId);
    expect(cache.size).toBe(1);
    // Ended behind its back (no one tells this cache): memory still answers, which is why it must listen.
    expect(await cache.find(t.domain.deps.db, sessionId, userId)).toBe(first);
  });

  it('trusts a kept check for 60 seconds at most, even when no change is heard', async () => {
    const cache = new SessionCache();
    cache.setListening(true);
    const other = await t.domain.owner();
    const { sessionId, userId } = await claimsOf(other.token);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      expect(await cache.find(t.domain.deps.db, sessionId, userId)).toBeDefined();
      // Ended behind its back: memory answers within the minute, the database after it.
      await sql`UPDATE sessions SET ended_at = now() WHERE id = ${sessionId}`.execute(t.domain.deps.db);
      vi.setSystemTime(Date.now() + MAX_KEPT_MS - 1000);
      expect(await cache.find(t.domain.deps.db, sessionId, userId)).toBeDefined();
      vi.setSystemTime(Date.now() + 1000);
      expect(await cache.find(t.domain.deps.db, sessionId, userId)).toBeUndefined();
      expect(MAX_KEPT_MS).toBe(60_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps nothing while not listening', async () => {
    const cache = new SessionCache();
    const { sessionId, userId } = await claimsOf(t.owner.token);
    expect(await cache.find(t.domain.deps.db, sessionId, userId)).toBeDefined();
    expect(cache.size).toBe(0);
  });

  it('does not keep a check read while a change to any account arrived', async () => {
    const cache = new SessionCache();
    cache.setListening(true);
    const { sessionId, userId } = await claimsOf(t.owner.token);
    const reading = cache.find(t.domain.deps.db, sessionId, userId);
    cache.receive(String(userId + 1000));
    expect(await reading).toBeDefined();
    expect(cache.size).toBe(0);
  });

  /** The database, counting the queries sent through it. */
  function counted() {
    const sent = { queries: 0 };
    const db = t.domain.deps.db.withPlugin({
      transformQuery: (args) => {
        sent.queries++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    return { db, sent };
  }

  it('lets the requests that miss together share one read', async () => {
    const cache = new SessionCache();
    cache.setListening(true);
    const { sessionId, userId } = await claimsOf(t.owner.token);
    const { db, sent } = counted();
    const found = await Promise.all(Array.from({ length: 5 }, () => cache.find(db, sessionId, userId)));
    expect(sent.queries).toBe(1);
    expect(new Set(found).size).toBe(1);
    expect(found[0]?.user.id).toBe(userId);
    // Another user id naming the same session does not share it.
    expect(await Promise.all([cache.find(db, sessionId + 1000, userId), cache.find(db, sessionId + 1000, userId + 1)])).toEqual([
      undefined,
      undefined,
    ]);
    expect(sent.queries).toBe(3);
  });

  it('reads again for a request that came after a change was heard, and reads for each while not listening', async () => {
    const cache = new SessionCache();
    cache.setListening(true);
    const { sessionId, userId } = await claimsOf(t.owner.token);
    const { db, sent } = counted();
    const before = cache.find(db, sessionId, userId);
    cache.receive(String(userId));
    const after = cache.find(db, sessionId, userId);
    await Promise.all([before, after]);
    expect(sent.queries).toBe(2);

    const deaf = new SessionCache();
    const { db: deafDb, sent: deafSent } = counted();
    await Promise.all(Array.from({ length: 3 }, () => deaf.find(deafDb, sessionId, userId)));
    expect(deafSent.queries).toBe(3);
  });

  it('forgets an account when its id arrives, and a session of another user id is never answered', async () => {
    const cache = new SessionCache();
    cache.setListening(true);
    const { sessionId, userId } = await claimsOf(t.owner.token);
    await cache.find(t.domain.deps.db, sessionId, userId);
    expect(await cache.find(t.domain.deps.db, sessionId, userId + 1)).toBeUndefined();
    await cache.find(t.domain.deps.db, sessionId, userId);
    cache.receive(String(userId));
    expect(cache.size).toBe(0);
  });

  it('is told by the database trigger: the domain cache forgets a session ended with plain SQL', async () => {
    const other = await t.domain.owner();
    const { sessionId, userId } = await claimsOf(other.token);
    await other.api.suppliers.list({});
    await sql`UPDATE sessions SET ended_at = now() WHERE id = ${sessionId}`.execute(t.domain.deps.db);
    await expect.poll(() => t.domain.deps.sessions.find(t.domain.deps.db, sessionId, userId)).toBeUndefined();
    await expect(other.api.suppliers.list({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('settles: resolves once its own marker came back through the channel', async () => {
    const cache = t.domain.deps.sessions;
    expect(cache.listening).toBe(true);
    await cache.settle(t.domain.deps.db);
    expect(cache.listening).toBe(true);
  });
});

describe('SessionCache between processes', () => {
  it('answers another process’s settle marker once everything before it is applied, and never its own', async () => {
    const sent: string[] = [];
    const cache = new SessionCache(async (payload) => {
      sent.push(payload);
    });
    cache.setListening(true);
    const { sessionId, userId } = await claimsOf(t.owner.token);
    await cache.find(t.domain.deps.db, sessionId, userId);
    cache.receive(String(userId));
    cache.receive('settle:another-process:1');
    expect(cache.size).toBe(0);
    expect(sent).toEqual(['heard:settle:another-process:1']);
    cache.receive('heard:settle:another-process:1');
    expect(sent).toHaveLength(1);
  });
});
