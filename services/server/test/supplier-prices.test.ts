import { expectFailure, expectFieldError, useTestServer } from '@reorder/testing';
import { describe, expect, it } from 'vitest';

/**
 * Money in what is sent and what comes back (docs/decisions.md §8.4, §8.4):
 * prices in the order text when the supplier's showPrices is on, sent orders
 * keeping the prices they went with, and the supplier's answer per line (a
 * quantity, a price, a substitute), a confirmed price becoming the product's.
 */

const t = useTestServer();

const LINK = /\/confirm\/([A-Za-z0-9_-]{24})$/;

/** An owner whose supplier is asked to confirm, with three products in its order: two priced, one not. */
async function pricedShop(options: { language?: 'en' | 'es'; showPrices?: boolean } = {}) {
  const owner = await t.api.register({ language: options.language ?? 'en', businessName: 'Café Luna' });
  const supplier = await t.api.createSupplier(owner.token, { name: 'Frutas Pepe', showPrices: options.showPrices ?? true });
  const orderId = supplier.orderId as number;
  const res = await t.api.post(
    '/api/products/bulk',
    {
      orderId,
      products: [
        { name: 'Lemons', unit: 'Kg', price: 3.2, quantity: 2 },
        { name: 'Tomatoes', unit: 'Kg', price: 1.85, quantity: 1.5 },
        { name: 'Basil', unit: 'bunch', quantity: 3 },
      ],
    },
    owner.token,
  );
  expect(res.status, res.text).toBe(200);
  const ids = Object.fromEntries(res.body.data.products.map((p: { name: string; id: number }) => [p.name, p.id])) as Record<
    'Lemons' | 'Tomatoes' | 'Basil',
    number
  >;
  const order = async () => (await t.api.get(`/api/orders/supplier/${supplier.id}`, owner.token)).body.data;
  const send = async (body: Record<string, unknown> = {}) => {
    const sent = await t.api.post(`/api/orders/${orderId}/send`, body, owner.token);
    expect(sent.status, sent.text).toBe(200);
    return sent.body.data;
  };
  const product = async (id: number) => (await t.api.get(`/api/products/${id}`, owner.token)).body.data;
  return { owner, supplier, orderId, ids, order, send, product };
}

const answer = (confirmUrl: string, body: Record<string, unknown>) =>
  t.api.post(`/api/public/confirmations/${LINK.exec(confirmUrl)?.[1]}`, { unavailable: [], ...body });

describe('prices in the order text', () => {
  it("adds each priced line's amount and a total line when showPrices is on, in the owner's language", async () => {
    const en = await pricedShop();
    expect((await en.order()).text).toBe(
      '3 x bunch: Basil\n2 x Kg: Lemons · €6.40\n1.5 x Kg: Tomatoes · €2.78\nTotal: €9.18 (1 line without a price)',
    );
    const es = await pricedShop({ language: 'es' });
    expect((await es.order()).text).toBe(
      '3 x bunch: Basil\n2 x Kg: Lemons · 6,40 €\n1,5 x Kg: Tomatoes · 2,78 €\nTotal: 9,18 € (1 línea sin precio)',
    );
  });

  it("is round 1's format exactly when showPrices is off", async () => {
    const shop = await pricedShop({ showPrices: false });
    expect((await shop.order()).text).toBe('3 x bunch: Basil\n2 x Kg: Lemons\n1.5 x Kg: Tomatoes');
  });

  it('is in the currency of the business', async () => {
    const shop = await pricedShop();
    expect((await t.api.put('/api/business', { currency: 'USD' }, shop.owner.token)).status).toBe(200);
    expect((await shop.order()).text).toContain('2 x Kg: Lemons · $6.40');
  });
});

