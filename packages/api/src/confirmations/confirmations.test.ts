import { createRateLimiter, defaultRateRules } from '@reorder/api';
import { confirmationLine } from '@reorder/schemas';
import { type Owner, refusal, useDomain } from '@reorder/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { CONFIRMATION_NOT_FOUND, CONFIRMATION_NOT_YET, CONFIRMATION_NOT_YET_RETRY_AFTER } from './confirmations.service.ts';

/**
 * The supplier's confirmation link, through the procedures in-process: what
 * the page shows and nothing more, the token (only its hash kept), expiry
 * and revocation as one 404 (docs/decisions.md §6.4), the 409 of a link whose
 * send has not synced yet (docs/decisions.md §9.3), what the supplier may
 * answer and change, line by line too (docs/decisions.md §8.4), the owner's
 * email and the limits on a link (docs/decisions.md §8.6).
 * services/server/test/confirmations.test.ts keeps the REST and tRPC
 * contract (the link in the sent text, each status, Retry-After, the
 * per-IP limit in a tRPC batch, the push, the logs).
 */
const t = useDomain();

const DAY = 24 * 60 * 60 * 1000;
afterEach(() => {
  t.domain.deps.clock = undefined;
  t.domain.deps.rateRules = defaultRateRules;
  t.domain.deps.rateLimiter = createRateLimiter(t.domain.deps.db);
});

/** The token at the end of a confirmation link. */
const tokenOf = (url: string | null) => /\/confirm\/([A-Za-z0-9_-]{24})$/.exec(url ?? '')?.[1] ?? 'none';

/** The supplier's side: no session, from an IP of its own unless told. */
const supplierSide = (ip = '203.0.113.7') => t.domain.caller(undefined, { ip });

/** An owner with a supplier (asked to confirm) and three products in its order, quantities set. */
async function sentShop(options: { language?: 'en' | 'es'; showPrices?: boolean; owner?: Owner } = {}) {
  const owner = options.owner ?? (await t.domain.owner({ language: options.language ?? 'en', businessName: 'Café Luna' }));
  const supplier = await owner.api.suppliers.create({
    name: 'Verduras Núñez',
    contactName: '',
    messageService: 'whatsapp',
    contactInfo: '+34 600 123 456',
    note: '',
    showPrices: options.showPrices ?? false,
  });
  const { products } = await owner.api.products.bulk({
    orderId: supplier.orderId,
    products: [
      { name: 'Lemons', unit: 'Kg', quantity: 2, price: 3.2, note: 'Unwaxed' },
      { name: 'Onions', unit: 'Bag', quantity: 1 },
      { name: 'Tomatoes', unit: 'Kg', quantity: 2.5, price: 1.85 },
    ],
  });
  await owner.api.orders.update({ id: supplier.orderId, introduce: 'Hola Pepe' });
  const ids = products.map((p) => p.id) as [number, number, number];
  const send = async () => {
    const sent = await owner.api.orders.send({ id: supplier.orderId });
    return { ...sent, token: tokenOf(sent.confirmUrl) };
  };
  return { owner, supplier, orderId: supplier.orderId, ids, send };
}

