import { runStandingOrders } from '@reorder/api';
import { expectFailure, expectFieldError, expectOk, type RegisteredUser, useTestServer } from '@reorder/testing';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * Issue 47, docs/decisions.md §9.5 over REST and tRPC, on PGlite and
 * PostgreSQL: usuals by delivery weekday on the order's lines, the standing
 * order's calls and their refusals, tenancy, preparing before the cut-off
 * (empty filled, non-empty left alone, a skipped date), the messages in each
 * member's language and time zone, and the auto-send by email recorded as
 * the standing order's. Time is the server's injectable clock; rounds run
 * when the test calls them. The rules in detail are
 * packages/api/src/standing/*.test.ts, in-process;
 * standing-processes.pg.test.ts runs real processes.
 */
const t = useTestServer();
afterEach(() => {
  t.server.deps.clock = undefined;
});

const at = (iso: string) => {
  t.server.deps.clock = () => Date.parse(iso);
};
const FRIDAY = '2027-01-08';
const SATURDAY = '2027-01-09';

async function round(iso: string, supplierId: number) {
  at(iso);
  return (await runStandingOrders(t.server.deps)).filter((o) => o.supplierId === supplierId).map((o) => o.outcome);
}

/** An owner (Spanish, UTC) with a bakery delivering Tuesdays and Saturdays, cut-off 14:00 the day before; bread and butter. */
async function bakery(options: { email?: boolean; owner?: RegisteredUser } = {}) {
  at(`${FRIDAY}T00:00:00Z`);
  const owner = options.owner ?? (await t.api.register({ language: 'es', timeZone: 'UTC', fullName: 'Lucía Pérez' }));
  const supplier = await t.api.createSupplier(owner.token, {
    name: 'Horno Santa Ana',
    messageService: options.email ? 'email' : 'whatsapp',
    contactInfo: options.email ? `horno-${owner.user.id}@supplier.test` : '+34 600 123 456',
    deliveryDays: [2, 6],
    cutoffTime: '14:00',
    leadDays: 1,
  });
  const bread = await t.api.createProduct(owner.token, supplier.orderId, 'Pan', 'Barra');
  const butter = await t.api.createProduct(owner.token, supplier.orderId, 'Mantequilla', 'Kg');
  return { owner, supplier, bread: bread.id as number, butter: butter.id as number };
}
type Bakery = Awaited<ReturnType<typeof bakery>>;

const standingPath = (b: Bakery) => `/api/suppliers/${b.supplier.id}/standing`;
const WEEKLY = (b: Bakery) => ({
  enabled: true,
  lines: [
    { productId: b.bread, quantities: { tue: 12, sat: 24 } },
    { productId: b.butter, quantities: { sat: 1.5 } },
  ],
});

const lines = (res: { body: { data: { products: { name: string; quantity: number; usual: unknown }[] } } }) =>
  Object.fromEntries(res.body.data.products.map((p) => [p.name, p]));

describe('usuals by delivery weekday', () => {
  it("are the weekday's median and range on each order line, REST and tRPC, else the last 4 sends", async () => {
    const b = await bakery();
    const send = async (iso: string, bread: number, butter?: number) => {
      at(iso);
      const res = await t.api.post(
        `/api/orders/${b.supplier.orderId}/send`,
        {
          lines: [
            { productId: b.bread, name: 'Pan', unit: 'Barra', quantity: bread },
            ...(butter ? [{ productId: b.butter, name: 'Mantequilla', unit: 'Kg', quantity: butter }] : []),
          ],
        },
        b.owner.token,
      );
      expect(res.status, res.text).toBe(200);
    };
    // Fridays go to Saturday's delivery, Mondays to Tuesday's.
    await send('2026-12-18T10:00:00Z', 22);
    await send('2026-12-21T10:00:00Z', 12, 1);
    await send('2026-12-25T10:00:00Z', 26);
    await send('2026-12-28T10:00:00Z', 10, 2);
    await send('2027-01-01T10:00:00Z', 24, 3);

    at('2027-01-08T09:00:00Z');
    const friday = await t.api.get(`/api/orders/supplier/${b.supplier.id}`, b.owner.token);
    expect(friday.status, friday.text).toBe(200);
    expect(lines(friday).Pan?.usual).toEqual({ quantity: 24, low: 22, high: 26, weekday: 6, basedOn: 3 });
    // One Saturday with butter: its last sends whatever the day.
    expect(lines(friday).Mantequilla?.usual).toEqual({ quantity: 2, low: 1, high: 3, weekday: null, basedOn: 3 });
    const trpc = await t.api.get(
      `/api/trpc/orders.bySupplier?input=${encodeURIComponent(JSON.stringify({ supplierId: b.supplier.id }))}`,
      b.owner.token,
    );
    expect(trpc.status, trpc.text).toBe(200);
    expect(trpc.body.result.data.products).toEqual(friday.body.data.products);

    at('2027-01-11T09:00:00Z');
    const monday = await t.api.get(`/api/orders/supplier/${b.supplier.id}`, b.owner.token);
    expect(lines(monday).Pan?.usual).toEqual({ quantity: 11, low: 10, high: 12, weekday: 2, basedOn: 2 });
    expect(lines(monday).Mantequilla?.usual).toEqual({ quantity: 1.5, low: 1, high: 2, weekday: 2, basedOn: 2 });
    // The product keeps its own usual (docs/decisions.md §6.1): a number.
    expect((await t.api.get(`/api/products/${b.bread}`, b.owner.token)).body.data.usual).toBe(18);
    // The history says who sent each; the standing order sent none.
    const history = await t.api.get(`/api/orders/${b.supplier.orderId}/history`, b.owner.token);
    expect(history.body.data.map((s: { byStandingOrder: boolean }) => s.byStandingOrder)).toEqual([false, false, false, false, false]);
  });
});

