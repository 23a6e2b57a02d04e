import { type Owner, useDomain } from '@reorder/testing';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * Usuals by delivery weekday (docs/decisions.md §9.5), through the
 * procedures in-process with the deps' clock: sends made on Fridays go to
 * Saturday's delivery, on Mondays to Tuesday's (cut-off 14:00 the day
 * before), so the order read on a Friday shows Saturday's usual and on a
 * Monday Tuesday's; too little history falls back to the last 4 sends.
 */
const t = useDomain();
afterEach(() => {
  t.domain.deps.clock = undefined;
});

const at = (iso: string) => {
  t.domain.deps.clock = () => Date.parse(iso);
};

async function shop(schedule: { deliveryDays: number[]; cutoffTime: string | null; leadDays: number } | null) {
  const owner = await t.domain.owner();
  const supplier = await owner.api.suppliers.create({
    name: 'Horno Santa Ana',
    contactName: '',
    messageService: 'other',
    contactInfo: '',
    note: '',
    ...(schedule ?? {}),
  });
  const { products } = await owner.api.products.bulk({
    orderId: supplier.orderId,
    products: [
      { name: 'Bread', unit: 'Loaf' },
      { name: 'Butter', unit: 'Kg' },
      { name: 'Croissants', unit: 'Box' },
    ],
  });
  const [bread, butter, croissants] = products as [(typeof products)[number], (typeof products)[number], (typeof products)[number]];
  return { owner, supplier, bread, butter, croissants };
}

type Shop = Awaited<ReturnType<typeof shop>>;

/** Sends `quantities` (by product name) at `iso`, as a device records what it sent. */
async function sendAt(s: Shop, iso: string, quantities: Record<string, number>) {
  at(iso);
  const byName = { Bread: s.bread, Butter: s.butter, Croissants: s.croissants } as Record<string, Shop['bread']>;
  const lines = Object.entries(quantities).map(([name, quantity]) => {
    const product = byName[name] as Shop['bread'];
    return { productId: product.id, name: product.name, unit: product.unit, quantity };
  });
  return s.owner.api.orders.send({ id: s.supplier.orderId, lines });
}

async function usualsAt(owner: Owner, supplierId: number, iso: string) {
  at(iso);
  const order = await owner.api.orders.bySupplier({ supplierId });
  return Object.fromEntries(order.products.map((p) => [p.name, p.usual]));
}

/** Four Fridays (Saturday's delivery) and four Mondays (Tuesday's) of sends. */
async function fourWeeks(s: Shop) {
  const fridays = ['2026-12-11', '2026-12-18', '2026-12-25', '2027-01-01'];
  const mondays = ['2026-12-14', '2026-12-21', '2026-12-28', '2027-01-04'];
  const saturdayBread = [24, 22, 26, 24];
  const tuesdayBread = [12, 12, 10, 14];
  const sends: { id: number; day: string }[] = [];
  for (let week = 0; week < 4; week++) {
    const friday = await sendAt(s, `${fridays[week]}T10:00:00Z`, {
      Bread: saturdayBread[week] as number,
      ...(week === 3 ? { Butter: 3 } : {}),
    });
    sends.push({ id: friday.id, day: 'fri' });
    const monday = await sendAt(s, `${mondays[week]}T10:00:00Z`, {
      Bread: tuesdayBread[week] as number,
      ...(week === 2 ? { Butter: 1 } : week === 3 ? { Butter: 2 } : {}),
    });
    sends.push({ id: monday.id, day: 'mon' });
  }
  return sends;
}

