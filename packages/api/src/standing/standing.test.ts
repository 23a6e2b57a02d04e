import { type Owner, refusal, useDomain } from '@reorder/testing';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { PushMessage, PushSender, PushTarget } from '../mail/push.ts';
import { runStandingOrders } from './runner.ts';
import { AUTO_SEND_EMAIL_ONLY, NOT_THIS_SUPPLIERS } from './standing.service.ts';

/**
 * Standing orders (docs/decisions.md §9.5) through the procedures in-process
 * and the round the server runs on the reminders' interval, with time driven
 * by the deps' clock: the body and its checks, roles and tenancy, preparing
 * (empty order filled, non-empty left alone, paused and skipped dates), the
 * messages in each member's language and time zone, and the auto-send by
 * email recorded as the standing order's. Each delivery is prepared once.
 * The supplier delivers on Saturdays with a cut-off at 14:00 (UTC) on Friday.
 */
const t = useDomain();
afterEach(() => {
  t.domain.deps.clock = undefined;
});

const FRIDAY = '2027-01-08';
const SATURDAY = '2027-01-09';

const at = (iso: string) => {
  t.domain.deps.clock = () => Date.parse(iso);
};

const pushed: { endpoint: string; message: PushMessage }[] = [];
const push: PushSender = {
  publicKey: 'test-key',
  async send(target: PushTarget, message: PushMessage) {
    pushed.push({ endpoint: target.endpoint, message });
    return 'sent';
  },
};

/** A standing order round at `iso`: what became of `supplierId`'s runs. */
async function round(iso: string, supplierId: number) {
  at(iso);
  const outcomes = await runStandingOrders({ ...t.domain.deps, push });
  return outcomes.filter((o) => o.supplierId === supplierId).map((o) => o.outcome);
}

async function shop(options: { email?: boolean; language?: 'en' | 'es' } = {}) {
  at(`${FRIDAY}T00:00:00Z`);
  const owner = await t.domain.owner({ language: options.language ?? 'es', fullName: 'Lucía Pérez' });
  const supplier = await owner.api.suppliers.create({
    name: 'Horno Santa Ana',
    contactName: '',
    messageService: options.email ? 'email' : 'whatsapp',
    contactInfo: options.email ? `horno-${owner.user.id}@supplier.test` : '+34 600 123 456',
    note: '',
    deliveryDays: [6],
    cutoffTime: '14:00',
    leadDays: 1,
  });
  const { products } = await owner.api.products.bulk({
    orderId: supplier.orderId,
    products: [
      { name: 'Pan', unit: 'Barra' },
      { name: 'Croissants', unit: 'Caja' },
    ],
  });
  const [pan, croissants] = products.map((p) => p.id) as [number, number];
  return { owner, supplier, pan, croissants };
}

type Shop = Awaited<ReturnType<typeof shop>>;

const weekly = (s: Shop, extra: Record<string, unknown> = {}) =>
  s.owner.api.standing.put({
    id: s.supplier.id,
    enabled: true,
    lines: [
      { productId: s.pan, quantities: { mon: 12, tue: 12, sat: 24 } },
      { productId: s.croissants, quantities: { sat: 2, sun: 0 } },
    ],
    ...extra,
  });

const quantitiesOf = async (owner: Owner, supplierId: number) =>
  Object.fromEntries((await owner.api.orders.bySupplier({ supplierId })).products.map((p) => [p.name, p.quantity]));

const preparedMailsTo = async (email: string) =>
  (await t.domain.outbox()).filter((m) => m.to.includes(email) && /preparado|prepared/.test(m.subject));