describe('a sent order keeps the prices it went with', () => {
  it("keeps each line's price, its total and the currency, whatever the prices are later", async () => {
    const shop = await pricedShop();
    const sent = await shop.send();
    expect(sent).toMatchObject({ total: 9.175, unpricedLines: 1, currency: 'EUR' });
    expect(sent.lines.map((l: { name: string; price: number | null; lineTotal: number | null }) => [l.name, l.price, l.lineTotal])).toEqual(
      [
        ['Basil', null, null],
        ['Lemons', 3.2, 6.4],
        ['Tomatoes', 1.85, 2.775],
      ],
    );
    expect(sent.text.split('\n\n')[0]).toBe((await shop.order()).text);
    await t.api.put(`/api/products/${shop.ids.Lemons}`, { name: 'Lemons', unit: 'Kg', price: 4 }, shop.owner.token);
    const history = (await t.api.get(`/api/orders/${shop.orderId}/history`, shop.owner.token)).body.data;
    expect(history[0]).toEqual(sent);
  });

  it("records a device's send with the prices it gives, or the product's now, and the text they made", async () => {
    const shop = await pricedShop();
    const lines = [
      { productId: shop.ids.Lemons, name: 'Lemons', unit: 'Kg', quantity: 1, price: 3 },
      { productId: shop.ids.Tomatoes, name: 'Tomatoes', unit: 'Kg', quantity: 2 },
    ];
    const text = '1 x Kg: Lemons · €3.00\n2 x Kg: Tomatoes · €3.70\nTotal: €6.70';
    const sent = await shop.send({ introduce: '', lines, text });
    expect(sent.text.startsWith(text)).toBe(true);
    expect(sent).toMatchObject({ total: 6.7, unpricedLines: 0 });
    expect(sent.lines.map((l: { price: number | null }) => l.price)).toEqual([3, 1.85]);
    // A device that still wrote the text without prices (it knew showPrices off) is recorded too.
    const plain = await shop.send({ introduce: '', lines, text: '1 x Kg: Lemons\n2 x Kg: Tomatoes' });
    expect(plain.text).toBe('1 x Kg: Lemons\n2 x Kg: Tomatoes');
    // A text the lines do not make is refused.
    expectFailure(
      await t.api.post(`/api/orders/${shop.orderId}/send`, { introduce: '', lines, text: '1 x Kg: Lemons · €9.00' }, shop.owner.token),
      400,
      'BAD_REQUEST',
    );
    // A price past its limits is refused at its field.
    expectFieldError(
      await t.api.post(`/api/orders/${shop.orderId}/send`, { lines: [{ ...lines[0], price: -1 }] }, shop.owner.token),
      'lines.0.price',
    );
  });
});

