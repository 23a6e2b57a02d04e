import { confirmationLine } from '@reorder/schemas';
import { type ApiResponse, expectFieldError, expectSameNotFound, useTestServer } from '@reorder/testing';
import { describe, expect, it } from 'vitest';

/**
 * Issue 26, docs/decisions.md §8.1: what a device sent is recorded, always.
 * `POST /orders/{id}/send` with `lines` and `introduce` records exactly those,
 * whatever the current order holds by then, and the link in its text stays
 * valid; `POST /orders/{id}/reorder` takes `mode`; `POST /orders/{id}/restore`
 * sets the whole order at once (the app's Undo). REST and tRPC.
 */

const t = useTestServer();

const LINK = /^http:\/\/app\.test\/confirm\/([A-Za-z0-9_-]{24})$/;
const DAY = 24 * 60 * 60 * 1000;

interface Line {
  productId: number;
  name: string;
  unit: string;
  quantity: number;
}

/** An owner with a supplier (asked to confirm unless told otherwise) and three products, none in the order yet. */
async function shop(supplier: Record<string, unknown> = {}, language: 'en' | 'es' = 'en') {
  const owner = await t.api.register({ language });
  const created = await t.api.createSupplier(owner.token, { name: 'Frutas Ruiz', ...supplier });
  const orderId = created.orderId as number;
  const products: Record<string, { id: number; name: string; unit: string }> = {};
  for (const [name, unit] of [
    ['Lemons', 'Kg'],
    ['Onions', 'Bag'],
    ['Tomatoes', 'Kg'],
  ] as const) {
    products[name] = await t.api.createProduct(owner.token, orderId, name, unit);
  }
  const line = (name: string, quantity: number): Line => {
    const p = products[name] as { id: number; name: string; unit: string };
    return { productId: p.id, name: p.name, unit: p.unit, quantity };
  };
  return {
    token: owner.token,
    supplierId: created.id as number,
    orderId,
    products,
    line,
    async set(name: string, quantity: number) {
      const p = products[name] as { id: number };
      const res = await t.api.put('/api/products/quantity', { productId: p.id, orderId, quantity }, owner.token);
      expect(res.status, res.text).toBe(200);
    },
    async order() {
      const res = await t.api.get(`/api/orders/supplier/${created.id}`, owner.token);
      expect(res.status, res.text).toBe(200);
      return res.body.data as { introduce: string; text: string; confirmUrl: string | null; products: Line[] };
    },
    send: (body: Record<string, unknown>) => t.api.post(`/api/orders/${orderId}/send`, body, owner.token),
    async history() {
      const res = await t.api.get(`/api/orders/${orderId}/history`, owner.token);
      expect(res.status, res.text).toBe(200);
      return res.body.data as { id: number; text: string; introduce: string; lines: Line[]; sentAt: string; confirmUrl: string | null }[];
    },
  };
}

/** A success envelope whose data has at least these fields. */
function expectOk(res: ApiResponse, data: Record<string, unknown>, message: string) {
  expect(res.status, res.text).toBe(200);
  expect(res.body).toMatchObject({ code: 1, data, message });
}

/** A 400 naming `field`, its issue's message matching `message` when given. */
function fieldError(res: ApiResponse, field: string, message?: RegExp) {
  expectFieldError(res, field);
  if (message) expect(res.body.error.issues.find((i: { path: string }) => i.path === field)?.message).toMatch(message);
}

const quantities = (lines: Line[]) => Object.fromEntries(lines.filter((l) => l.quantity > 0).map((l) => [l.name, l.quantity]));