describe('the standing order', () => {
  it('answers one nobody set as off and empty, and keeps what is put', async () => {
    const s = await shop();
    expect(await s.owner.api.standing.get({ id: s.supplier.id })).toEqual({
      supplierId: s.supplier.id,
      enabled: false,
      lines: [],
      prepareHoursBefore: 12,
      autoSend: false,
      pausedDates: [],
      updatedAt: null,
    });
    const saved = await weekly(s, { pausedDates: ['2027-12-25', '2027-01-06', '2027-12-25'] });
    expect(saved).toMatchObject({
      enabled: true,
      // Days at 0 are not kept; the products come in the order's order (Croissants before Pan).
      lines: [
        { productId: s.croissants, quantities: { sat: 2 } },
        { productId: s.pan, quantities: { mon: 12, tue: 12, sat: 24 } },
      ],
      prepareHoursBefore: 12,
      autoSend: false,
      pausedDates: ['2027-01-06', '2027-12-25'],
    });
    expect(await s.owner.api.standing.get({ id: s.supplier.id })).toEqual(saved);
  });

  it('refuses a bad body at its field and changes nothing', async () => {
    const s = await shop();
    const before = await weekly(s);
    const other = await shop();
    const cases: [Record<string, unknown>, string][] = [
      [{ prepareHoursBefore: 0 }, 'prepareHoursBefore'],
      [{ prepareHoursBefore: 49 }, 'prepareHoursBefore'],
      [{ prepareHoursBefore: 1.5 }, 'prepareHoursBefore'],
      [{ pausedDates: ['2027-02-30'] }, 'pausedDates.0'],
      [{ pausedDates: Array.from({ length: 61 }, (_, i) => `2027-03-${String((i % 28) + 1).padStart(2, '0')}`) }, 'pausedDates'],
      [{ lines: [{ productId: s.pan, quantities: { sat: -1 } }] }, 'lines.0.quantities.sat'],
      [{ lines: [{ productId: s.pan, quantities: { sat: 1.0005 } }] }, 'lines.0.quantities.sat'],
      [{ lines: [{ productId: s.pan, quantities: { saturday: 1 } }] }, 'lines.0.quantities'],
      [
        {
          lines: [
            { productId: s.pan, quantities: {} },
            { productId: s.pan, quantities: {} },
          ],
        },
        'lines',
      ],
      [{ lines: [{ productId: other.pan, quantities: { sat: 1 } }] }, 'lines.0.productId'],
      [{ autoSend: true }, 'autoSend'],
    ];
    for (const [body, path] of cases) {
      const refused = await refusal(weekly(s, body));
      expect(refused.kind, JSON.stringify(body)).toBe('BAD_REQUEST');
      expect(
        refused.issues.map((issue) => issue.path),
        JSON.stringify(body),
      ).toContain(path);
    }
    const foreign = await refusal(weekly(s, { lines: [{ productId: other.pan, quantities: { sat: 1 } }] }));
    expect(foreign.message).toBe(NOT_THIS_SUPPLIERS);
    expect((await refusal(weekly(s, { autoSend: true }))).message).toBe(AUTO_SEND_EMAIL_ONLY);
    expect(await s.owner.api.standing.get({ id: s.supplier.id })).toEqual(before);
    // An email supplier may send by itself.
    const mail = await shop({ email: true });
    expect((await weekly(mail, { autoSend: true })).autoSend).toBe(true);
  });

  it("is another business's 404; staff read and skip, managers and owners set it", async () => {
    const s = await shop();
    await weekly(s);
    const stranger = await t.domain.owner();
    // Each call made when its turn comes: made all at once, one refused before the loop awaited it
    // was an unhandled rejection, which failed the whole suite (CI, 2026-11-29).
    for (const call of [
      () => stranger.api.standing.get({ id: s.supplier.id }),
      () => stranger.api.standing.put({ id: s.supplier.id, enabled: false, lines: [] }),
      () => stranger.api.standing.skip({ id: s.supplier.id, date: SATURDAY }),
    ]) {
      expect((await refusal(call())).kind).toBe('NOT_FOUND');
    }
    const staff = await t.domain.joiner(s.owner, 'staff');
    expect((await staff.api.standing.get({ id: s.supplier.id })).enabled).toBe(true);
    expect((await refusal(staff.api.standing.put({ id: s.supplier.id, enabled: false, lines: [] }))).kind).toBe('FORBIDDEN');
    expect((await staff.api.standing.skip({ id: s.supplier.id, date: SATURDAY })).pausedDates).toEqual([SATURDAY]);
    const manager = await t.domain.joiner(s.owner, 'manager');
    expect((await manager.api.standing.put({ id: s.supplier.id, enabled: false, lines: [] })).enabled).toBe(false);
  });
});

