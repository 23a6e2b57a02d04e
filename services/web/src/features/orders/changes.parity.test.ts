import type { TOrder, TReceipt } from '@reorder/schemas';
import { sentText } from '@reorder/schemas/order-text';
import { type Owner, useDomain } from '@reorder/testing';
import { describe, expect, it } from 'vitest';
import { arrivedOf, expectedOf, missingLines } from '../receiving/receipt-copy.ts';
import {
  applyChange,
  applyReceiptChange,
  CHANGE_KINDS,
  callChange,
  checkChange,
  type OrderChange,
  type OrderChangeKind,
} from './changes.ts';

/**
 * What the device accepts is what the server accepts, and does what the
 * server does (docs/decisions.md §9.1). For every kind of change of the
 * registry, from the same start: the device's copy (`applyChange`, the
 * optimistic update the order screen shows) and the server's order after the
 * change's own call (`callChange`, in-process on PGlite) agree on the lines,
 * quantities, totals and text; and the answer settled into the cache
 * (`Settled.order`) is the server's order too. Changes the server refuses
 * for what the device can know are refused by `checkChange` first, and
 * those it takes are not. The kinds are the registry's: a new kind without
 * a case here fails. Receiving's kinds (docs/decisions.md §9.4) change the
 * receipt of a sent order too: the device's copy of it (`applyReceiptChange`)
 * and the server's after the call agree on every line, the status and who
 * received, and so does the receipt the answer settles into the cache.
 */
const t = useDomain();
/** Each case makes a shop of its own on PGlite: a few seconds on a busy machine. */
const SLOW = 30_000;

type Api = Parameters<typeof callChange>[0];

/** The app's API client, made of the in-process caller: `api.products.setQuantity.mutate(input)` calls the procedure. */
function clientOf(owner: Owner): Api {
  const path = (parts: string[]): unknown =>
    new Proxy(() => {}, {
      get: (_, key: string) =>
        key === 'mutate' || key === 'query'
          ? (input: unknown) => {
              const procedure = parts.reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], owner.api);
              return (procedure as (input: unknown) => Promise<unknown>)(input);
            }
          : path([...parts, key]),
    });
  return path([]) as Api;
}

/** A supplier taking prices in its text, with products of every sort: by the box, by the half kilo, unpriced, counted. */
async function shop() {
  const api = t.owner.api;
  const supplier = await api.suppliers.create({
    name: 'Granja Sol',
    contactName: 'Pepe',
    messageService: 'whatsapp',
    contactInfo: '+34 600 123 456',
    note: '',
    showPrices: true,
  });
  const orderId = supplier.orderId;
  const eggs = await api.products.create({ orderId, name: 'Huevos', unit: 'ud', price: 0.32, step: 6, par: 24 });
  const tomatoes = await api.products.create({ orderId, name: 'Tomates', unit: 'kg', price: 2.4, step: 0.5, par: 3 });
  const milk = await api.products.create({ orderId, name: 'Leche', unit: 'l', price: 0.9, par: 6 });
  const salt = await api.products.create({ orderId, name: 'Sal', unit: 'kg', par: null });
  const set = (productId: number, quantity: number) => api.products.setQuantity({ productId, orderId, quantity });
  await set(eggs.id, 12);
  await set(milk.id, 2.5);
  await set(salt.id, 1);
  await api.products.setStock({ productId: eggs.id, orderId, onHand: 7 });
  await api.products.setStock({ productId: tomatoes.id, orderId, onHand: 1.2 });
  await api.orders.update({ id: orderId, introduce: 'Hola Pepe' });
  return { supplierId: supplier.id, orderId, eggs: eggs.id, tomatoes: tomatoes.id, milk: milk.id, salt: salt.id, set };
}
type Shop = Awaited<ReturnType<typeof shop>>;

/** A sent order of the shop, as the history holds it (for re-order). */
async function sentOrder(s: Shop) {
  await t.owner.api.orders.send({ id: s.orderId });
  const [sent] = await t.owner.api.orders.history({ id: s.orderId });
  if (!sent) throw new Error('No sent order');
  return sent;
}

/** What is compared: each line's quantity, price and total, the stock of each product, the totals, the message and the text. */
const compared = (order: TOrder) => ({
  introduce: order.introduce,
  text: order.text,
  total: order.total,
  unpricedLines: order.unpricedLines,
  lines: order.products.map((p) => ({
    name: p.name,
    quantity: p.quantity,
    price: p.price,
    lineTotal: p.lineTotal,
    par: p.par,
    onHand: p.onHand,
    counted: p.countedAt !== null,
  })),
});

/** The receipt of a sent order as the server holds it, or none yet (read without starting it). */
async function receiptOf(sentOrderId: number): Promise<TReceipt | undefined> {
  return (await t.owner.api.receipts.list()).find((r) => r.sentOrderId === sentOrderId);
}

