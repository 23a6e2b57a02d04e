import { createRateLimiter, defaultRateRules } from '@reorder/api';
import { type Owner, refusal, useDomain } from '@reorder/testing';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { CLAIM_CLOSED, CLAIM_NEEDS_DONE, CLAIM_TOO_LATE, NOTHING_TO_CLAIM } from './claims.service.ts';
import { EXTRA_ONLY, LINES_PENDING, NO_SUCH_PRODUCT, RECEIPT_DONE, REOPEN_TOO_LATE } from './receipts.service.ts';

/**
 * The delivery and its claim (docs/decisions.md §9.4), through the procedures
 * in-process: what is expected, each outcome, all good, closing and its
 * counts, reopening, bring next time, the claim's amount to the cent, the
 * supplier's answers and their limits, roles and tenancy.
 * services/server/test/receipts.test.ts keeps the REST and tRPC contract.
 */
const t = useDomain();
const DAY = 24 * 60 * 60 * 1000;

afterEach(() => {
  t.domain.deps.clock = undefined;
  t.domain.deps.rateRules = defaultRateRules;
  t.domain.deps.rateLimiter = createRateLimiter(t.domain.deps.db);
});

const tokenOf = (url: string | null, path = 'confirm') => new RegExp(`/${path}/([A-Za-z0-9_-]{24})$`).exec(url ?? '')?.[1] ?? 'none';
const supplierSide = (ip = '203.0.113.7') => t.domain.caller(undefined, { ip });

/** An owner with a supplier (sharing prices), three products (two counted), the order sent. */
async function sentShop(options: { language?: 'en' | 'es'; owner?: Owner } = {}) {
  const owner = options.owner ?? (await t.domain.owner({ language: options.language ?? 'en', businessName: 'Café Luna' }));
  const supplier = await owner.api.suppliers.create({
    name: 'Verduras Núñez',
    contactName: '',
    messageService: 'whatsapp',
    contactInfo: '+34 600 123 456',
    note: '',
    showPrices: true,
  });
  const { products } = await owner.api.products.bulk({
    orderId: supplier.orderId,
    products: [
      { name: 'Lemons', unit: 'Kg', quantity: 2, price: 3.2 },
      { name: 'Onions', unit: 'Bag', quantity: 1 },
      { name: 'Tomatoes', unit: 'Kg', quantity: 2.5, price: 1.85 },
    ],
  });
  const ids = products.map((p) => p.id) as [number, number, number];
  // Lemons and tomatoes were counted; the onions never.
  await sql`UPDATE products SET on_hand = CASE id WHEN ${ids[0]} THEN 1 ELSE 0.5 END WHERE id IN (${ids[0]}, ${ids[2]})`.execute(
    t.domain.deps.db,
  );
  const sent = await owner.api.orders.send({ id: supplier.orderId });
  return { owner, supplier, orderId: supplier.orderId, ids, sent, token: tokenOf(sent.confirmUrl) };
}

const onHand = async (owner: Owner, id: number) => (await owner.api.products.byId({ id })).onHand;