describe('preparing', () => {
  it('fills the empty order at prepareHoursBefore the cut-off, once, and tells each member in their language and time zone', async () => {
    const s = await shop();
    const ana = await t.domain.joiner(s.owner, 'manager', { fullName: 'Ana Smith', language: 'en' });
    await ana.api.users.updateMe({ timeZone: 'America/New_York' });
    const off = await t.domain.joiner(s.owner, 'staff', { fullName: 'Sin Avisos', language: 'es' });
    await off.api.users.updateMe({ reminders: false });
    await sql`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES
      (${ana.user.id}, ${`https://push.test/ana-${ana.user.id}`}, 'k', 'a')`.execute(t.domain.deps.db);
    await weekly(s);
    expect(await round(`${FRIDAY}T01:59:00Z`, s.supplier.id)).toEqual([]);
    expect(await quantitiesOf(s.owner, s.supplier.id)).toEqual({ Croissants: 0, Pan: 0 });
    expect(await round(`${FRIDAY}T02:00:00Z`, s.supplier.id)).toEqual(['prepared']);
    expect(await quantitiesOf(s.owner, s.supplier.id)).toEqual({ Croissants: 2, Pan: 24 });
    expect(await round(`${FRIDAY}T02:01:00Z`, s.supplier.id)).toEqual([]);

    const [lucia, ...moreLucia] = await preparedMailsTo(s.owner.email);
    expect(moreLucia).toEqual([]);
    expect(lucia?.subject).toBe('Pedido del sábado preparado');
    expect(lucia?.text).toContain('El pedido a Horno Santa Ana para la entrega del sábado');
    expect(lucia?.text).toContain('2 productos');
    // The owner reads the cut-off in UTC, the day of the message.
    expect(lucia?.text).toContain('Envíalo antes del cierre: 14:00.');
    const link = `http://app.test/orders/${s.supplier.id}?prepared=${SATURDAY}`;
    expect(lucia?.text).toContain(`Enviar: ${link}&then=send`);
    expect(lucia?.text).toContain(`Editar: ${link}\n`);
    expect(lucia?.text).toContain(`Saltar esta entrega: ${link}&then=skip`);
    const [anaMail, ...moreAna] = await preparedMailsTo(ana.email);
    expect(moreAna).toEqual([]);
    expect(anaMail?.subject).toBe("Saturday's order prepared");
    // 14:00 UTC is 09:00 in New York, where it is still Thursday evening.
    expect(anaMail?.text).toContain('Send it before the cut-off: Friday 09:00.');
    expect(anaMail?.text).toContain(`Skip this delivery: ${link}&then=skip`);
    expect(await preparedMailsTo(off.email)).toEqual([]);
    expect(pushed.filter((p) => p.endpoint === `https://push.test/ana-${ana.user.id}`).map((p) => p.message)).toEqual([
      { title: "Saturday's order prepared", body: 'Horno Santa Ana: Send · Edit · Skip', url: link, tag: `standing-${s.supplier.id}` },
    ]);
  });

  it('leaves an order with products alone, and says so', async () => {
    const s = await shop({ language: 'en' });
    await s.owner.api.products.setQuantity({ orderId: s.supplier.orderId, productId: s.pan, quantity: 5 });
    await weekly(s);
    expect(await round(`${FRIDAY}T03:00:00Z`, s.supplier.id)).toEqual(['not empty']);
    expect(await quantitiesOf(s.owner, s.supplier.id)).toEqual({ Croissants: 0, Pan: 5 });
    const [mail] = await preparedMailsTo(s.owner.email);
    expect(mail?.text).toContain('already had products, so the standing order left it alone');
    expect(mail?.text).not.toContain('then=send');
  });

  it('skips a paused date, and "Saltar" pauses one', async () => {
    const paused = await shop();
    await weekly(paused, { pausedDates: [SATURDAY] });
    expect(await round(`${FRIDAY}T03:00:00Z`, paused.supplier.id)).toEqual(['paused']);
    expect(await quantitiesOf(paused.owner, paused.supplier.id)).toEqual({ Croissants: 0, Pan: 0 });
    expect(await preparedMailsTo(paused.owner.email)).toEqual([]);

    const skipped = await shop();
    await weekly(skipped);
    at(`${FRIDAY}T00:30:00Z`);
    const after = await skipped.owner.api.standing.skip({ id: skipped.supplier.id, date: SATURDAY });
    expect(after.pausedDates).toEqual([SATURDAY]);
    // Twice is once.
    expect((await skipped.owner.api.standing.skip({ id: skipped.supplier.id, date: SATURDAY })).pausedDates).toEqual([SATURDAY]);
    expect(await round(`${FRIDAY}T03:00:00Z`, skipped.supplier.id)).toEqual(['paused']);
    expect(await quantitiesOf(skipped.owner, skipped.supplier.id)).toEqual({ Croissants: 0, Pan: 0 });
    expect((await refusal(skipped.owner.api.standing.skip({ id: skipped.supplier.id, date: '2027-1-9' }))).issues[0]?.path).toBe('date');
  });

  it('prepares at once a standing order saved after its moment but before the cut-off, and never after it', async () => {
    const s = await shop();
    at(`${FRIDAY}T13:00:00Z`);
    await weekly(s);
    expect(await round(`${FRIDAY}T13:00:05Z`, s.supplier.id)).toEqual(['prepared']);
    expect(await quantitiesOf(s.owner, s.supplier.id)).toEqual({ Croissants: 2, Pan: 24 });

    const late = await shop();
    at(`${FRIDAY}T14:30:00Z`);
    await weekly(late);
    // Past Friday's cut-off: the next one planned is the next Friday's, not due yet.
    expect(await round(`${FRIDAY}T14:30:05Z`, late.supplier.id)).toEqual([]);
    expect(await quantitiesOf(late.owner, late.supplier.id)).toEqual({ Croissants: 0, Pan: 0 });
  });
});