describe('the supplier answers per line', () => {
  it('shows the page the prices it was sent with only when showPrices is on', async () => {
    const on = await pricedShop();
    const page = await t.api.get(`/api/public/confirmations/${LINK.exec((await on.send()).confirmUrl)?.[1]}`);
    expect(page.body.data).toMatchObject({ showPrices: true, currency: 'EUR' });
    expect(page.body.data.lines[1]).toMatchObject({ name: 'Lemons', price: 3.2, lineTotal: 6.4 });
    const off = await pricedShop({ showPrices: false });
    const hidden = await t.api.get(`/api/public/confirmations/${LINK.exec((await off.send()).confirmUrl)?.[1]}`);
    expect(hidden.body.data.showPrices).toBe(false);
    expect(hidden.body.data.lines.every((l: { price: number | null }) => l.price === null)).toBe(true);
  });

  it("keeps the lines that changed, makes 0 unavailable, and a confirmed price the product's, from the supplier", async () => {
    const shop = await pricedShop();
    const sent = await shop.send();
    const res = await answer(sent.confirmUrl, {
      lines: [
        { productId: shop.ids.Lemons, quantity: 2, price: 3.5, substitute: null },
        { productId: shop.ids.Tomatoes, quantity: 1, price: 1.85 },
        { productId: shop.ids.Basil, quantity: 0, substitute: 'Mint instead?' },
      ],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.confirmation).toMatchObject({
      status: 'partial',
      unavailable: [shop.ids.Basil],
      lines: [
        { productId: shop.ids.Lemons, quantity: 2, price: 3.5, substitute: '', priceBefore: 3.2, rise: true },
        { productId: shop.ids.Tomatoes, quantity: 1, price: null, substitute: '', priceBefore: 1.85, rise: false },
        { productId: shop.ids.Basil, quantity: 0, price: null, substitute: 'Mint instead?', priceBefore: null, rise: false },
      ],
    });
    // The owner reads the same answer in the history.
    const history = (await t.api.get(`/api/orders/${shop.orderId}/history`, shop.owner.token)).body.data;
    expect(history[0].confirmation).toEqual(res.body.data.confirmation);
    // The confirmed price is the product's now, from the supplier, and flagged (+9.4%).
    expect(await shop.product(shop.ids.Lemons)).toMatchObject({ price: 3.5, priceChange: { from: 3.2, to: 3.5, percent: 9.4 } });
    const prices = (await t.api.get(`/api/products/${shop.ids.Lemons}/prices`, shop.owner.token)).body.data;
    expect(prices.map((p: { price: number; source: string }) => [p.price, p.source])).toEqual([
      [3.5, 'supplier'],
      [3.2, 'owner'],
    ]);
    // A price equal to the one sent changes nothing.
    expect((await shop.product(shop.ids.Tomatoes)).price).toBe(1.85);
  });

  it('keeps `unavailable` working alone, and a line as sent is no change', async () => {
    const shop = await pricedShop();
    const sent = await shop.send();
    const res = await answer(sent.confirmUrl, { unavailable: [shop.ids.Lemons], lines: [{ productId: shop.ids.Tomatoes, quantity: 1.5 }] });
    expect(res.body.data.confirmation).toMatchObject({ status: 'partial', unavailable: [shop.ids.Lemons], lines: [] });
  });

  it('refuses a product of another order, a price when prices are not shared, and values past their limits', async () => {
    const shop = await pricedShop({ showPrices: false });
    const sent = await shop.send();
    const other = await pricedShop();
    expectFieldError(await answer(sent.confirmUrl, { lines: [{ productId: other.ids.Lemons, quantity: 1 }] }), 'lines.0.productId');
    expectFieldError(await answer(sent.confirmUrl, { lines: [{ productId: shop.ids.Lemons, quantity: 1, price: 3 }] }), 'lines.0.price');
    expectFieldError(await answer(sent.confirmUrl, { lines: [{ productId: shop.ids.Lemons, quantity: -1 }] }), 'lines.0.quantity');
    expectFieldError(await answer(sent.confirmUrl, { lines: [{ productId: shop.ids.Lemons, quantity: 1.0001 }] }), 'lines.0.quantity');
    expectFieldError(
      await answer(sent.confirmUrl, { lines: [{ productId: shop.ids.Lemons, quantity: 1, substitute: 's'.repeat(101) }] }),
      'lines.0.substitute',
    );
    expectFieldError(
      await answer(sent.confirmUrl, {
        lines: [
          { productId: shop.ids.Lemons, quantity: 1 },
          { productId: shop.ids.Lemons, quantity: 2 },
        ],
      }),
      'lines',
    );
    // Nothing was kept, and a substitute of 100 goes in.
    const history = (await t.api.get(`/api/orders/${shop.orderId}/history`, shop.owner.token)).body.data;
    expect(history[0].confirmation).toBeNull();
    const ok = await answer(sent.confirmUrl, { lines: [{ productId: shop.ids.Lemons, quantity: 1, substitute: 's'.repeat(100) }] });
    expect(ok.status, ok.text).toBe(200);
  });

  it('tells the owner, by email, what changed and flags a rise of 5% or more', async () => {
    const shop = await pricedShop({ language: 'es' });
    await t.confirmEmail(shop.owner.email, shop.owner.token);
    const sent = await shop.send();
    await answer(sent.confirmUrl, {
      lines: [
        { productId: shop.ids.Lemons, quantity: 1, price: 3.4 },
        { productId: shop.ids.Tomatoes, quantity: 1.5, price: 1.9 },
        { productId: shop.ids.Basil, quantity: 3, substitute: 'Albahaca morada' },
      ],
    });
    await t.server.deps.background.drain();
    const mail = (await t.outbox()).find((m) => m.to.includes(shop.owner.email) && m.subject.includes('Frutas Pepe'));
    expect(mail?.text).toContain(
      'Cambios: Lemons: 1 en vez de 2, 3,40 € por Kg, sube un 6,3 % ⚠; Tomatoes: 1,90 € por Kg; Basil: en su lugar: Albahaca morada.',
    );
  });
});