describe('the standing order calls', () => {
  it('read, save and skip over REST and tRPC', async () => {
    const b = await bakery();
    expectOk(await t.api.get(standingPath(b), b.owner.token), {
      supplierId: b.supplier.id,
      enabled: false,
      lines: [],
      prepareHoursBefore: 12,
      autoSend: false,
      pausedDates: [],
      updatedAt: null,
    });
    const put = await t.api.put(standingPath(b), { ...WEEKLY(b), prepareHoursBefore: 6, pausedDates: ['2027-12-25'] }, b.owner.token);
    expect(put.status, put.text).toBe(200);
    expect(put.body.data).toMatchObject({
      enabled: true,
      // Mantequilla sorts before Pan.
      lines: [
        { productId: b.butter, quantities: { sat: 1.5 } },
        { productId: b.bread, quantities: { tue: 12, sat: 24 } },
      ],
      prepareHoursBefore: 6,
      autoSend: false,
      pausedDates: ['2027-12-25'],
    });
    const skipped = await t.api.post(`${standingPath(b)}/skip`, { date: SATURDAY }, b.owner.token);
    expectOk(skipped, { ...put.body.data, pausedDates: [SATURDAY, '2027-12-25'], updatedAt: expect.any(String) });
    const trpc = await t.api.get(
      `/api/trpc/standing.get?input=${encodeURIComponent(JSON.stringify({ id: b.supplier.id }))}`,
      b.owner.token,
    );
    expect(trpc.body.result.data).toEqual(skipped.body.data);
    const trpcPut = await t.api.post('/api/trpc/standing.put', { id: b.supplier.id, enabled: false, lines: [] }, b.owner.token);
    expect(trpcPut.status, trpcPut.text).toBe(200);
    expect(trpcPut.body.result.data).toMatchObject({ enabled: false, lines: [], prepareHoursBefore: 12, pausedDates: [] });
  });

  it('refuse bad bodies at their field, and another business gets 404', async () => {
    const b = await bakery();
    const other = await bakery();
    const put = (body: Record<string, unknown>) => t.api.put(standingPath(b), { ...WEEKLY(b), ...body }, b.owner.token);
    expectFieldError(await put({ prepareHoursBefore: 0 }), 'prepareHoursBefore');
    expectFieldError(await put({ prepareHoursBefore: 49 }), 'prepareHoursBefore');
    expectFieldError(await put({ autoSend: true }), 'autoSend');
    expectFieldError(await put({ pausedDates: ['25/12/2027'] }), 'pausedDates.0');
    expectFieldError(
      await put({ pausedDates: Array.from({ length: 61 }, (_, i) => `2028-01-${String((i % 28) + 1).padStart(2, '0')}`) }),
      'pausedDates',
    );
    expectFieldError(await put({ lines: [{ productId: other.bread, quantities: { sat: 1 } }] }), 'lines.0.productId');
    expectFieldError(await put({ lines: [{ productId: b.bread, quantities: { sat: 'x' } }] }), 'lines.0.quantities.sat');
    expectFieldError(await put({ enabled: 'yes' }), 'enabled');
    expectFieldError(await t.api.post(`${standingPath(b)}/skip`, { date: 'sábado' }, b.owner.token), 'date');
    const trpc = await t.api.post('/api/trpc/standing.put', { id: b.supplier.id, ...WEEKLY(b), prepareHoursBefore: 0 }, b.owner.token);
    expect(trpc.status).toBe(400);
    expectOk(await t.api.get(standingPath(b), b.owner.token), expect.objectContaining({ enabled: false, lines: [] }));

    expectFailure(await t.api.get(standingPath(b), other.owner.token), 404, 'NOT_FOUND');
    expectFailure(await t.api.put(standingPath(b), WEEKLY(b), other.owner.token), 404, 'NOT_FOUND');
    expectFailure(await t.api.post(`${standingPath(b)}/skip`, { date: SATURDAY }, other.owner.token), 404, 'NOT_FOUND');
    expectFailure(await t.api.get('/api/suppliers/2147483647/standing', b.owner.token), 404, 'NOT_FOUND');
    expectFailure(await t.api.get(standingPath(b)), 401, 'UNAUTHORIZED');
  });
});

