import { connectDatabase } from '@reorder/db';
import {
  cleanUp,
  createTestDatabase,
  startServerProcess,
  startWebhookReceiver,
  TEST_JWT_SECRET,
  until,
  verifyWebhookSignature,
} from '@reorder/testing';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Webhook deliveries (docs/decisions.md §8.5) from two real server processes
 * (`src/main.ts`) sharing one PostgreSQL queue, to a receiver on this
 * machine (ALLOW_PRIVATE_ENDPOINTS=1). Rounds every 100 ms, retries after
 * 200 ms (doubling), a 500 ms timeout: the product's rule with short waits.
 * Four endpoints hear every send: one that always answers 200, one that
 * answers 500 once, one that answers the first request too late, and one
 * that redirects to the first. Each event reaches each endpoint once, plus
 * exactly the retries its failures call for; the redirect is never followed.
 * The 24-hour switch-off (on an injected clock) and the private-address
 * refusal are in webhooks.test.ts.
 */

const database = await createTestDatabase({ migrated: true });
const receiver = await startWebhookReceiver((path, n) => {
  if (path === '/fails-once' && n === 1) return { status: 500 };
  if (path === '/slow-once' && n === 1) return { holdMs: 1500 };
  if (path === '/redirects') return { status: 302, location: `${receiver.origin}/ok` };
  return { status: 200 };
});
afterAll(async () => {
  cleanUp();
  await receiver.close();
  await database.drop();
});

const env = {
  DATABASE_URL: database.url as string,
  PUBLIC_URL: 'http://app.test',
  JWT_SECRET: TEST_JWT_SECRET,
  ALLOW_PRIVATE_ENDPOINTS: '1',
  REMINDER_INTERVAL_MS: '0',
  WEBHOOK_INTERVAL_MS: '100',
  WEBHOOK_RETRY_MS: '200',
  WEBHOOK_TIMEOUT_MS: '500',
  WEBHOOK_LEASE_MS: '3000',
};

const SENDS = 4;
const ids = (path: string) => receiver.at(path).map((delivery) => delivery.event.id);
const answeredOk = (path: string) =>
  new Set(
    receiver
      .at(path)
      .filter((d) => d.answered === 200)
      .map((d) => d.event.id),
  );

describe.runIf(database.url)('webhooks with several server processes', () => {
  it('deliver each event once per endpoint, retry a 500 and a timeout, and follow no redirect', { timeout: 60_000 }, async () => {
    const [first, second] = await Promise.all([startServerProcess(env, 60_000), startServerProcess(env, 60_000)]);
    const owner = await first.api.register();
    const check = await connectDatabase({ databaseUrl: database.url });
    try {
      // Proven at once (the emailed link is tested elsewhere): only a proven address adds webhooks.
      await check.db.updateTable('users').set({ email_verified: true }).where('id', '=', owner.user.id).execute();
    } finally {
      await check.close();
    }
    const secrets = new Map<string, string>();
    for (const path of ['/ok', '/fails-once', '/slow-once', '/redirects']) {
      const res = await second.api.post('/api/webhooks', { url: `${receiver.origin}${path}`, events: ['order.sent'] }, owner.token);
      expect(res.status, res.text).toBe(200);
      secrets.set(path, res.body.data.secret);
    }
    const { supplier } = await first.api.seedOrder(owner.token, { name: 'Frutas Pepe' }, [{ name: 'Lemons', unit: 'Kg', quantity: 2 }]);
    // Sends through both processes.
    const sent: number[] = [];
    for (let i = 0; i < SENDS; i++) {
      const res = await (i % 2 ? second : first).api.post(`/api/orders/${supplier.orderId}/send`, {}, owner.token);
      expect(res.status, res.text).toBe(200);
      sent.push(res.body.data.id);
    }

    await until(
      () => ['/ok', '/fails-once', '/slow-once'].every((path) => answeredOk(path).size === SENDS),
      20_000,
      'every event at the endpoints that answer',
    );
    // More rounds on both processes: nothing more arrives at the endpoints that took everything.
    await new Promise((r) => setTimeout(r, 1000));

    // Once each where nothing failed; the redirect's target never got a copy.
    expect(ids('/ok')).toHaveLength(SENDS);
    expect(new Set(ids('/ok')).size).toBe(SENDS);
    expect(
      receiver
        .at('/ok')
        .map((d) => (d.event.data as { id: number }).id)
        .sort(),
    ).toEqual([...sent].sort());
    // The event that got a 500 came again, and only it.
    const failed = receiver.at('/fails-once')[0]!;
    expect(failed.answered).toBe(500);
    expect(ids('/fails-once')).toHaveLength(SENDS + 1);
    expect(ids('/fails-once').filter((id) => id === failed.event.id)).toHaveLength(2);
    // The event the receiver held past the timeout came again, and only it.
    const slow = receiver.at('/slow-once')[0]!;
    expect(slow.answered).toBe(0);
    expect(ids('/slow-once')).toHaveLength(SENDS + 1);
    expect(ids('/slow-once').filter((id) => id === slow.event.id)).toHaveLength(2);
    // The redirect is an answer like a 500: retried, never followed.
    expect(receiver.at('/redirects').length).toBeGreaterThanOrEqual(SENDS);
    expect(receiver.at('/redirects').every((d) => d.answered === 302)).toBe(true);

    // Every request is signed with its endpoint's secret, and with no other.
    for (const delivery of receiver.received) {
      const signature = delivery.headers['reorder-signature'] as string;
      expect(verifyWebhookSignature(secrets.get(delivery.path)!, signature, delivery.body).ok).toBe(true);
      const other = delivery.path === '/ok' ? '/redirects' : '/ok';
      expect(verifyWebhookSignature(secrets.get(other)!, signature, delivery.body).ok).toBe(false);
    }

    // The log says so.
    const hooks = (await first.api.get('/api/webhooks', owner.token)).body.data as { id: number; url: string }[];
    const redirects = hooks.find((hook) => hook.url.endsWith('/redirects'))!;
    const log = (await second.api.get(`/api/webhooks/${redirects.id}/deliveries`, owner.token)).body.data;
    expect(log).toHaveLength(SENDS);
    for (const delivery of log) {
      expect(delivery).toMatchObject({ status: 'pending', responseStatus: 302, error: 'Redirects are not followed (answered 302)' });
    }

    first.running.child.kill('SIGTERM');
    second.running.child.kill('SIGTERM');
    await Promise.all([first.running.exited, second.running.exited]);
  });
});