/** What is compared of a receipt: its lines as checked, its status and who received it (ids and times are the server's). */
const comparedReceipt = (receipt: TReceipt | undefined) =>
  receipt && {
    sentOrderId: receipt.sentOrderId,
    supplierId: receipt.supplierId,
    status: receipt.status,
    closed: receipt.doneAt !== null,
    receivedBy: receipt.receivedBy?.userId ?? null,
    lines: receipt.lines.map(({ productId, name, unit, expected, received, outcome, expectedPrice, chargedPrice, note }) => ({
      productId,
      name,
      unit,
      expected,
      received,
      outcome,
      expectedPrice,
      chargedPrice,
      note,
    })),
  };

/** The shop's order sent, and its receipt started (unless `started` is false); `receiptId` only when the device would know it. */
async function delivery(s: Shop, { started = true } = {}) {
  const sent = await sentOrder(s);
  const receipt = started ? await t.owner.api.receipts.start({ id: sent.id }) : undefined;
  const on = { ...target(s), sentOrderId: sent.id };
  return { sent, receipt, on, known: receipt ? { ...on, receiptId: receipt.id } : on };
}

type Case = { name: string; make: (s: Shop, start: TOrder) => Promise<OrderChange> | OrderChange };
type Refused = { name: string; make: (s: Shop) => OrderChange };

const target = (s: Shop) => ({ supplierId: s.supplierId, orderId: s.orderId });