describe('preparing and sending by itself', () => {
  it('fills the empty order, tells each member in their language and time zone, and leaves a skipped date', async () => {
    const b = await bakery();
    await t.confirmEmail(b.owner.email, b.owner.token);
    const ana = await t.joinBusiness(b.owner, 'manager', { language: 'en', timeZone: 'America/New_York', fullName: 'Ana Smith' });
    expect((await t.api.put(standingPath(b), WEEKLY(b), b.owner.token)).status).toBe(200);
    expect(await round(`${FRIDAY}T01:00:00Z`, b.supplier.id)).toEqual([]);
    expect(await round(`${FRIDAY}T02:00:00Z`, b.supplier.id)).toEqual(['prepared']);
    expect(await round(`${FRIDAY}T02:00:30Z`, b.supplier.id)).toEqual([]);
    const order = await t.api.get(`/api/orders/supplier/${b.supplier.id}`, b.owner.token);
    expect(order.body.data.products.map((p: { quantity: number }) => p.quantity)).toEqual([1.5, 24]);

    const mails = await t.outbox();
    const toLucia = mails.filter((m) => m.to.includes(b.owner.email) && m.subject === 'Pedido del sábado preparado');
    expect(toLucia).toHaveLength(1);
    expect(toLucia[0]?.text).toContain('Envíalo antes del cierre: 14:00.');
    expect(toLucia[0]?.text).toContain(`Saltar esta entrega: http://app.test/orders/${b.supplier.id}?prepared=${SATURDAY}&then=skip`);
    const toAna = mails.filter((m) => m.to.includes(ana.email) && m.subject === "Saturday's order prepared");
    expect(toAna).toHaveLength(1);
    expect(toAna[0]?.text).toContain('Send it before the cut-off: Friday 09:00.');

    // "Saltar" on Tuesday's delivery: it is not prepared.
    expect((await t.api.post(`${standingPath(b)}/skip`, { date: '2027-01-12' }, b.owner.token)).body.data.pausedDates).toEqual([
      '2027-01-12',
    ]);
    expect(await round('2027-01-11T02:00:00Z', b.supplier.id)).toEqual(['paused']);
  });

  it('leaves an order with products alone and says so', async () => {
    const b = await bakery();
    await t.api.setQuantity(b.owner.token, b.supplier.orderId, b.bread, 3);
    expect((await t.api.put(standingPath(b), WEEKLY(b), b.owner.token)).status).toBe(200);
    expect(await round(`${FRIDAY}T02:00:00Z`, b.supplier.id)).toEqual(['not empty']);
    const order = await t.api.get(`/api/orders/supplier/${b.supplier.id}`, b.owner.token);
    expect(order.body.data.products.map((p: { quantity: number }) => p.quantity)).toEqual([0, 3]);
    const [mail] = (await t.outbox()).filter((m) => m.to.includes(b.owner.email) && m.subject === 'Pedido del sábado preparado');
    expect(mail?.text).toContain('ya tenía productos, así que el pedido fijo no lo ha tocado');
  });

  it('sends an email supplier its prepared order 30 minutes before the cut-off, as "Pedido fijo", once', async () => {
    const b = await bakery({ email: true });
    expect((await t.api.put(standingPath(b), { ...WEEKLY(b), autoSend: true }, b.owner.token)).status).toBe(200);
    expect(await round(`${FRIDAY}T02:00:00Z`, b.supplier.id)).toEqual(['prepared']);
    expect(await round(`${FRIDAY}T13:30:00Z`, b.supplier.id)).toEqual(['sent']);
    expect(await round(`${FRIDAY}T13:45:00Z`, b.supplier.id)).toEqual([]);
    at(`${FRIDAY}T13:46:00Z`);
    const history = await t.api.get(`/api/orders/${b.supplier.orderId}/history`, b.owner.token);
    expect(history.body.data).toHaveLength(1);
    expect(history.body.data[0]).toMatchObject({
      channel: 'email',
      sentBy: null,
      byStandingOrder: true,
      sentAt: `${FRIDAY}T13:30:00.000Z`,
    });
    const toSupplier = (await t.outbox()).filter((m) => m.to.includes(b.supplier.contactInfo));
    expect(toSupplier).toHaveLength(1);
    expect(toSupplier[0]?.text).toContain('24 x Barra: Pan');
    expect(toSupplier[0]?.text).toContain('1,5 x Kg: Mantequilla');
  });
});