describe('what is expected', () => {
  it('is what was sent, with its prices, when the supplier did not answer; every line pending', async () => {
    const shop = await sentShop();
    const receipt = await shop.owner.api.receipts.start({ id: shop.sent.id });
    expect(receipt).toMatchObject({
      sentOrderId: shop.sent.id,
      supplierId: shop.supplier.id,
      status: 'checking',
      receivedBy: { userId: shop.owner.user.id, fullName: shop.owner.user.fullName },
      doneAt: null,
      deliveryNote: '',
    });
    expect(receipt.lines).toEqual([
      {
        productId: shop.ids[0],
        name: 'Lemons',
        unit: 'Kg',
        expected: 2,
        received: null,
        outcome: 'pending',
        expectedPrice: 3.2,
        chargedPrice: null,
        note: '',
      },
      {
        productId: shop.ids[1],
        name: 'Onions',
        unit: 'Bag',
        expected: 1,
        received: null,
        outcome: 'pending',
        expectedPrice: null,
        chargedPrice: null,
        note: '',
      },
      {
        productId: shop.ids[2],
        name: 'Tomatoes',
        unit: 'Kg',
        expected: 2.5,
        received: null,
        outcome: 'pending',
        expectedPrice: 1.85,
        chargedPrice: null,
        note: '',
      },
    ]);
    // Starting again answers the same receipt.
    expect((await shop.owner.api.receipts.start({ id: shop.sent.id })).id).toBe(receipt.id);
  });

  it("is the supplier's confirmation when there is one: its quantities and prices, 0 for what they cannot deliver", async () => {
    const shop = await sentShop();
    await supplierSide().confirmations.answer({
      token: shop.token,
      unavailable: [shop.ids[1]],
      lines: [{ productId: shop.ids[2], quantity: 2, price: 1.9 }],
    });
    const receipt = await shop.owner.api.receipts.start({ id: shop.sent.id });
    expect(receipt.lines.map((l) => [l.expected, l.expectedPrice])).toEqual([
      [2, 3.2],
      [0, null],
      [2, 1.9],
    ]);
  });
});

describe('checking the lines', () => {
  it('takes each outcome, the received quantity, the charged price and a note; left out, ok or short', async () => {
    const shop = await sentShop();
    const { id } = await shop.owner.api.receipts.start({ id: shop.sent.id });
    const [lemons, onions, tomatoes] = shop.ids;
    expect((await shop.owner.api.receipts.setLine({ id, productId: lemons, received: 1.5 })).lines[0]).toMatchObject({
      received: 1.5,
      outcome: 'short',
    });
    expect((await shop.owner.api.receipts.setLine({ id, productId: lemons, received: 2 })).lines[0]).toMatchObject({ outcome: 'ok' });
    for (const outcome of ['short', 'damaged', 'wrong', 'substituted', 'extra', 'refused', 'ok'] as const) {
      const receipt = await shop.owner.api.receipts.setLine({
        id,
        productId: onions,
        received: 0.5,
        outcome,
        chargedPrice: 2.25,
        note: `as ${outcome}`,
      });
      expect(receipt.lines[1]).toMatchObject({ received: 0.5, outcome, chargedPrice: 2.25, note: `as ${outcome}` });
    }
    // Left out, the price and the note stay; null clears the price.
    expect((await shop.owner.api.receipts.setLine({ id, productId: onions, received: 1 })).lines[1]).toMatchObject({
      chargedPrice: 2.25,
      note: 'as ok',
    });
    expect(
      (await shop.owner.api.receipts.setLine({ id, productId: onions, received: 1, chargedPrice: null })).lines[1]?.chargedPrice,
    ).toBeNull();
    expect((await shop.owner.api.receipts.setLine({ id, productId: tomatoes, received: 2.5, outcome: 'damaged' })).lines[2]?.outcome).toBe(
      'damaged',
    );
  });

  it('takes an extra line naming a product not in the order, a product of the business only', async () => {
    const shop = await sentShop();
    const other = await shop.owner.api.suppliers.create({
      name: 'Lácteos',
      contactName: '',
      messageService: 'email',
      contactInfo: 'l@example.com',
      note: '',
    });
    const { products } = await shop.owner.api.products.bulk({
      orderId: other.orderId,
      products: [{ name: 'Milk', unit: 'l', price: 0.95 }],
    });
    const milk = products[0]?.id ?? 0;
    const { id } = await shop.owner.api.receipts.start({ id: shop.sent.id });
    const receipt = await shop.owner.api.receipts.setLine({ id, productId: milk, received: 6 });
    expect(receipt.lines[3]).toEqual({
      productId: milk,
      name: 'Milk',
      unit: 'l',
      expected: 0,
      received: 6,
      outcome: 'extra',
      expectedPrice: 0.95,
      chargedPrice: null,
      note: '',
    });
    expect(await refusal(shop.owner.api.receipts.setLine({ id, productId: milk + 1000, received: 1 }))).toMatchObject({
      kind: 'BAD_REQUEST',
      message: NO_SUCH_PRODUCT,
    });
    const stranger = await sentShop();
    const refused = await refusal(shop.owner.api.receipts.setLine({ id, productId: stranger.ids[0], received: 1, outcome: 'extra' }));
    expect(refused.message).toBe(NO_SUCH_PRODUCT);
    // The milk is on the receipt now: its line may take any outcome; a product not on it only extra.
    expect((await shop.owner.api.receipts.setLine({ id, productId: milk, received: 1, outcome: 'wrong' })).lines[3]?.outcome).toBe('wrong');
    const { products: more } = await shop.owner.api.products.bulk({ orderId: other.orderId, products: [{ name: 'Butter', unit: 'Kg' }] });
    expect(
      await refusal(shop.owner.api.receipts.setLine({ id, productId: more[0]?.id ?? 0, received: 1, outcome: 'short' })),
    ).toMatchObject({
      kind: 'BAD_REQUEST',
      message: EXTRA_ONLY,
    });
  });

  it('refuses bad input naming the field, changing nothing', async () => {
    const shop = await sentShop();
    const { id, lines } = await shop.owner.api.receipts.start({ id: shop.sent.id });
    const cases: [Record<string, unknown>, string][] = [
      [{ received: -1 }, 'received'],
      [{ received: 100000 }, 'received'],
      [{ received: 1.0001 }, 'received'],
      [{ received: 1, outcome: 'pending' }, 'outcome'],
      [{ received: 1, outcome: 'lost' }, 'outcome'],
      [{ received: 1, chargedPrice: -2 }, 'chargedPrice'],
      [{ received: 1, note: 'n'.repeat(301) }, 'note'],
    ];
    for (const [input, field] of cases) {
      const refused = await refusal(shop.owner.api.receipts.setLine({ id, productId: shop.ids[0], ...input } as never));
      expect(refused.kind, JSON.stringify(input)).toBe('BAD_REQUEST');
      expect(
        refused.issues.map((i) => i.path),
        JSON.stringify(input),
      ).toEqual([field]);
    }
    expect((await shop.owner.api.receipts.get({ id })).lines).toEqual(lines);
  });
});