describe('POST /api/orders/{id}/send with lines', () => {
  it('records exactly the lines and message that were sent, whatever the order holds by then, and its link works', async () => {
    const s = await shop();
    const before = await s.order();
    expect(before.confirmUrl).toMatch(LINK);
    // What the phone opened while offline: 2 Lemons and 1.5 Tomatoes, with a message.
    const lines = [s.line('Lemons', 2), s.line('Tomatoes', 1.5)];
    const made = 'Hola Pepe\n2 x Kg: Lemons\n1.5 x Kg: Tomatoes';
    const text = `${made}\n\n${confirmationLine('en', before.confirmUrl as string)}`;
    // Meanwhile the laptop changes the current order: it now holds only Onions.
    await s.set('Onions', 3);

    const sentAt = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    const res = await s.send({ text, introduce: 'Hola Pepe', lines, sentAt });
    expectOk(res, { text, introduce: 'Hola Pepe', lines, confirmUrl: before.confirmUrl }, 'Order sent');
    expect(res.body.data.sentAt).toBe(sentAt);
    const [recorded] = await s.history();
    expect(recorded?.text).toBe(text);
    expect(recorded?.lines).toEqual(lines.map((line) => ({ ...line, price: null, lineTotal: null })));

    // The current order is left as the laptop made it, with a new link for its next send.
    const after = await s.order();
    expect(quantities(after.products)).toEqual({ Onions: 3 });
    expect(after.confirmUrl).toMatch(LINK);
    expect(after.confirmUrl).not.toBe(before.confirmUrl);

    // The supplier's page opens on the sent lines, and confirms.
    const token = LINK.exec(before.confirmUrl as string)?.[1] as string;
    const page = await t.api.get(`/api/public/confirmations/${token}`);
    expect(page.status, page.text).toBe(200);
    expect(page.body.data.lines.map((l: Line) => [l.name, l.quantity])).toEqual([
      ['Lemons', 2],
      ['Tomatoes', 1.5],
    ]);
    const confirmed = await t.api.post(`/api/public/confirmations/${token}`, { unavailable: [] });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect((await s.history())[0]).toMatchObject({ confirmation: { status: 'confirmed' } });
  });

  it('keeps a product deleted meanwhile by its name and unit', async () => {
    const s = await shop({ askConfirmation: false });
    const lines = [s.line('Lemons', 2), s.line('Onions', 1)];
    const onions = s.products.Onions as { id: number };
    expect((await t.api.delete(`/api/products/${onions.id}`, s.token)).status).toBe(200);
    const res = await s.send({ text: '2 x Kg: Lemons\n1 x Bag: Onions', lines });
    expectOk(res, { text: '2 x Kg: Lemons\n1 x Bag: Onions', introduce: '', lines }, 'Order sent');
    expect((await s.history())[0]?.lines).toEqual(lines.map((line) => ({ ...line, price: null, lineTotal: null })));
  });

  it('answers 400 and records nothing when the text is not what the lines and message make', async () => {
    const s = await shop();
    const { confirmUrl } = await s.order();
    const lines = [s.line('Lemons', 2)];
    for (const text of [
      '3 x Kg: Lemons',
      'Hola\n2 x Kg: Lemons',
      '2 x Kg: Lemons\n\nsomething else',
      `2 x Kg: Lemons\n\n${confirmationLine('en', 'https://evil.example/confirm/AAAAAAAAAAAAAAAAAAAAAAAA')}`,
    ]) {
      fieldError(await s.send({ text, lines }), 'text', /introduce and lines/);
    }
    // A link line with the order's own link still needs the lines' own text above it.
    fieldError(await s.send({ text: `1 x Kg: Lemons\n\n${confirmationLine('es', confirmUrl as string)}`, lines }), 'text');
    expect(await s.history()).toEqual([]);
  });

  it('refuses bad lines with 400 naming the field, and nothing at all above 0', async () => {
    const s = await shop({ askConfirmation: false });
    const lemons = s.line('Lemons', 2);
    fieldError(await s.send({ lines: [{ ...lemons, quantity: -1 }] }), 'lines.0.quantity');
    fieldError(await s.send({ lines: [{ ...lemons, quantity: 1.0001 }] }), 'lines.0.quantity');
    fieldError(await s.send({ lines: [{ ...lemons, name: '' }] }), 'lines.0.name');
    fieldError(await s.send({ lines: [{ ...lemons, unit: 'u'.repeat(21) }] }), 'lines.0.unit');
    fieldError(await s.send({ lines: [{ ...lemons, productId: 0 }] }), 'lines.0.productId');
    fieldError(await s.send({ lines: [lemons, lemons] }), 'lines', /only once/);
    fieldError(await s.send({ lines: [lemons], introduce: 'x'.repeat(301) }), 'introduce');
    const empty = await s.send({ lines: [{ ...lemons, quantity: 0 }] });
    expect(empty.status, empty.text).toBe(400);
    expect(empty.body.message).toMatch(/nothing in this order/);
    expect(await s.history()).toEqual([]);
  });

  it('takes a sentAt at most 30 days back and 5 minutes ahead, with or without lines; else 400 and nothing recorded (§9.7)', async () => {
    const s = await shop({ askConfirmation: false });
    await s.set('Lemons', 2);
    const send = (sentAt: string, withLines = true) =>
      s.send({ text: '2 x Kg: Lemons', ...(withLines ? { lines: [s.line('Lemons', 2)] } : {}), sentAt });
    for (const withLines of [true, false]) {
      fieldError(await send(new Date(Date.now() - 31 * DAY).toISOString(), withLines), 'sentAt', /within the last 30 days/);
      fieldError(await send(new Date(Date.now() + 6 * 60_000).toISOString(), withLines), 'sentAt', /not be more than 5 minutes from now/);
      fieldError(await send(new Date(Date.now() + DAY).toISOString(), withLines), 'sentAt', /5 minutes/);
    }
    expect(await s.history()).toEqual([]);
    // The offline outbox's late send (29 days) is kept at its time; a clock a little ahead is taken as now.
    const ahead = await send(new Date(Date.now() + 2 * 60_000).toISOString(), false);
    expect(ahead.status, ahead.text).toBe(200);
    expect(Date.parse(ahead.body.data.sentAt)).toBeLessThanOrEqual(Date.now());
    const late = new Date(Date.now() - 29 * DAY).toISOString();
    expectOk(await send(late), { sentAt: late }, 'Order sent');
    expect(await s.history()).toHaveLength(2);
  });

  it('makes the text itself when only lines are given, with the order’s link', async () => {
    const s = await shop();
    const { confirmUrl } = await s.order();
    const res = await s.send({ introduce: 'Hi', lines: [s.line('Onions', 4)] });
    expectOk(res, { text: `Hi\n4 x Bag: Onions\n\n${confirmationLine('en', confirmUrl as string)}`, confirmUrl }, 'Order sent');
  });

  it('records the bare text without a link when the device sent none', async () => {
    const s = await shop();
    const res = await s.send({ text: '4 x Bag: Onions', lines: [s.line('Onions', 4)] });
    expectOk(res, { text: '4 x Bag: Onions', confirmUrl: null }, 'Order sent');
  });

  it('keeps a send whose link another send took first, whole, with no link of its own; without lines that is a 409', async () => {
    const s = await shop({}, 'es');
    const { confirmUrl } = await s.order();
    const lines = [s.line('Lemons', 1)];
    const text = `1 x Kg: Lemons\n\n${confirmationLine('es', confirmUrl as string)}`;
    // The laptop sends first with the same link the phone opened offline.
    expectOk(await s.send({ text, lines }), { confirmUrl }, 'Order sent');
    const second = await s.send({ text, lines });
    expectOk(second, { text, confirmUrl: null }, 'Order sent');
    // The link still opens the first send.
    const token = LINK.exec(confirmUrl as string)?.[1] as string;
    expect((await t.api.get(`/api/public/confirmations/${token}`)).status).toBe(200);
    // The order as it stands, with the old link, is refused as before.
    await s.set('Lemons', 1);
    expect((await s.send({ text })).status).toBe(409);
    expect((await s.history()).length).toBe(2);
  });

  it("takes the link of a supplier who stopped asking for confirmation meanwhile, and a phone call's text has none", async () => {
    const s = await shop();
    const { confirmUrl } = await s.order();
    const supplier = (await t.api.get(`/api/suppliers/${s.supplierId}`, s.token)).body.data;
    const off = await t.api.put(`/api/suppliers/${s.supplierId}`, { ...supplier, askConfirmation: false }, s.token);
    expect(off.status, off.text).toBe(200);
    const text = `2 x Kg: Lemons\n\n${confirmationLine('en', confirmUrl as string)}`;
    expectOk(await s.send({ text, lines: [s.line('Lemons', 2)] }), { text, confirmUrl }, 'Order sent');
    fieldError(await s.send({ channel: 'phone', text, lines: [s.line('Lemons', 2)] }), 'text');
  });

  it('is the same through tRPC, and another owner’s order is a 404', async () => {
    const s = await shop({ askConfirmation: false });
    const lines = [s.line('Tomatoes', 0.25)];
    const ok = await t.api.request('POST', '/api/trpc/orders.send', {
      token: s.token,
      body: { id: s.orderId, text: '0.25 x Kg: Tomatoes', introduce: '', lines },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.result.data).toMatchObject({ text: '0.25 x Kg: Tomatoes', lines });
    const bad = await t.api.request('POST', '/api/trpc/orders.send', {
      token: s.token,
      body: { id: s.orderId, text: '1 x Kg: Tomatoes', lines },
    });
    expect(bad.status, bad.text).toBe(400);
    expect(bad.body.error.data).toMatchObject({ kind: 'BAD_REQUEST', httpStatus: 400 });
    const stranger = await t.api.register();
    expectSameNotFound(
      await t.api.post(`/api/orders/${s.orderId}/send`, { lines }, stranger.token),
      await t.api.post('/api/orders/2000000000/send', { lines }, stranger.token),
      'send',
    );
  });
});

describe('POST /api/orders/{id}/reorder with mode', () => {
  async function sentOnce() {
    const s = await shop({ askConfirmation: false });
    await s.set('Lemons', 2);
    await s.set('Tomatoes', 1.5);
    expect((await t.api.put(`/api/orders/${s.orderId}`, { introduce: 'Para el martes' }, s.token)).status).toBe(200);
    const sent = (await s.send({})).body.data as { id: number };
    return { ...s, sentOrderId: sent.id };
  }

  it('adds the sent quantities to the current ones and keeps a non-empty message', async () => {
    const s = await sentOnce();
    await s.set('Lemons', 1);
    await s.set('Tomatoes', 0);
    await s.set('Onions', 5);
    expect((await t.api.put(`/api/orders/${s.orderId}`, { introduce: 'Hola' }, s.token)).status).toBe(200);
    const res = await t.api.post(`/api/orders/${s.orderId}/reorder`, { sentOrderId: s.sentOrderId, mode: 'add' }, s.token);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.introduce).toBe('Hola');
    expect(quantities(res.body.data.products)).toEqual({ Lemons: 3, Onions: 5, Tomatoes: 1.5 });
    expect(res.body.data.text).toBe('Hola\n3 x Kg: Lemons\n5 x Bag: Onions\n1.5 x Kg: Tomatoes');
  });

  it('takes the sent message when the current one is empty, and caps a sum at 99999', async () => {
    // The order still holds what was sent (2 Lemons, 1.5 Tomatoes): adding doubles it.
    const s = await sentOnce();
    expect((await t.api.put(`/api/orders/${s.orderId}`, { introduce: '' }, s.token)).status).toBe(200);
    await s.set('Lemons', 99_999);
    const res = await t.api.post(`/api/orders/${s.orderId}/reorder`, { sentOrderId: s.sentOrderId, mode: 'add' }, s.token);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.introduce).toBe('Para el martes');
    expect(quantities(res.body.data.products)).toEqual({ Lemons: 99_999, Tomatoes: 3 });
  });

  it('replaces by default and with mode "replace", and refuses another mode with 400', async () => {
    const s = await sentOnce();
    for (const body of [{ sentOrderId: s.sentOrderId }, { sentOrderId: s.sentOrderId, mode: 'replace' }]) {
      await s.set('Onions', 5);
      const res = await t.api.post(`/api/orders/${s.orderId}/reorder`, body, s.token);
      expect(res.status, res.text).toBe(200);
      expect(quantities(res.body.data.products)).toEqual({ Lemons: 2, Tomatoes: 1.5 });
      expect(res.body.data.introduce).toBe('Para el martes');
    }
    fieldError(await t.api.post(`/api/orders/${s.orderId}/reorder`, { sentOrderId: s.sentOrderId, mode: 'merge' }, s.token), 'mode');
  });

  it('takes mode through tRPC too', async () => {
    const s = await sentOnce();
    await s.set('Lemons', 1);
    const res = await t.api.request('POST', '/api/trpc/orders.reorder', {
      token: s.token,
      body: { id: s.orderId, sentOrderId: s.sentOrderId, mode: 'add' },
    });
    expect(res.status, res.text).toBe(200);
    expect(quantities(res.body.result.data.products)).toEqual({ Lemons: 3, Tomatoes: 3 });
  });
});

