import { useDomain } from '@reorder/testing';
import { describe, expect, it } from 'vitest';
import { createRateLimiter, type RateRule } from './rate-limiter.ts';

/** The counters on a real (embedded) database, with a clock the test moves. */
const t = useDomain();
const HOUR = 60 * 60 * 1000;

function limiterAt(start: number) {
  let now = start;
  const limiter = createRateLimiter(t.domain.deps.db, () => now);
  return { limiter, move: (ms: number) => (now += ms) };
}

describe('a strict rule', () => {
  it('lets no span of its window hold more than its limit, across the edge of two fixed windows', async () => {
    const rule: RateRule = { name: `strict-test:${Math.random()}`, limit: 3, windowSeconds: 3600, strict: true };
    // Two minutes before a window ends.
    const { limiter, move } = limiterAt(Math.ceil(Date.now() / HOUR) * HOUR + 100 * HOUR - 2 * 60_000);
    for (let i = 0; i < 3; i++) await limiter.hit(rule, 'someone@example.com');
    move(4 * 60_000);
    // A new fixed window, but the last hour already holds 3.
    await expect(limiter.hit(rule, 'someone@example.com')).rejects.toMatchObject({ kind: 'TOO_MANY_REQUESTS' });
    await limiter.hit(rule, 'another@example.com');
    move(2 * HOUR);
    await limiter.hit(rule, 'someone@example.com');
  });
});

describe('once', () => {
  it('is true once per window and never in the window right after a true one', async () => {
    const rule: RateRule = { name: `once-test:${Math.random()}`, limit: 1, windowSeconds: 300 };
    const { limiter, move } = limiterAt(Math.ceil(Date.now() / HOUR) * HOUR + 200 * HOUR - 1000);
    const results = await Promise.all(Array.from({ length: 5 }, () => limiter.once(rule, 'link')));
    expect(results.filter(Boolean)).toHaveLength(1);
    move(2000);
    // The next window, two seconds after the true one.
    expect(await limiter.once(rule, 'link')).toBe(false);
    expect(await limiter.once(rule, 'other link')).toBe(true);
    move(300_000);
    expect(await limiter.once(rule, 'link')).toBe(true);
  });
});