describe('all good, done and reopen', () => {
  it('all good sets every pending line ok with what was expected, leaving the checked ones', async () => {
    const shop = await sentShop();
    const { id } = await shop.owner.api.receipts.start({ id: shop.sent.id });
    await shop.owner.api.receipts.setLine({ id, productId: shop.ids[0], received: 1, outcome: 'short' });
    const receipt = await shop.owner.api.receipts.allGood({ id });
    expect(receipt.lines.map((l) => [l.received, l.outcome])).toEqual([
      [1, 'short'],
      [1, 'ok'],
      [2.5, 'ok'],
    ]);
  });

  it('closing adds what arrived usable to the counts that exist; reopening takes it back; a pending line refuses', async () => {
    const shop = await sentShop();
    const [lemons, onions, tomatoes] = shop.ids;
    const { id } = await shop.owner.api.receipts.start({ id: shop.sent.id });
    await shop.owner.api.receipts.setLine({ id, productId: lemons, received: 1.5, outcome: 'short' });
    expect(await refusal(shop.owner.api.receipts.done({ id }))).toMatchObject({ kind: 'CONFLICT', message: LINES_PENDING });
    await shop.owner.api.receipts.setLine({ id, productId: tomatoes, received: 1, outcome: 'damaged' });
    await shop.owner.api.receipts.allGood({ id });
    const done = await shop.owner.api.receipts.done({ id });
    expect(done).toMatchObject({ status: 'done', doneAt: expect.any(String) });
    // Lemons 1 + 1.5 short-but-arrived; tomatoes damaged: not counted; onions have no count.
    expect(await onHand(shop.owner, lemons)).toBe(2.5);
    expect(await onHand(shop.owner, tomatoes)).toBe(0.5);
    expect(await onHand(shop.owner, onions)).toBeNull();
    // Closing twice changes nothing; a closed receipt takes no change.
    await shop.owner.api.receipts.done({ id });
    expect(await onHand(shop.owner, lemons)).toBe(2.5);
    expect(await refusal(shop.owner.api.receipts.setLine({ id, productId: lemons, received: 2 }))).toMatchObject({
      kind: 'CONFLICT',
      message: RECEIPT_DONE,
    });
    expect(await refusal(shop.owner.api.receipts.allGood({ id }))).toMatchObject({ kind: 'CONFLICT' });
    const reopened = await shop.owner.api.receipts.reopen({ id });
    expect(reopened).toMatchObject({ status: 'checking', doneAt: null });
    expect(await onHand(shop.owner, lemons)).toBe(1);
    await shop.owner.api.receipts.setLine({ id, productId: lemons, received: 2 });
    await shop.owner.api.receipts.done({ id });
    expect(await onHand(shop.owner, lemons)).toBe(3);
  });

  it('reopens for 7 days only', async () => {
    const shop = await sentShop();
    const { id } = await shop.owner.api.receipts.start({ id: shop.sent.id });
    await shop.owner.api.receipts.allGood({ id });
    await shop.owner.api.receipts.done({ id });
    const now = Date.now();
    t.domain.deps.clock = () => now + 7 * DAY + 60_000;
    expect(await refusal(shop.owner.api.receipts.reopen({ id }))).toMatchObject({ kind: 'CONFLICT', message: REOPEN_TOO_LATE });
    t.domain.deps.clock = () => now + 7 * DAY - 60_000;
    expect((await shop.owner.api.receipts.reopen({ id })).status).toBe('checking');
  });

  it('lists receipts by status and day', async () => {
    const shop = await sentShop();
    const a = await shop.owner.api.receipts.start({ id: shop.sent.id });
    await shop.owner.api.receipts.allGood({ id: a.id });
    await shop.owner.api.receipts.done({ id: a.id });
    const second = await shop.owner.api.orders.send({ id: shop.orderId });
    const b = await shop.owner.api.receipts.start({ id: second.id });
    expect((await shop.owner.api.receipts.list()).map((r) => r.id)).toEqual([b.id, a.id]);
    expect((await shop.owner.api.receipts.list({ status: 'done' })).map((r) => r.id)).toEqual([a.id]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await shop.owner.api.receipts.list({ to: '2020-01-01' })).toEqual([]);
    expect((await shop.owner.api.receipts.list({ from: today, to: today })).length).toBe(2);
  });
});