describe('the page of a link', () => {
  it('shows the business, the supplier, the message and the lines as sent, with their notes, and nothing else of the owner', async () => {
    const shop = await sentShop();
    const sent = await shop.send();
    const page = await supplierSide().confirmations.view({ token: sent.token });
    expect(page).toEqual({
      businessName: 'Café Luna',
      supplierName: 'Verduras Núñez',
      introduce: 'Hola Pepe',
      lines: [
        { productId: shop.ids[0], name: 'Lemons', unit: 'Kg', quantity: 2, price: null, lineTotal: null, note: 'Unwaxed' },
        { productId: shop.ids[1], name: 'Onions', unit: 'Bag', quantity: 1, price: null, lineTotal: null, note: '' },
        { productId: shop.ids[2], name: 'Tomatoes', unit: 'Kg', quantity: 2.5, price: null, lineTotal: null, note: '' },
      ],
      showPrices: false,
      currency: 'EUR',
      sentAt: sent.sentAt,
      expiresAt: expect.any(String),
      confirmation: null,
    });
    // 14 days (the send's time and the link's are taken a moment apart).
    expect(Math.abs(Date.parse(page.expiresAt) - Date.parse(sent.sentAt) - 14 * DAY)).toBeLessThan(60_000);
    expect(JSON.stringify(page)).not.toContain(shop.owner.email);
    // Prices only when the business shares them with this supplier.
    const priced = await sentShop({ showPrices: true });
    const pricedPage = await supplierSide().confirmations.view({ token: (await priced.send()).token });
    expect(pricedPage.showPrices).toBe(true);
    expect(pricedPage.lines.map((l) => [l.price, l.lineTotal])).toEqual([
      [3.2, 6.4],
      [null, null],
      [1.85, 4.625],
    ]);
  });

  it('opens with a token that is stored nowhere: the sent order and the order keep its hash and the nonce it is made from', async () => {
    const shop = await sentShop();
    const sent = await shop.send();
    const db = t.domain.deps.db;
    const row = await db.selectFrom('sent_orders').selectAll().where('id', '=', sent.id).executeTakeFirstOrThrow();
    expect(row.confirm_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(sent.token);
    const next = tokenOf((await shop.owner.api.orders.bySupplier({ supplierId: shop.supplier.id })).confirmUrl);
    const orders = await db.selectFrom('orders').selectAll().where('id', '=', shop.orderId).execute();
    expect(JSON.stringify(orders)).not.toContain(sent.token);
    expect(JSON.stringify(orders)).not.toContain(next);
    // A second send carries a new link; both open their own sent order.
    const second = await shop.send();
    expect(second.token).toBe(next);
    expect((await supplierSide().confirmations.view({ token: sent.token })).sentAt).toBe(sent.sentAt);
    expect((await supplierSide().confirmations.view({ token: second.token })).sentAt).toBe(second.sentAt);
  });

  it('is the same 404 when unknown, malformed, expired or revoked; it works until its 14th day ends', async () => {
    const shop = await sentShop();
    const sent = await shop.send();
    const gone = async (token: string) => {
      for (const call of [
        () => supplierSide().confirmations.view({ token }),
        () => supplierSide().confirmations.answer({ token, unavailable: [] }),
      ]) {
        expect(await refusal(call()), token).toEqual({ kind: 'NOT_FOUND', status: 404, message: CONFIRMATION_NOT_FOUND, issues: [] });
      }
    };
    await gone('A'.repeat(24));
    await gone('not-a-token');
    await gone(`${sent.token}x`);

    const sentAt = Date.parse(sent.sentAt);
    t.domain.deps.clock = () => sentAt + 14 * DAY - 60_000;
    expect((await supplierSide().confirmations.answer({ token: sent.token, unavailable: [] })).confirmation?.status).toBe('confirmed');
    t.domain.deps.clock = () => sentAt + 14 * DAY + 60_000;
    await gone(sent.token);
    t.domain.deps.clock = undefined;

    // Deleting the supplier deletes its order and sent orders: the link is revoked.
    const other = await sentShop();
    const otherSent = await other.send();
    await supplierSide().confirmations.view({ token: otherSent.token });
    await other.owner.api.suppliers.delete({ id: other.supplier.id });
    await gone(otherSent.token);
  });
});

describe('a link whose send has not reached the server (§9.3)', () => {
  const notYet = async (call: Promise<unknown>) =>
    expect(await refusal(call)).toEqual({
      kind: 'CONFLICT',
      status: 409,
      message: CONFIRMATION_NOT_YET,
      issues: [],
      retryAfter: CONFIRMATION_NOT_YET_RETRY_AFTER,
    });

  it('is 409 "not yet" until the offline send syncs, then the order; 404 once the order is withdrawn', async () => {
    const shop = await sentShop();
    // The device read the order (and its link), then sent it offline: the server has no sent order yet.
    const order = await shop.owner.api.orders.bySupplier({ supplierId: shop.supplier.id });
    const token = tokenOf(order.confirmUrl);
    await notYet(supplierSide().confirmations.view({ token }));
    await notYet(supplierSide().confirmations.answer({ token, unavailable: [] }));
    // The answer changed nothing: no sent order, and the order still holds the same link.
    expect(await shop.owner.api.orders.history({ id: shop.orderId })).toEqual([]);
    expect((await shop.owner.api.orders.bySupplier({ supplierId: shop.supplier.id })).confirmUrl).toBe(order.confirmUrl);

    // The phone syncs: the send it made, with its lines and time.
    const lines = order.products
      .filter((p) => p.quantity > 0)
      .map(({ productId, name, unit, quantity }) => ({ productId, name, unit, quantity }));
    const sent = await shop.owner.api.orders.send({
      id: shop.orderId,
      text: `${order.text}\n\n${confirmationLine('en', order.confirmUrl!)}`,
      introduce: order.introduce,
      lines,
      sentAt: new Date(Date.now() - 10 * 60_000).toISOString(),
    });
    expect(sent.confirmUrl).toBe(order.confirmUrl);
    expect((await supplierSide().confirmations.view({ token })).lines.map((l) => l.name)).toEqual(['Lemons', 'Onions', 'Tomatoes']);
    expect((await supplierSide().confirmations.answer({ token, unavailable: [shop.ids[0]] })).confirmation?.status).toBe('partial');

    // The order's next link is "not yet" in its turn; withdrawing the order (deleting the supplier) makes both 404.
    const next = tokenOf((await shop.owner.api.orders.bySupplier({ supplierId: shop.supplier.id })).confirmUrl);
    expect(next).not.toBe(token);
    await notYet(supplierSide().confirmations.view({ token: next }));
    await shop.owner.api.suppliers.delete({ id: shop.supplier.id });
    for (const withdrawn of [token, next]) {
      expect((await refusal(supplierSide().confirmations.view({ token: withdrawn }))).kind).toBe('NOT_FOUND');
      expect((await refusal(supplierSide().confirmations.answer({ token: withdrawn, unavailable: [] }))).kind).toBe('NOT_FOUND');
    }
  });

  it('knows the link of an order from before the hash was kept once the owner has seen it', async () => {
    const shop = await sentShop();
    const token = tokenOf((await shop.owner.api.orders.bySupplier({ supplierId: shop.supplier.id })).confirmUrl);
    await notYet(supplierSide().confirmations.view({ token }));
    // As a row migrated from before: no hash. Unknown until the owner's app is shown the link again.
    await t.domain.deps.db.updateTable('orders').set({ confirm_token_hash: null }).where('id', '=', shop.orderId).execute();
    expect((await refusal(supplierSide().confirmations.view({ token }))).kind).toBe('NOT_FOUND');
    expect(tokenOf((await shop.owner.api.orders.bySupplier({ supplierId: shop.supplier.id })).confirmUrl)).toBe(token);
    await notYet(supplierSide().confirmations.view({ token }));
  });

  it("tells nothing of another business's order behind its next link, and keeps the 404 for links never made", async () => {
    const shop = await sentShop();
    const refused = await refusal(
      supplierSide().confirmations.view({
        token: tokenOf((await shop.owner.api.orders.bySupplier({ supplierId: shop.supplier.id })).confirmUrl),
      }),
    );
    expect(refused.kind).toBe('CONFLICT');
    expect(JSON.stringify(refused)).not.toMatch(/Café Luna|Verduras|Lemons/);
    expect((await refusal(supplierSide().confirmations.view({ token: 'B'.repeat(24) }))).kind).toBe('NOT_FOUND');
  });
});

describe("the supplier's answer", () => {
  it('sets the status from the lines (none unavailable: confirmed; some: partial; all: declined) and can be changed until the link expires', async () => {
    const shop = await sentShop();
    const sent = await shop.send();
    const [lemons, onions, tomatoes] = shop.ids;
    const answer = (input: Omit<Parameters<Owner['api']['confirmations']['answer']>[0], 'token'>) =>
      supplierSide().confirmations.answer({ token: sent.token, ...input });

    expect((await answer({ unavailable: [] })).confirmation).toEqual({
      status: 'confirmed',
      respondedAt: expect.any(String),
      note: '',
      deliveryDate: null,
      unavailable: [],
      lines: [],
    });
    const tomorrow = new Date(Date.parse(sent.sentAt) + DAY).toISOString().slice(0, 10);
    // Repeated ids count once, in the order's order; the note is trimmed.
    expect(
      (await answer({ unavailable: [tomatoes, lemons, lemons], note: '  No lemons this week  ', deliveryDate: tomorrow })).confirmation,
    ).toMatchObject({
      status: 'partial',
      note: 'No lemons this week',
      deliveryDate: tomorrow,
      unavailable: [lemons, tomatoes],
    });
    expect((await answer({ unavailable: [onions, lemons, tomatoes] })).confirmation?.status).toBe('declined');
    expect((await supplierSide().confirmations.view({ token: sent.token })).confirmation?.status).toBe('declined');
    // The owner reads the latest answer in the history and on the one sent order.
    await answer({ unavailable: [onions], note: 'Sin cebolla' });
    const [latest] = await shop.owner.api.orders.history({ id: shop.orderId });
    expect(latest?.confirmation).toMatchObject({ status: 'partial', unavailable: [onions], note: 'Sin cebolla', deliveryDate: null });
    expect((await shop.owner.api.orders.sent({ id: shop.orderId, sentOrderId: sent.id })).confirmation).toEqual(latest?.confirmation);
  });

  it('may change each line: another quantity (0 is unavailable), a price when prices are shared, a substitute; only lines that differ are kept', async () => {
    const shop = await sentShop({ showPrices: true });
    const sent = await shop.send();
    const [lemons, onions, tomatoes] = shop.ids;
    const { confirmation } = await supplierSide().confirmations.answer({
      token: sent.token,
      unavailable: [],
      lines: [
        { productId: lemons, quantity: 2, price: 3.5 },
        { productId: onions, quantity: 0, substitute: 'Shallots?' },
        { productId: tomatoes, quantity: 2.5, price: 1.85 },
      ],
    });
    expect(confirmation).toMatchObject({
      status: 'partial',
      unavailable: [onions],
      lines: [
        { productId: lemons, quantity: 2, price: 3.5, substitute: '', priceBefore: 3.2, rise: true },
        { productId: onions, quantity: 0, price: null, substitute: 'Shallots?', priceBefore: null, rise: false },
      ],
    });
    // A confirmed price is the product's now, from the supplier.
    expect((await shop.owner.api.products.prices({ id: lemons })).map((p) => [p.price, p.source])).toEqual([
      [3.5, 'supplier'],
      [3.2, 'owner'],
    ]);
    expect((await shop.owner.api.products.byId({ id: tomatoes })).price).toBe(1.85);
  });

  it('is refused, changing nothing, for products of another order, a price not asked for, a long note, a date out of range', async () => {
    const shop = await sentShop();
    const sent = await shop.send();
    const stranger = await sentShop();
    await stranger.send();
    const answer = (input: Record<string, unknown>) =>
      supplierSide().confirmations.answer({ token: sent.token, unavailable: [], ...input } as never);
    const cases: [Record<string, unknown>, string][] = [
      [{ unavailable: [stranger.ids[0]] }, 'unavailable'],
      [{ lines: [{ productId: stranger.ids[0], quantity: 1 }] }, 'lines.0.productId'],
      [{ lines: [{ productId: shop.ids[0], quantity: 1, price: 3 }] }, 'lines.0.price'],
      [{ note: 'n'.repeat(301) }, 'note'],
      [{ deliveryDate: '2026-02-30' }, 'deliveryDate'],
      [{ deliveryDate: new Date(Date.parse(sent.sentAt) - 3 * DAY).toISOString().slice(0, 10) }, 'deliveryDate'],
      [{ deliveryDate: new Date(Date.parse(sent.sentAt) + 367 * DAY).toISOString().slice(0, 10) }, 'deliveryDate'],
      [{ unavailable: 'all' }, 'unavailable'],
    ];
    for (const [input, field] of cases) {
      const refused = await refusal(answer(input));
      expect(refused.kind, JSON.stringify(input)).toBe('BAD_REQUEST');
      expect([...new Set(refused.issues.map((i) => i.path))], JSON.stringify(input)).toEqual([field]);
    }
    expect((await supplierSide().confirmations.view({ token: sent.token })).confirmation).toBeNull();
    expect((await answer({ note: 'n'.repeat(300) })).confirmation?.note).toHaveLength(300);
  });

  it("reaches its own sent order only: another order's history stays unanswered", async () => {
    const a = await sentShop();
    const b = await sentShop();
    const aSent = await a.send();
    const bSent = await b.send();
    await supplierSide().confirmations.answer({ token: aSent.token, unavailable: [a.ids[0]] });
    expect((await b.owner.api.orders.history({ id: b.orderId }))[0]).toMatchObject({ id: bSent.id, confirmation: null });
    expect((await supplierSide().confirmations.view({ token: bSent.token })).lines.map((l) => l.productId)).toEqual(b.ids);
  });

  it('leaves the unavailable lines out of a re-order', async () => {
    const shop = await sentShop();
    const sent = await shop.send();
    const [lemons, onions, tomatoes] = shop.ids;
    await supplierSide().confirmations.answer({ token: sent.token, unavailable: [lemons] });
    await shop.owner.api.products.clear({ orderId: shop.orderId });
    const order = await shop.owner.api.orders.reorder({ id: shop.orderId, sentOrderId: sent.id });
    expect(Object.fromEntries(order.products.map((p) => [p.productId, p.quantity]))).toEqual({ [lemons]: 0, [onions]: 1, [tomatoes]: 2.5 });
  });
});

describe('the owner is told (§6.4, §8.6)', () => {
  /** The mails about the supplier's answers sent to `email`: their subjects. */
  const notices = async (email: string) =>
    (await t.domain.outbox()).filter((m) => m.to.includes(email) && m.subject.includes('Verduras Núñez'));

  it("by email in the owner's language, with what is unavailable, the note, the delivery date and a link to the sent order", async () => {
    const shop = await sentShop({ language: 'es' });
    const sent = await shop.send();
    await supplierSide().confirmations.answer({
      token: sent.token,
      unavailable: [shop.ids[0]],
      note: 'Sin limones',
      deliveryDate: '2026-12-01',
    });
    const [mail, ...more] = await notices(shop.owner.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Respuesta de Verduras Núñez: faltan algunos productos');
    expect(mail?.text).toContain('No disponible: Lemons (2 Kg).');
    expect(mail?.text).toContain('Sin limones');
    expect(mail?.text).toContain('1 de diciembre de 2026');
    expect(mail?.text).toContain(`http://app.test/orders/${shop.supplier.id}/history/${sent.id}`);
  });

  it("the business's first owner only, not an owner who joined after", async () => {
    const owner = await t.domain.owner({ businessName: 'Café Luna' });
    await t.domain.confirmEmail(owner);
    const later = await t.domain.member(owner, 'owner');
    const shop = await sentShop({ owner });
    const sent = await shop.send();
    await supplierSide().confirmations.answer({ token: sent.token, unavailable: [] });
    expect((await notices(owner.email)).map((m) => m.subject)).toEqual(['Verduras Núñez answered: order confirmed']);
    expect(await notices(later.email)).toEqual([]);
  });

  it('at most once per 5 minutes per link however often the supplier answers: a notice keeps the next window quiet too', async () => {
    let now = Date.UTC(2026, 10, 20, 10, 0, 30);
    t.domain.deps.rateLimiter = createRateLimiter(t.domain.deps.db, () => now);
    const shop = await sentShop();
    const sent = await shop.send();
    const answer = (note: string) => supplierSide().confirmations.answer({ token: sent.token, unavailable: [], note });
    for (const note of ['first', 'second', 'third']) await answer(note);
    expect(await notices(shop.owner.email)).toHaveLength(1);
    // The next 5 minutes stay quiet after a notice; the ones after tell again, as a change.
    now += 5 * 60_000;
    await answer('fourth');
    expect(await notices(shop.owner.email)).toHaveLength(1);
    now += 5 * 60_000;
    await answer('fifth');
    expect((await notices(shop.owner.email)).map((m) => m.subject)).toEqual([
      'Verduras Núñez answered: order confirmed',
      'Verduras Núñez changed their answer: order confirmed',
    ]);
    // Every answer is kept, told or not.
    expect((await supplierSide().confirmations.view({ token: sent.token })).confirmation?.note).toBe('fifth');
  });
});

describe('the limits of a link (§6.4, §8.6)', () => {
  it('takes at most 10 answers an hour; the 11th is refused and changes nothing; another link still answers', async () => {
    const shop = await sentShop();
    const sent = await shop.send();
    for (let i = 1; i <= 10; i++) await supplierSide().confirmations.answer({ token: sent.token, unavailable: [], note: `answer ${i}` });
    const refused = await refusal(supplierSide().confirmations.answer({ token: sent.token, unavailable: [], note: 'answer 11' }));
    expect(refused).toMatchObject({ kind: 'TOO_MANY_REQUESTS', status: 429, retryAfter: expect.any(Number) });
    expect((await supplierSide().confirmations.view({ token: sent.token })).confirmation?.note).toBe('answer 10');
    const other = await shop.send();
    expect((await supplierSide().confirmations.answer({ token: other.token, unavailable: [], note: 'fine' })).confirmation?.note).toBe(
      'fine',
    );
  });

  it('counts every look and answer per IP, found or not, and answers 429 past the limit', async () => {
    t.domain.deps.rateRules = { ...defaultRateRules, confirmationPerIp: { name: 'confirm:ip', limit: 4, windowSeconds: 900 } };
    const shop = await sentShop();
    const sent = await shop.send();
    const ip = '198.51.100.23';
    await supplierSide(ip).confirmations.view({ token: sent.token });
    await refusal(supplierSide(ip).confirmations.view({ token: 'C'.repeat(24) }));
    await supplierSide(ip).confirmations.answer({ token: sent.token, unavailable: [] });
    await supplierSide(ip).confirmations.view({ token: sent.token });
    expect(await refusal(supplierSide(ip).confirmations.view({ token: sent.token }))).toMatchObject({ kind: 'TOO_MANY_REQUESTS' });
    expect(await refusal(supplierSide(ip).confirmations.answer({ token: sent.token, unavailable: [] }))).toMatchObject({
      kind: 'TOO_MANY_REQUESTS',
    });
    // Another IP is counted apart.
    expect((await supplierSide('198.51.100.24').confirmations.view({ token: sent.token })).confirmation?.status).toBe('confirmed');
  });
});
