import { startTestServer, type TestServer } from '@reorder/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * docs/decisions.md §8.6 (issue 27, item 10): one confirmation link takes at
 * most 10 answers an hour, and its owner hears (email and push) at most once
 * per 5 minutes per link, however often the supplier answers. The notice's
 * 5 minutes are shortened to 3 seconds here (the rule's window), so the test
 * can see the next notice go out.
 */

const NOTICE_WINDOW_S = 3;
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({
    rateRules: { confirmationNoticePerLink: { name: 'confirm-notice:link', limit: 1, windowSeconds: NOTICE_WINDOW_S } },
  });
});
afterAll(() => t?.close());

/** A sent order of a new owner, asking for confirmation: its link's token. */
async function sentLink() {
  const owner = await t.api.register({ businessName: 'Café Luna' });
  const supplier = await t.api.createSupplier(owner.token, { name: 'Verduras Núñez' });
  const orderId = supplier.orderId as number;
  const product = await t.api.createProduct(owner.token, orderId, 'Lemons', 'Kg');
  expect((await t.api.put('/api/products/quantity', { productId: product.id, orderId, quantity: 2 }, owner.token)).status).toBe(200);
  const sent = await t.api.post(`/api/orders/${orderId}/send`, {}, owner.token);
  expect(sent.status, sent.text).toBe(200);
  const token = /\/confirm\/([A-Za-z0-9_-]+)$/.exec(sent.body.data.confirmUrl)?.[1] as string;
  return { owner, token, productId: product.id as number };
}

const answer = (token: string, note: string) =>
  t.api.post(`/api/public/confirmations/${token}`, { unavailable: [], note, deliveryDate: null });

async function noticesTo(email: string) {
  await t.server.deps.background.drain();
  return (await t.outbox()).filter((m) => m.to.includes(email) && /Verduras Núñez/.test(m.subject)).length;
}

describe('a confirmation link', () => {
  it('takes at most 10 answers an hour; the 11th is refused and changes nothing', async () => {
    const { token } = await sentLink();
    for (let i = 1; i <= 10; i++) expect((await answer(token, `answer ${i}`)).status).toBe(200);
    const refused = await answer(token, 'answer 11');
    expect(refused.status).toBe(429);
    expect(refused.body.error.kind).toBe('TOO_MANY_REQUESTS');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const shown = await t.api.get(`/api/public/confirmations/${token}`);
    expect(shown.body.data.confirmation.note).toBe('answer 10');
  });

  it('tells the owner at most once per window, whatever the number of answers; then again', async () => {
    const { owner, token } = await sentLink();
    // Start right after a window begins, so the three answers fall in one.
    const windowMs = NOTICE_WINDOW_S * 1000;
    await new Promise((r) => setTimeout(r, windowMs - (Date.now() % windowMs) + 50));
    for (const note of ['first', 'second', 'third']) expect((await answer(token, note)).status).toBe(200);
    expect(await noticesTo(owner.email)).toBe(1);
    // A notice also keeps the next window quiet: after two windows the owner hears again.
    await new Promise((r) => setTimeout(r, 2 * windowMs + 100));
    expect((await answer(token, 'fourth')).status).toBe(200);
    expect(await noticesTo(owner.email)).toBe(2);
  });

  it('is limited per link: another link of the same owner still takes answers and tells the owner', async () => {
    const first = await sentLink();
    for (let i = 0; i < 11; i++) await answer(first.token, `hammer ${i}`);
    const second = await sentLink();
    expect((await answer(second.token, 'fine')).status).toBe(200);
    expect(await noticesTo(second.owner.email)).toBe(1);
  });
});