describe('bring next time', () => {
  it("adds each missing quantity to the supplier's current order, the chosen lines or every one", async () => {
    const shop = await sentShop();
    const [lemons, onions, tomatoes] = shop.ids;
    await shop.owner.api.products.clear({ orderId: shop.orderId });
    const { id } = await shop.owner.api.receipts.start({ id: shop.sent.id });
    await shop.owner.api.receipts.setLine({ id, productId: lemons, received: 0.5, outcome: 'short' });
    await shop.owner.api.receipts.setLine({ id, productId: onions, received: 0, outcome: 'refused' });
    await shop.owner.api.receipts.setLine({ id, productId: tomatoes, received: 1, outcome: 'substituted' });
    const quantities = (order: { products: { productId: number; quantity: number }[] }) =>
      Object.fromEntries(order.products.map((p) => [p.productId, p.quantity]));
    expect(quantities(await shop.owner.api.receipts.bringNextTime({ id, productIds: [onions] }))).toEqual({
      [lemons]: 0,
      [onions]: 1,
      [tomatoes]: 0,
    });
    expect(quantities(await shop.owner.api.receipts.bringNextTime({ id }))).toEqual({ [lemons]: 1.5, [onions]: 2, [tomatoes]: 0 });
    const refused = await refusal(shop.owner.api.receipts.bringNextTime({ id, productIds: [tomatoes] }));
    expect(refused.issues.map((i) => i.path)).toEqual(['productIds']);
  });
});