describe('POST /api/orders/{id}/restore', () => {
  it('sets the message and exactly these quantities, every other line to 0, skipping products deleted since', async () => {
    const s = await shop({ askConfirmation: false });
    await s.set('Onions', 7);
    const tomatoes = s.products.Tomatoes as { id: number };
    const lemons = s.products.Lemons as { id: number };
    const res = await t.api.post(
      `/api/orders/${s.orderId}/restore`,
      {
        introduce: 'Hola',
        lines: [
          { productId: lemons.id, quantity: 2 },
          { productId: tomatoes.id, quantity: 0.5 },
          { productId: 2_000_000_000, quantity: 1 },
        ],
      },
      s.token,
    );
    expectOk(res, { introduce: 'Hola', text: 'Hola\n2 x Kg: Lemons\n0.5 x Kg: Tomatoes' }, 'Success! Order updated!');
    fieldError(await t.api.post(`/api/orders/${s.orderId}/restore`, { introduce: 'x'.repeat(301), lines: [] }, s.token), 'introduce');
    const stranger = await t.api.register();
    expectSameNotFound(
      await t.api.post(`/api/orders/${s.orderId}/restore`, { introduce: '', lines: [] }, stranger.token),
      await t.api.post('/api/orders/2000000000/restore', { introduce: '', lines: [] }, stranger.token),
      'restore',
    );
    expect(quantities((await s.order()).products)).toEqual({ Lemons: 2, Tomatoes: 0.5 });
  });
});