/** Every kind of the registry, with the changes it is checked with (typed: a kind without its entry fails the type check). */
const CASES: { [K in OrderChangeKind]: { takes: Case[]; refuses?: Refused[] } } = {
  quantity: {
    takes: [
      {
        name: 'eggs to 18, by the box of 6',
        make: (s) => ({ kind: 'quantity', ...target(s), productId: s.eggs, name: 'Huevos', quantity: 18 }),
      },
      {
        name: 'tomatoes to 1.5 kg, by the half kilo',
        make: (s) => ({ kind: 'quantity', ...target(s), productId: s.tomatoes, name: 'Tomates', quantity: 1.5 }),
      },
      { name: 'milk out of the order', make: (s) => ({ kind: 'quantity', ...target(s), productId: s.milk, name: 'Leche', quantity: 0 }) },
      {
        name: 'salt to the most, unpriced',
        make: (s) => ({ kind: 'quantity', ...target(s), productId: s.salt, name: 'Sal', quantity: 99_999 }),
      },
    ],
    refuses: [
      { name: '7 eggs sold by 6', make: (s) => ({ kind: 'quantity', ...target(s), productId: s.eggs, name: 'Huevos', quantity: 7 }) },
      {
        name: '0.7 kg of tomatoes sold by 0.5',
        make: (s) => ({ kind: 'quantity', ...target(s), productId: s.tomatoes, name: 'Tomates', quantity: 0.7 }),
      },
      { name: 'a negative quantity', make: (s) => ({ kind: 'quantity', ...target(s), productId: s.milk, name: 'Leche', quantity: -1 }) },
      { name: 'past the most', make: (s) => ({ kind: 'quantity', ...target(s), productId: s.salt, name: 'Sal', quantity: 100_000 }) },
      { name: 'four decimals', make: (s) => ({ kind: 'quantity', ...target(s), productId: s.milk, name: 'Leche', quantity: 1.2345 }) },
    ],
  },
  message: {
    takes: [
      { name: 'a new message', make: (s) => ({ kind: 'message', ...target(s), introduce: 'Buenos días, para el sábado:' }) },
      { name: 'no message', make: (s) => ({ kind: 'message', ...target(s), introduce: '' }) },
    ],
  },
  stock: {
    takes: [
      { name: 'a count with decimals', make: (s) => ({ kind: 'stock', ...target(s), productId: s.milk, name: 'Leche', onHand: 0.75 }) },
      { name: 'a count forgotten', make: (s) => ({ kind: 'stock', ...target(s), productId: s.eggs, name: 'Huevos', onHand: null }) },
    ],
    refuses: [
      { name: 'a negative count', make: (s) => ({ kind: 'stock', ...target(s), productId: s.milk, name: 'Leche', onHand: -2 }) },
      {
        name: 'a count with four decimals',
        make: (s) => ({ kind: 'stock', ...target(s), productId: s.milk, name: 'Leche', onHand: 0.0001 }),
      },
    ],
  },
  par: {
    takes: [
      { name: 'a par', make: (s) => ({ kind: 'par', ...target(s), productId: s.salt, name: 'Sal', par: 2.5 }) },
      { name: 'no par', make: (s) => ({ kind: 'par', ...target(s), productId: s.eggs, name: 'Huevos', par: null }) },
    ],
    refuses: [{ name: 'a par past the most', make: (s) => ({ kind: 'par', ...target(s), productId: s.salt, name: 'Sal', par: 100_000 }) }],
  },
  fill: {
    // Eggs: 24 − 7 = 17, up to 18; tomatoes: 3 − 1.2 = 1.8, up to 2; milk and salt (no count, no par) left alone.
    takes: [{ name: 'to par, rounded up to each step', make: (s) => ({ kind: 'fill', ...target(s) }) }],
  },
  clear: {
    takes: [{ name: 'every line to 0', make: (s) => ({ kind: 'clear', ...target(s) }) }],
  },
  reorder: {
    takes: [
      {
        name: 'replace',
        async make(s) {
          const sent = await sentOrder(s);
          await s.set(s.eggs, 30);
          await s.set(s.tomatoes, 2);
          const lines = sent.lines.map(({ productId, quantity }) => ({ productId, quantity }));
          return { kind: 'reorder', ...target(s), sentOrderId: sent.id, mode: 'replace', introduce: sent.introduce, lines };
        },
      },
      {
        name: 'add, past the most',
        async make(s) {
          const sent = await sentOrder(s);
          await s.set(s.salt, 99_999);
          await t.owner.api.orders.update({ id: s.orderId, introduce: '' });
          const lines = sent.lines.map(({ productId, quantity }) => ({ productId, quantity }));
          return { kind: 'reorder', ...target(s), sentOrderId: sent.id, mode: 'add', introduce: sent.introduce, lines };
        },
      },
    ],
  },
  restore: {
    takes: [
      {
        name: 'the order before a re-order',
        make: (s) => ({
          kind: 'restore',
          ...target(s),
          introduce: 'Como antes',
          lines: [
            { productId: s.eggs, quantity: 6 },
            { productId: s.tomatoes, quantity: 0.5 },
          ],
        }),
      },
    ],
    refuses: [
      {
        name: 'a line past the most',
        make: (s) => ({ kind: 'restore', ...target(s), introduce: '', lines: [{ productId: s.milk, quantity: 100_000 }] }),
      },
    ],
  },
  send: {
    takes: [
      {
        name: 'the record of what went out',
        make: (s, start) => ({
          kind: 'send',
          ...target(s),
          channel: 'whatsapp',
          text: sentText(start.text, start.confirmUrl ? { url: start.confirmUrl, language: 'en' } : null),
          sentAt: new Date().toISOString(),
          introduce: start.introduce,
          lines: start.products
            .filter((p) => p.quantity > 0)
            .map((p) => ({ productId: p.productId, name: p.name, unit: p.unit, quantity: p.quantity, price: p.price })),
        }),
      },
    ],
  },
  receiptStart: {
    takes: [
      {
        name: 'from a plain send, every line pending with its expected quantity and price',
        async make(s) {
          const { sent, on } = await delivery(s, { started: false });
          return { kind: 'receiptStart', ...on, lines: expectedOf(sent), by: { userId: t.owner.user.id, fullName: t.owner.user.fullName } };
        },
      },
      {
        name: 'again, once started: the same receipt',
        async make(s) {
          const { sent, receipt, on } = await delivery(s);
          if (!receipt) throw new Error('No receipt');
          await t.owner.api.receipts.setLine({ id: receipt.id, productId: s.eggs, received: 6 });
          return { kind: 'receiptStart', ...on, lines: expectedOf(sent) };
        },
      },
    ],
  },
  receiptLine: {
    takes: [
      {
        name: 'a damaged line, with the price charged and a note, its id not known yet',
        async make(s) {
          const { on } = await delivery(s);
          const line = { productId: s.eggs, received: 10, outcome: 'damaged' as const, chargedPrice: 0.35, note: 'Dos rotos' };
          return { kind: 'receiptLine', ...on, line };
        },
      },
      {
        name: 'short by leaving the outcome out',
        async make(s) {
          const { known } = await delivery(s);
          return { kind: 'receiptLine', ...known, line: { productId: s.milk, received: 1.5 } };
        },
      },
      {
        name: 'an extra product not in the order',
        async make(s) {
          const { known } = await delivery(s);
          return {
            kind: 'receiptLine',
            ...known,
            line: { productId: s.tomatoes, received: 1.5, outcome: 'extra' },
            extra: { name: 'Tomates', unit: 'kg', price: 2.4 },
          };
        },
      },
    ],
  },
  receiptAllGood: {
    takes: [
      {
        name: 'every pending line as expected, a checked one left as it is',
        async make(s) {
          const { receipt, known } = await delivery(s);
          if (!receipt) throw new Error('No receipt');
          await t.owner.api.receipts.setLine({ id: receipt.id, productId: s.eggs, received: 6, outcome: 'short' });
          return { kind: 'receiptAllGood', ...known };
        },
      },
    ],
  },
  receiptDone: {
    takes: [
      {
        name: 'closing adds what arrived usable to the counts there are',
        async make(s) {
          const { receipt, on } = await delivery(s);
          if (!receipt) throw new Error('No receipt');
          const id = receipt.id;
          await t.owner.api.receipts.setLine({ id, productId: s.eggs, received: 6, outcome: 'short' });
          await t.owner.api.receipts.setLine({ id, productId: s.milk, received: 2, outcome: 'damaged' });
          await t.owner.api.receipts.setLine({ id, productId: s.tomatoes, received: 1.5, outcome: 'extra' });
          const checked = await t.owner.api.receipts.allGood({ id });
          return { kind: 'receiptDone', ...on, arrived: arrivedOf(checked) };
        },
      },
    ],
  },
  receiptReopen: {
    takes: [
      {
        name: 'what closing added taken back',
        async make(s) {
          const { receipt, known } = await delivery(s);
          if (!receipt) throw new Error('No receipt');
          await t.owner.api.receipts.allGood({ id: receipt.id });
          const closed = await t.owner.api.receipts.done({ id: receipt.id });
          return { kind: 'receiptReopen', ...known, arrived: arrivedOf(closed) };
        },
      },
    ],
  },
  bringNextTime: {
    takes: [
      {
        name: 'the missing quantities into the current order, by each step',
        async make(s) {
          const { receipt, known } = await delivery(s);
          if (!receipt) throw new Error('No receipt');
          const id = receipt.id;
          await t.owner.api.receipts.setLine({ id, productId: s.eggs, received: 6, outcome: 'short' });
          await t.owner.api.receipts.setLine({ id, productId: s.milk, received: 0, outcome: 'refused' });
          const checked = await t.owner.api.receipts.allGood({ id });
          await t.owner.api.receipts.done({ id });
          return { kind: 'bringNextTime', ...known, lines: missingLines(checked) };
        },
      },
    ],
  },
};