/** A closed receipt of `shop` with two lemons short by 1.5, tomatoes charged 2.10 instead of 1.85 on 2.5 Kg, the onions refused. */
async function closedWithDifferences(shop: Awaited<ReturnType<typeof sentShop>>) {
  const [lemons, onions, tomatoes] = shop.ids;
  const { id } = await shop.owner.api.receipts.start({ id: shop.sent.id });
  await shop.owner.api.receipts.setLine({ id, productId: lemons, received: 0.5, outcome: 'short' });
  await shop.owner.api.receipts.setLine({ id, productId: onions, received: 0, outcome: 'refused' });
  await shop.owner.api.receipts.setLine({ id, productId: tomatoes, received: 2.5, chargedPrice: 2.1 });
  await shop.owner.api.receipts.done({ id });
  return id;
}

describe('the claim', () => {
  it('claims shorts at the expected price plus overcharges on what arrived, to the cent, in the business language', async () => {
    const shop = await sentShop({ language: 'es' });
    const id = await closedWithDifferences(shop);
    const claim = await shop.owner.api.receipts.claim({ id });
    // Lemons 1.5 × 3.20 = 4.80; onions refused but unpriced: 0; tomatoes (2.10 − 1.85) × 2.5 = 0.625 → 0.63.
    expect(claim).toMatchObject({
      receiptId: id,
      supplierId: shop.supplier.id,
      status: 'open',
      lines: [
        { productId: shop.ids[0], quantity: 1.5, amount: 4.8, reason: 'short' },
        { productId: shop.ids[1], quantity: 1, amount: 0, reason: 'refused' },
        { productId: shop.ids[2], quantity: 0, amount: 0.63, reason: 'overcharged' },
      ],
      amount: 5.43,
      currency: 'EUR',
      supplierAnswer: null,
    });
    expect(claim.claimUrl).toMatch(/^http:\/\/app\.test\/claim\/[A-Za-z0-9_-]{24}$/);
    expect(claim.text).toContain('Hola, Verduras Núñez:');
    expect(claim.text).toContain('Lemons: faltan 1,5 Kg (4,80');
    expect(claim.text).toContain('Total reclamado: 5,43');
    expect(claim.text.endsWith(claim.claimUrl)).toBe(true);
    // Made once.
    expect((await shop.owner.api.receipts.claim({ id })).id).toBe(claim.id);
    // The token itself is never stored.
    const stored = await t.domain.deps.db.selectFrom('claims').selectAll().where('id', '=', claim.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(tokenOf(claim.claimUrl, 'claim'));
  });

  it('needs a closed receipt with a difference', async () => {
    const shop = await sentShop();
    const { id } = await shop.owner.api.receipts.start({ id: shop.sent.id });
    expect(await refusal(shop.owner.api.receipts.claim({ id }))).toMatchObject({ kind: 'CONFLICT', message: CLAIM_NEEDS_DONE });
    await shop.owner.api.receipts.allGood({ id });
    await shop.owner.api.receipts.done({ id });
    expect(await refusal(shop.owner.api.receipts.claim({ id }))).toMatchObject({ kind: 'CONFLICT', message: NOTHING_TO_CLAIM });
  });

  it('the supplier answers credit, redeliver or dispute without an account; the owner hears; the orders list and spend show it', async () => {
    const owner = await t.domain.owner({ businessName: 'Café Luna' });
    await t.domain.confirmEmail(owner);
    const shop = await sentShop({ owner });
    const id = await closedWithDifferences(shop);
    const claim = await owner.api.receipts.claim({ id });
    const token = tokenOf(claim.claimUrl, 'claim');
    const page = await supplierSide().claims.view({ token });
    expect(page).toMatchObject({
      businessName: 'Café Luna',
      supplierName: 'Verduras Núñez',
      amount: 5.43,
      status: 'open',
      supplierAnswer: null,
    });
    expect(page.lines[0]).toMatchObject({ name: 'Lemons', unit: 'Kg', quantity: 1.5, amount: 4.8 });
    const summary = async () => (await owner.api.orders.list()).find((o) => o.supplierId === shop.supplier.id)?.claims;
    expect(await summary()).toEqual({ open: 1, owed: 5.43 });
    for (const [answer, status] of [
      ['dispute', 'rejected'],
      ['redeliver', 'redelivered'],
      ['credit', 'credited'],
    ] as const) {
      const answered = await supplierSide().claims.answer({ token, answer, note: `by ${answer}`, creditNote: 'AB-12' });
      expect(answered).toMatchObject({
        status,
        supplierAnswer: { answer, note: `by ${answer}`, creditNote: 'AB-12', at: expect.any(String) },
      });
    }
    expect(await owner.api.claims.get({ id: claim.id })).toMatchObject({ status: 'credited', supplierAnswer: { answer: 'credit' } });
    expect(await summary()).toEqual({ open: 1, owed: 5.43 });
    const mails = (await t.domain.outbox()).filter((m) => m.to.includes(owner.email) && m.subject.includes('claim'));
    expect(mails.map((m) => m.subject)).toEqual(['Verduras Núñez answered your claim: dispute']);
    const spend = await owner.api.spend.get();
    expect(spend).toMatchObject({ credits: 5.43, net: Math.round((spend.total - 5.43) * 10_000) / 10_000 });
    expect((await owner.api.claims.list({ status: 'credited' })).map((c) => c.id)).toEqual([claim.id]);
    // The owner closes it: the link takes no more answers.
    expect((await owner.api.claims.close({ id: claim.id })).status).toBe('closed');
    expect(await summary()).toEqual({ open: 0, owed: 0 });
    expect(await refusal(supplierSide().claims.answer({ token, answer: 'dispute' }))).toMatchObject({
      kind: 'CONFLICT',
      message: CLAIM_CLOSED,
    });
    expect((await supplierSide().claims.view({ token })).status).toBe('closed');
  });

  it('takes answers for 14 days, 10 an hour, and unknown links are a 404', async () => {
    const shop = await sentShop();
    const claim = await shop.owner.api.receipts.claim({ id: await closedWithDifferences(shop) });
    const token = tokenOf(claim.claimUrl, 'claim');
    expect(await refusal(supplierSide().claims.view({ token: 'C'.repeat(24) }))).toMatchObject({ kind: 'NOT_FOUND' });
    const bad = await refusal(supplierSide().claims.answer({ token, answer: 'maybe' } as never));
    expect(bad.issues.map((i) => i.path)).toEqual(['answer']);
    const now = Date.now();
    t.domain.deps.clock = () => now + 14 * DAY - 60_000;
    await supplierSide().claims.answer({ token, answer: 'redeliver' });
    t.domain.deps.clock = () => now + 14 * DAY + 60_000;
    expect(await refusal(supplierSide().claims.answer({ token, answer: 'dispute' }))).toMatchObject({
      kind: 'CONFLICT',
      message: CLAIM_TOO_LATE,
    });
    expect((await supplierSide().claims.view({ token })).status).toBe('redelivered');
    t.domain.deps.clock = undefined;
    const other = await sentShop();
    const second = await other.owner.api.receipts.claim({ id: await closedWithDifferences(other) });
    const secondToken = tokenOf(second.claimUrl, 'claim');
    for (let i = 1; i <= 10; i++) await supplierSide().claims.answer({ token: secondToken, answer: 'credit', note: `answer ${i}` });
    expect(await refusal(supplierSide().claims.answer({ token: secondToken, answer: 'dispute' }))).toMatchObject({
      kind: 'TOO_MANY_REQUESTS',
    });
    expect((await supplierSide().claims.view({ token: secondToken })).supplierAnswer?.note).toBe('answer 10');
  });
});

describe('roles and tenancy', () => {
  it('staff receive and bring next time, but cannot claim or see claims', async () => {
    const owner = await t.domain.owner({ businessName: 'Café Luna' });
    await t.domain.confirmEmail(owner);
    const shop = await sentShop({ owner });
    const staff = await t.domain.member(owner, 'staff', { fullName: 'Javi Ruiz' });
    const receipt = await staff.api.receipts.start({ id: shop.sent.id });
    expect(receipt.receivedBy).toEqual({ userId: staff.user.id, fullName: 'Javi Ruiz' });
    await staff.api.receipts.setLine({ id: receipt.id, productId: shop.ids[0], received: 1 });
    await staff.api.receipts.allGood({ id: receipt.id });
    await staff.api.receipts.done({ id: receipt.id });
    await staff.api.receipts.bringNextTime({ id: receipt.id });
    expect(await refusal(staff.api.receipts.claim({ id: receipt.id }))).toMatchObject({ kind: 'FORBIDDEN' });
    expect(await refusal(staff.api.claims.list())).toMatchObject({ kind: 'FORBIDDEN' });
    const manager = await t.domain.member(owner, 'manager');
    expect((await manager.api.receipts.claim({ id: receipt.id })).amount).toBe(3.2);
  });

  it("another business's receipts and sent orders are 404, and nothing of them changes", async () => {
    const shop = await sentShop();
    const other = await t.domain.owner();
    const { id } = await shop.owner.api.receipts.start({ id: shop.sent.id });
    for (const call of [
      () => other.api.receipts.start({ id: shop.sent.id }),
      () => other.api.receipts.get({ id }),
      () => other.api.receipts.setLine({ id, productId: shop.ids[0], received: 0 }),
      () => other.api.receipts.allGood({ id }),
      () => other.api.receipts.done({ id }),
      () => other.api.receipts.reopen({ id }),
      () => other.api.receipts.bringNextTime({ id }),
      () => other.api.receipts.claim({ id }),
    ]) {
      expect((await refusal(call())).kind).toBe('NOT_FOUND');
    }
    expect(await other.api.receipts.list()).toEqual([]);
    expect((await shop.owner.api.receipts.get({ id })).lines.every((l) => l.outcome === 'pending')).toBe(true);
  });
});

describe('webhooks', () => {
  it('receipt.done when a receipt is closed, claim.answered at each answer', async () => {
    const shop = await sentShop();
    const businessId = (await shop.owner.api.businesses.list())[0]?.id ?? 0;
    await t.domain.deps.db
      .insertInto('webhook_endpoints')
      .values({
        business_id: businessId,
        url: 'https://hooks.example.com/x',
        events: ['receipt.done', 'claim.answered'],
        secret: 'whsec_x',
      })
      .execute();
    const id = await closedWithDifferences(shop);
    const claim = await shop.owner.api.receipts.claim({ id });
    await supplierSide().claims.answer({ token: tokenOf(claim.claimUrl, 'claim'), answer: 'credit', creditNote: 'AB-1' });
    const { rows } = await sql<{
      type: string;
      data: unknown;
    }>`SELECT type, data FROM webhook_events WHERE business_id = ${businessId} ORDER BY created_at`.execute(t.domain.deps.db);
    expect(rows.map((r) => r.type)).toEqual(['receipt.done', 'claim.answered']);
    expect(rows[0]?.data).toMatchObject({ id, status: 'done', sentOrderId: shop.sent.id });
    expect(rows[1]?.data).toMatchObject({
      id: claim.id,
      status: 'credited',
      amount: 5.43,
      supplierAnswer: { answer: 'credit', creditNote: 'AB-1' },
    });
  });
});