describe('sending by itself', () => {
  it('sends the prepared order by email 30 minutes before the cut-off, recorded as the standing order, once', async () => {
    const s = await shop({ email: true });
    await weekly(s, { autoSend: true });
    expect(await round(`${FRIDAY}T02:00:00Z`, s.supplier.id)).toEqual(['prepared']);
    const [told] = await preparedMailsTo(s.owner.email);
    expect(told?.text).toContain('Si nadie lo envía, saldrá por correo a Horno Santa Ana a las 13:30.');
    expect(await round(`${FRIDAY}T13:29:00Z`, s.supplier.id)).toEqual([]);
    expect(await round(`${FRIDAY}T13:30:00Z`, s.supplier.id)).toEqual(['sent']);
    expect(await round(`${FRIDAY}T13:31:00Z`, s.supplier.id)).toEqual([]);

    const history = await s.owner.api.orders.history({ id: s.supplier.orderId });
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      channel: 'email',
      sentBy: null,
      byStandingOrder: true,
      sentAt: `${FRIDAY}T13:30:00.000Z`,
      lines: [
        { name: 'Croissants', quantity: 2 },
        { name: 'Pan', quantity: 24 },
      ],
    });
    const supplierMails = (await t.domain.outbox()).filter((m) => m.to.includes(s.supplier.contactInfo));
    expect(supplierMails).toHaveLength(1);
    expect(supplierMails[0]?.subject).toContain('Pedido para entregar el');
    expect(supplierMails[0]?.text).toContain('2 x Caja: Croissants');
    expect(supplierMails[0]?.text).toContain('24 x Barra: Pan');
    // Cleared, so the next delivery is prepared too.
    expect(await quantitiesOf(s.owner, s.supplier.id)).toEqual({ Croissants: 0, Pan: 0 });
  });

  it('does not send what a member sent, nor a skipped delivery', async () => {
    const sent = await shop({ email: true });
    await weekly(sent, { autoSend: true });
    await round(`${FRIDAY}T02:00:00Z`, sent.supplier.id);
    at(`${FRIDAY}T09:00:00Z`);
    await sent.owner.api.orders.send({ id: sent.supplier.orderId });
    expect(await round(`${FRIDAY}T13:30:00Z`, sent.supplier.id)).toEqual(['already sent']);
    expect(await sent.owner.api.orders.history({ id: sent.supplier.orderId })).toHaveLength(1);

    const skipped = await shop({ email: true });
    await weekly(skipped, { autoSend: true });
    await round(`${FRIDAY}T02:00:00Z`, skipped.supplier.id);
    at(`${FRIDAY}T09:00:00Z`);
    await skipped.owner.api.standing.skip({ id: skipped.supplier.id, date: SATURDAY });
    expect(await round(`${FRIDAY}T13:30:00Z`, skipped.supplier.id)).toEqual(['paused']);
    expect(await skipped.owner.api.orders.history({ id: skipped.supplier.orderId })).toEqual([]);
  });
});
