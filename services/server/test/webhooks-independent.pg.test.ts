import { connectDatabase } from '@reorder/db';
import { cleanUp, createTestDatabase, startServerProcess, startWebhookReceiver, TEST_JWT_SECRET } from '@reorder/testing';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * docs/decisions.md §9.7, "Webhooks do not wait on each other": one endpoint
 * that hangs until the delivery timeout (the product's 10 s) delays no
 * other endpoint's deliveries, of its business or another. A real server
 * process (rounds every 500 ms) delivers to a receiver on this machine
 * (ALLOW_PRIVATE_ENDPOINTS=1): business A has a hanging endpoint and a
 * healthy one, business B a healthy one. While the hanging one holds, every
 * price change reaches the healthy endpoints within 2 s.
 */

const database = await createTestDatabase({ migrated: true });
const receiver = await startWebhookReceiver((path) => (path === '/hangs' ? { holdMs: 60_000 } : { status: 200 }));
afterAll(async () => {
  cleanUp();
  await receiver.close();
  await database.drop();
});

const CHANGES = 6;
const WITHIN_MS = 2_000;

describe.runIf(database.url)('a webhook endpoint that hangs', () => {
  it('delays no other endpoint, of its business or another', { timeout: 120_000 }, async () => {
    const server = await startServerProcess(
      {
        DATABASE_URL: database.url as string,
        PUBLIC_URL: 'http://app.test',
        JWT_SECRET: TEST_JWT_SECRET,
        ALLOW_PRIVATE_ENDPOINTS: '1',
        REMINDER_INTERVAL_MS: '0',
        WEBHOOK_INTERVAL_MS: '500',
      },
      90_000,
    );
    const [a, b] = [await server.api.register(), await server.api.register()];
    const check = await connectDatabase({ databaseUrl: database.url });
    try {
      // Proven at once (the emailed link is tested elsewhere): only a proven address adds webhooks.
      await check.db.updateTable('users').set({ email_verified: true }).where('id', 'in', [a.user.id, b.user.id]).execute();
    } finally {
      await check.close();
    }
    const add = async (token: string, path: string) => {
      const res = await server.api.post('/api/webhooks', { url: `${receiver.origin}${path}`, events: ['product.price_changed'] }, token);
      expect(res.status, res.text).toBe(200);
    };
    await add(a.token, '/hangs');
    await add(a.token, '/ok-a');
    await add(b.token, '/ok-b');
    const productOf = async (token: string) => {
      const { products } = await server.api.seedOrder(token, { name: 'Frutas Pepe' }, [{ name: 'Lemons', unit: 'kg', quantity: 1 }]);
      return products[0]!.id as number;
    };
    const [productA, productB] = [await productOf(a.token), await productOf(b.token)];

    /** Changes the price (an event for every endpoint of the business) and answers when the change was made. */
    const change = async (token: string, productId: number, price: number) => {
      const res = await server.api.put(`/api/products/${productId}`, { name: 'Lemons', unit: 'kg', price }, token);
      expect(res.status, res.text).toBe(200);
      return Date.now();
    };
    const arrivedAt = new Map<string, number>();
    const seen = new Set<object>();
    const watch = setInterval(() => {
      for (const delivery of receiver.received) {
        if (seen.has(delivery)) continue;
        seen.add(delivery);
        const data = delivery.event.data as { price: number };
        arrivedAt.set(`${delivery.path} ${data.price}`, Date.now());
      }
    }, 10);
    try {
      const changes: { key: string; at: number }[] = [];
      for (let i = 1; i <= CHANGES; i++) {
        changes.push({ key: `/ok-a ${i}`, at: await change(a.token, productA, i) });
        changes.push({ key: `/ok-b ${i}`, at: await change(b.token, productB, i) });
        await new Promise((r) => setTimeout(r, 1000));
      }
      await new Promise((r) => setTimeout(r, WITHIN_MS));
      const late = changes
        .map(({ key, at }) => ({ key, after: arrivedAt.has(key) ? arrivedAt.get(key)! - at : undefined }))
        .filter(({ after }) => after === undefined || after > WITHIN_MS);
      expect(late, 'deliveries to the healthy endpoints that took longer than 2 s (undefined: not yet)').toEqual([]);
      // The hanging endpoint was posted to meanwhile, and held the delivery.
      expect(receiver.at('/hangs').length).toBeGreaterThan(0);
    } finally {
      clearInterval(watch);
    }
  });
});
