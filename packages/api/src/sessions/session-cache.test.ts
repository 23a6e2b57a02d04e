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