describe('usuals by delivery weekday', () => {
  it("give Saturday's usual on a Friday and Tuesday's on a Monday, with the range and how many sends", async () => {
    const s = await shop({ deliveryDays: [2, 6], cutoffTime: '14:00', leadDays: 1 });
    await fourWeeks(s);
    const friday = await usualsAt(s.owner, s.supplier.id, '2027-01-08T09:00:00Z');
    expect(friday.Bread).toEqual({ quantity: 24, low: 22, high: 26, weekday: 6, basedOn: 4 });
    // Butter went on one Saturday only: the last 4 sends with it, whatever the day (three in all).
    expect(friday.Butter).toEqual({ quantity: 2, low: 1, high: 3, weekday: null, basedOn: 3 });
    expect(friday.Croissants).toBeNull();

    const monday = await usualsAt(s.owner, s.supplier.id, '2027-01-11T09:00:00Z');
    expect(monday.Bread).toEqual({ quantity: 12, low: 10, high: 14, weekday: 2, basedOn: 4 });
    expect(monday.Butter).toEqual({ quantity: 1.5, low: 1, high: 2, weekday: 2, basedOn: 2 });
    // The product keeps §6.1's usual: the median of its last 4 sends whatever the day.
    expect((await s.owner.api.products.byId({ id: s.bread.id })).usual).toBe(19);
  });

  it('count the day the supplier confirmed rather than the schedule', async () => {
    const s = await shop({ deliveryDays: [2, 6], cutoffTime: '14:00', leadDays: 1 });
    const sends = await fourWeeks(s);
    const lastMonday = sends.at(-1) as { id: number };
    await sql`UPDATE sent_orders SET confirmation = ${JSON.stringify({
      status: 'confirmed',
      respondedAt: '2027-01-04T11:00:00.000Z',
      note: '',
      deliveryDate: '2027-01-09',
      unavailable: [],
    })}::jsonb WHERE id = ${lastMonday.id}`.execute(t.domain.deps.db);
    const friday = await usualsAt(s.owner, s.supplier.id, '2027-01-08T09:00:00Z');
    expect(friday.Bread).toEqual({ quantity: 24, low: 14, high: 26, weekday: 6, basedOn: 5 });
    const monday = await usualsAt(s.owner, s.supplier.id, '2027-01-11T09:00:00Z');
    expect(monday.Bread).toEqual({ quantity: 12, low: 10, high: 12, weekday: 2, basedOn: 3 });
  });

  it('take the last 6 sends of the weekday only', async () => {
    const s = await shop({ deliveryDays: [6], cutoffTime: '14:00', leadDays: 1 });
    const fridays = ['2026-11-27', '2026-12-04', '2026-12-11', '2026-12-18', '2026-12-25', '2027-01-01', '2027-01-08'];
    // The oldest, 100, falls out.
    const quantities = [100, 20, 21, 22, 23, 24, 25];
    for (const [i, day] of fridays.entries()) await sendAt(s, `${day}T10:00:00Z`, { Bread: quantities[i] as number });
    const usual = (await usualsAt(s.owner, s.supplier.id, '2027-01-15T09:00:00Z')).Bread;
    expect(usual).toEqual({ quantity: 22.5, low: 20, high: 25, weekday: 6, basedOn: 6 });
  });

  it('fall back to the last 4 sends, weekday null, without a schedule', async () => {
    const s = await shop(null);
    for (const [i, day] of ['2027-01-01', '2027-01-02', '2027-01-03', '2027-01-04', '2027-01-05'].entries()) {
      await sendAt(s, `${day}T10:00:00Z`, { Bread: 10 + i });
    }
    const usual = (await usualsAt(s.owner, s.supplier.id, '2027-01-06T09:00:00Z')).Bread;
    expect(usual).toEqual({ quantity: 12.5, low: 11, high: 14, weekday: null, basedOn: 4 });
  });

  it('work out the usual of every line of 1,000 products with history', async () => {
    const s = await shop({ deliveryDays: [2, 6], cutoffTime: '14:00', leadDays: 1 });
    const many = Array.from({ length: 997 }, (_, i) => ({ name: `Item ${String(i).padStart(4, '0')}`, unit: 'u' }));
    await s.owner.api.products.bulk({ orderId: s.supplier.orderId, products: many });
    const all = (await s.owner.api.orders.bySupplier({ supplierId: s.supplier.id })).products;
    expect(all).toHaveLength(1000);
    for (let week = 0; week < 8; week++) {
      const day = new Date(Date.parse('2026-11-20T10:00:00Z') + week * 7 * 86_400_000).toISOString();
      at(day);
      await s.owner.api.orders.send({
        id: s.supplier.orderId,
        lines: all.map((p, i) => ({ productId: p.productId, name: p.name, unit: p.unit, quantity: (i % 5) + week })),
      });
    }
    at('2027-01-15T09:00:00Z');
    const order = await s.owner.api.orders.bySupplier({ supplierId: s.supplier.id });
    expect(order.products.every((p) => p.usual?.weekday === 6 && p.usual.basedOn === 6)).toBe(true);
  });
});
