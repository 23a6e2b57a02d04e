import { type ApiResponse, type RegisteredUser, useTestServer } from '@reorder/testing';
import { describe, expect, it } from 'vitest';

/**
 * docs/decisions.md §8.6, "Mail limits" (issue 27, item 4): an email change
 * sends at most 3 mails per account per hour and 3 per target address per
 * day, cannot be batched, and the per-address count survives erasure.
 */

const t = useTestServer();

const changeEmail = (user: RegisteredUser, email: string) =>
  t.api.put('/api/users/me', { email, currentPassword: user.password }, user.token);

/** The mails sent so far to `address` (every mail of an email change to it holds its link). */
async function mailsTo(address: string) {
  await t.server.deps.background.drain();
  return (await t.outbox()).filter((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase())).length;
}

function expectTooMany(res: ApiResponse) {
  expect(res.status, res.text).toBe(429);
  expect(res.body.error.kind).toBe('TOO_MANY_REQUESTS');
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
}

const outside = () => `victim.${Math.random().toString(36).slice(2, 8)}@outside.example`;

describe('email change mails', () => {
  it('go to one target address at most 3 times a day, even from new accounts after an erasure', async () => {
    const target = outside();
    const first = await t.api.register();
    for (let i = 0; i < 3; i++) expect((await changeEmail(first, target)).status).toBe(200);
    expectTooMany(await changeEmail(first, target));
    expect(await mailsTo(target)).toBe(3);
    // Register, delete, register: the address's count is kept (hashed), not reset.
    const erased = await t.api.request('DELETE', '/api/users/me', { token: first.token, body: { currentPassword: first.password } });
    expect(erased.status).toBe(200);
    const again = await t.api.register({ email: first.email });
    expectTooMany(await changeEmail(again, target));
    const stranger = await t.api.register();
    expectTooMany(await changeEmail(stranger, target.toUpperCase()));
    expect(await mailsTo(target)).toBe(3);
  });

  it('are at most 3 an hour per account, whatever the addresses', async () => {
    const user = await t.api.register();
    const targets = [outside(), outside(), outside(), outside()];
    for (const target of targets.slice(0, 3)) expect((await changeEmail(user, target)).status).toBe(200);
    expectTooMany(await changeEmail(user, targets[3] as string));
    expect(await mailsTo(targets[3] as string)).toBe(0);
  });

  it('cannot be batched: a tRPC batch of email changes is refused whole', async () => {
    const user = await t.api.register();
    const target = outside();
    const input = { email: target, currentPassword: user.password };
    const inputs = Array.from({ length: 10 }, () => input);
    const body = Object.fromEntries(inputs.map((value, i) => [String(i), value]));
    const res = await t.api.request('POST', `/api/trpc/${Array(10).fill('users.updateMe').join(',')}?batch=1`, { body, token: user.token });
    expect(res.status).toBe(400);
    expect(await mailsTo(target)).toBe(0);
    // One at a time it works.
    const single = await t.api.request('POST', '/api/trpc/users.updateMe', { body: input, token: user.token });
    expect(single.status, single.text).toBe(200);
    expect(await mailsTo(target)).toBe(1);
  });
});