describe('every kind of change does on the device what it does on the server (§9.1)', () => {
  it('has cases for exactly the kinds of the registry', () => {
    expect(Object.keys(CASES).sort()).toEqual([...CHANGE_KINDS].sort());
    for (const kind of CHANGE_KINDS) expect(CASES[kind].takes.length, kind).toBeGreaterThan(0);
  });

  const taken = CHANGE_KINDS.flatMap((kind) => CASES[kind].takes.map((c) => [kind, c.name, c] as const));
  it.each(taken)('%s: %s', { timeout: SLOW }, async (_kind, _name, { make }) => {
    const s = await shop();
    const before = await t.owner.api.orders.bySupplier({ supplierId: s.supplierId });
    const change = await make(s, before);
    const start = await t.owner.api.orders.bySupplier({ supplierId: s.supplierId });
    expect(checkChange(start, change), 'the device takes it').toBeUndefined();

    const sentOrderId = 'sentOrderId' in change ? change.sentOrderId : undefined;
    const receiptBefore = sentOrderId === undefined ? undefined : await receiptOf(sentOrderId);

    const now = new Date();
    const device = applyChange(start, change, now);
    const settled = await callChange(clientOf(t.owner), change);
    const server = await t.owner.api.orders.bySupplier({ supplierId: s.supplierId });

    expect(compared(device)).toEqual(compared(server));
    if (sentOrderId !== undefined) {
      // Receiving's kinds: the device's copy of the receipt is the server's too.
      const receiptNow = await receiptOf(sentOrderId);
      expect(comparedReceipt(applyReceiptChange(receiptBefore, sentOrderId, change, now))).toEqual(comparedReceipt(receiptNow));
      if (settled.receipt) expect(comparedReceipt(settled.receipt)).toEqual(comparedReceipt(receiptNow));
    }
    // What the answer puts in the cache, when it puts anything, is the server's order too.
    if (settled.order) expect(compared(settled.order(start))).toEqual(compared(server));
    if (change.kind === 'send') {
      const [recorded] = await t.owner.api.orders.history({ id: s.orderId });
      expect(recorded?.text).toBe(change.text);
    }
  });

  const refused = CHANGE_KINDS.flatMap((kind) => (CASES[kind].refuses ?? []).map((c) => [kind, c.name, c] as const));
  it.each(refused)('%s: the device never queues %s, which the server refuses', { timeout: SLOW }, async (_kind, _name, { make }) => {
    const s = await shop();
    const start = await t.owner.api.orders.bySupplier({ supplierId: s.supplierId });
    const change = make(s);
    expect(checkChange(start, change), 'the device refuses it').toBeDefined();
    await expect(callChange(clientOf(t.owner), change)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(compared(await t.owner.api.orders.bySupplier({ supplierId: s.supplierId }))).toEqual(compared(start));
  });
});
