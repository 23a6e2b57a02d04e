import { describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_HASHING, verifyPassword } from './passwords.ts';

/**
 * The hashing itself, at the cost every server uses. The other suites hash
 * their many sign-ups at argon2id's lowest cost (TEST_PASSWORD_HASHING in
 * @reorder/testing): those hashes go through the same verification, since a
 * hash carries its own cost.
 */
describe('passwords', () => {
  it("hash with argon2id at OWASP's minimum unless told otherwise: 19 MiB, 2 passes, 1 lane", async () => {
    expect(PASSWORD_HASHING).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    // Salted: the same password never gives the same hash.
    expect(await hashPassword('correct horse battery')).not.toBe(hash);
  });

  it('verify the right password only, at the cost the hash carries', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse battery ')).toBe(false);
    expect(await verifyPassword(hash, '')).toBe(false);
    const cheap = await hashPassword('correct horse battery', { memoryCost: 8, timeCost: 1, parallelism: 1 });
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=8,p=1,t=1\$/);
    expect(await verifyPassword(cheap, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(cheap, 'wrong')).toBe(false);
  });

  it('refuse without a hash or with a broken one, after spending the time of a verification', async () => {
    expect(await verifyPassword(null, 'anything')).toBe(false);
    expect(await verifyPassword(undefined, 'anything')).toBe(false);
    expect(await verifyPassword('$argon2id$not-a-hash', 'anything')).toBe(false);
    // With no hash, a real one (a decoy) is checked, as long as a wrong password on a real account takes:
    // 19 MiB and 2 passes take tens of milliseconds anywhere; returning at once would take microseconds.
    await verifyPassword(null, 'warm up: the decoy is hashed once');
    const started = performance.now();
    await verifyPassword(null, 'wrong');
    expect(performance.now() - started).toBeGreaterThan(5);
  });
});
