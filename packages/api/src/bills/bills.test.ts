import { type Owner, refusal, useDomain } from '@reorder/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { BILL_CLOSED, DUE_BEFORE_ISSUED, NOT_SENT_ORDERS, NOT_SUPPLIER_PRODUCT, NUMBER_TAKEN, PRODUCT_TWICE } from './bills.service.ts';
import { FILE_EMPTY, FILE_TYPE_REFUSED, NO_FILE } from './files.ts';

/**
 * The bill (docs/decisions.md §9.6) through the procedures in-process: the
 * tax data and its limits, the expected bill, the match, approving by role,
 * the invoice's file, tenancy, Spend's billed and the account export.
 * match.test.ts keeps every flag at and around the 1 % tolerance and the
 * totals to the cent; exports.test.ts the three files;
 * services/server/test/bills.test.ts the REST and tRPC contract.
 */
const t = useDomain();

afterEach(() => {
  t.domain.deps.clock = undefined;
});

/** Files as their first bytes say: what file-type reads. */
export const FILES = {
  jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, ...new Array(40).fill(0)]),
  png: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
  webp: Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(40)]),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
  gif: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'),
  text: Buffer.from('Factura 311: 3,30 EUR'),
};
const b64 = (bytes: Buffer) => bytes.toString('base64');

/**
 * An owner (default tax rate 10 %) with a supplier, lemons (3.20, rate
 * unset), milk (1.10, 4 %), bread (2.50, unset) and salt (not ordered);
 * 2 lemons, 6 milk and 3 bread sent; the supplier confirmed bread at 2.40;
 * the delivery checked: 1 lemon charged 3.30, milk and bread as expected.
 */
async function receivedShop(options: { owner?: Owner; close?: boolean } = {}) {
  const owner = options.owner ?? (await t.domain.owner({ businessName: 'Café Luna' }));
  await owner.api.businesses.update({ defaultTaxRate: 10, taxId: 'B11111111' });
  const supplier = await owner.api.suppliers.create({
    name: 'Frutas Pepe',
    contactName: '',
    messageService: 'whatsapp',
    contactInfo: '+34 600 123 456',
    note: '',
    showPrices: true,
    taxId: 'B12345678',
  });
  const { products } = await owner.api.products.bulk({
    orderId: supplier.orderId,
    products: [
      { name: 'Lemons', unit: 'Kg', quantity: 2, price: 3.2 },
      { name: 'Milk', unit: 'L', quantity: 6, price: 1.1, taxRate: 4 },
      { name: 'Bread', unit: 'ud', quantity: 3, price: 2.5 },
      { name: 'Salt', unit: 'Kg', price: 0.9 },
    ],
  });
  const [lemons, milk, bread, salt] = products.map((p) => p.id) as [number, number, number, number];
  const sent = await owner.api.orders.send({ id: supplier.orderId });
  const token = /\/confirm\/([A-Za-z0-9_-]{24})$/.exec(sent.confirmUrl ?? '')?.[1] ?? 'none';
  await t.domain.caller(undefined, { ip: '203.0.113.9' }).confirmations.answer({
    token,
    unavailable: [],
    lines: [{ productId: bread, quantity: 3, price: 2.4 }],
  });
  const receipt = await owner.api.receipts.start({ id: sent.id });
  await owner.api.receipts.setLine({ id: receipt.id, productId: lemons, received: 1, chargedPrice: 3.3 });
  await owner.api.receipts.allGood({ id: receipt.id });
  if (options.close !== false) await owner.api.receipts.done({ id: receipt.id });
  return { owner, supplier, sent, receipt, lemons, milk, bread, salt };
}
type Shop = Awaited<ReturnType<typeof receivedShop>>;

let numbers = 0;
const billOf = (shop: Shop, extra: Record<string, unknown> = {}) =>
  shop.owner.api.bills.create({
    supplierId: shop.supplier.id,
    number: `F-${++numbers}`,
    issuedOn: '2026-11-28',
    sentOrderIds: [shop.sent.id],
    ...extra,
  });

describe('the tax data', () => {
  it("is the supplier's tax id, the product's rate and the business's id and default, with their limits", async () => {
    const shop = await receivedShop();
    expect((await shop.owner.api.suppliers.byId({ id: shop.supplier.id })).taxId).toBe('B12345678');
    const products = await shop.owner.api.products.list({ orderId: shop.supplier.orderId });
    expect(products.map((p) => [p.name, p.taxRate])).toEqual([
      ['Bread', null],
      ['Lemons', null],
      ['Milk', 4],
      ['Salt', null],
    ]);
    const business = await shop.owner.api.businesses.active();
    expect(business).toEqual({
      id: business.id,
      name: 'Café Luna',
      role: 'owner',
      currency: 'EUR',
      taxId: 'B11111111',
      defaultTaxRate: 10,
    });
    expect(await shop.owner.api.bills.settings()).toEqual({ xeroAccountCode: '300', xeroTaxTypes: [] });
    const updated = await shop.owner.api.products.update({ id: shop.milk, name: 'Milk', unit: 'L', taxRate: 5.5 });
    expect(updated.taxRate).toBe(5.5);
    expect((await shop.owner.api.products.update({ id: shop.milk, name: 'Milk', unit: 'L', taxRate: null })).taxRate).toBeNull();
    for (const taxRate of [30.01, -1, 2.345]) {
      const refused = await refusal(shop.owner.api.products.update({ id: shop.milk, name: 'Milk', unit: 'L', taxRate }));
      expect(refused).toMatchObject({ kind: 'BAD_REQUEST', issues: [expect.objectContaining({ path: 'taxRate' })] });
    }
    expect((await shop.owner.api.products.update({ id: shop.milk, name: 'Milk', unit: 'L', taxRate: 30 })).taxRate).toBe(30);
    const long = await refusal(shop.owner.api.suppliers.update({ ...shop.supplier, id: shop.supplier.id, taxId: 'X'.repeat(21) }));
    expect(long).toMatchObject({ kind: 'BAD_REQUEST', message: 'Tax id must be at most 20 characters' });
    const cleared = await shop.owner.api.suppliers.update({ ...shop.supplier, id: shop.supplier.id, taxId: null });
    expect(cleared.taxId).toBe('');
    expect(await refusal(shop.owner.api.businesses.update({ defaultTaxRate: 31 }))).toMatchObject({
      kind: 'BAD_REQUEST',
      issues: [expect.objectContaining({ path: 'defaultTaxRate' })],
    });
    expect(await refusal(shop.owner.api.businesses.update({ taxId: 'Y'.repeat(21) }))).toMatchObject({ kind: 'BAD_REQUEST' });
    const xero = await shop.owner.api.bills.updateSettings({ xeroAccountCode: '600', xeroTaxTypes: [{ rate: 10, taxType: 'IVA 10%' }] });
    expect(xero).toEqual({ xeroAccountCode: '600', xeroTaxTypes: [{ rate: 10, taxType: 'IVA 10%' }] });
    const twice = await refusal(
      shop.owner.api.bills.updateSettings({
        xeroTaxTypes: [
          { rate: 10, taxType: 'A' },
          { rate: 10, taxType: 'B' },
        ],
      }),
    );
    expect(twice).toMatchObject({ kind: 'BAD_REQUEST', message: 'Xero tax types must name each rate once' });
    // Business settings are the owners': a manager may not change them.
    await t.domain.confirmEmail(shop.owner);
    const manager = await t.domain.member(shop.owner, 'manager');
    expect(await refusal(manager.api.businesses.update({ defaultTaxRate: 21 }))).toMatchObject({ kind: 'FORBIDDEN' });
    expect(await refusal(manager.api.bills.updateSettings({ xeroAccountCode: '1' }))).toMatchObject({ kind: 'FORBIDDEN' });
    expect(await manager.api.bills.settings()).toEqual(xero);
  });
});

describe("the product's tax rate in the catalogue CSV", () => {
  it('is not one of its columns: the header stays the contract, an IVA column is ignored, a set rate is kept', async () => {
    const owner = await t.domain.owner({ language: 'es' });
    const csv =
      'proveedor;servicio;contacto;producto;unidad;precio;tipo iva\nFrutas Pepe;otro;;Limones;kg;3,2;10\nFrutas Pepe;otro;;Pan;ud;1;5,5\n';
    const imported = await owner.api.catalogue.import({ csv, apply: true });
    expect(imported.applied).toBe(true);
    const [supplier] = await owner.api.suppliers.list({});
    const products = await owner.api.products.list({ orderId: supplier?.orderId });
    expect(products.map((p) => [p.name, p.taxRate])).toEqual([
      ['Limones', null],
      ['Pan', null],
    ]);
    const lemons = products.find((p) => p.name === 'Limones');
    await owner.api.products.update({ id: lemons?.id ?? 0, name: 'Limones', unit: 'kg', taxRate: 10 });
    const file = await owner.api.catalogue.export({});
    expect(file.content.split('\r\n').slice(0, 3)).toEqual([
      '\uFEFFsupplier;service;contact;product;unit;par;price;step;note',
      'Frutas Pepe;other;;Limones;kg;;3,2;;',
      'Frutas Pepe;other;;Pan;ud;;1;;',
    ]);
    await owner.api.catalogue.import({ csv, apply: true });
    const after = await owner.api.products.list({ orderId: supplier?.orderId });
    expect(after.map((p) => [p.name, p.taxRate])).toEqual([
      ['Limones', 10],
      ['Pan', null],
    ]);
  });
});

describe('the expected bill', () => {
  it("is what arrived × the price charged, else expected, at each product's rate or the default", async () => {
    const shop = await receivedShop();
    const bill = await billOf(shop, { dueOn: '2026-12-28' });
    expect(bill).toMatchObject({
      supplierId: shop.supplier.id,
      issuedOn: '2026-11-28',
      dueOn: '2026-12-28',
      currency: 'EUR',
      sentOrderIds: [shop.sent.id],
      file: null,
      approvedAt: null,
      exportedAt: null,
    });
    // In the order's order (by name, as sent).
    expect(bill.lines).toEqual([
      { productId: shop.bread, description: 'Bread', quantity: 3, unitPrice: 2.4, taxRate: 10 },
      { productId: shop.lemons, description: 'Lemons', quantity: 1, unitPrice: 3.3, taxRate: 10 },
      { productId: shop.milk, description: 'Milk', quantity: 6, unitPrice: 1.1, taxRate: 4 },
    ]);
    // 3.30 + 7.20 = 10.50 at 10 % (1.05); 6.60 at 4 % (0.264 → 0.26).
    expect(bill.totals).toEqual({
      base: 17.1,
      tax: 1.31,
      total: 18.41,
      byRate: [
        { rate: 4, base: 6.6, tax: 0.26 },
        { rate: 10, base: 10.5, tax: 1.05 },
      ],
    });
    // The lemon charged 3.30 against 3.20 agreed: more than 1 % off.
    expect(bill.status).toBe('mismatch');
    expect(bill.match).toEqual({
      lines: [
        { productId: shop.bread, ordered: 3, received: 3, billed: 3, expectedPrice: 2.4, billedPrice: 2.4, flag: null },
        { productId: shop.lemons, ordered: 2, received: 1, billed: 1, expectedPrice: 3.2, billedPrice: 3.3, flag: 'price' },
        { productId: shop.milk, ordered: 6, received: 6, billed: 6, expectedPrice: 1.1, billedPrice: 1.1, flag: null },
      ],
      difference: 0.1,
    });
    expect(await shop.owner.api.bills.get({ id: bill.id })).toEqual(bill);
  });

  it('counts what was confirmed while the delivery is not closed', async () => {
    const shop = await receivedShop({ close: false });
    const bill = await billOf(shop);
    expect(bill.lines.map((l) => [l.description, l.quantity, l.unitPrice])).toEqual([
      ['Bread', 3, 2.4],
      ['Lemons', 2, 3.2],
      ['Milk', 6, 1.1],
    ]);
    expect(bill.status).toBe('matched');
    expect(bill.match?.lines.every((l) => l.received === null && l.flag === null)).toBe(true);
  });

  it("is a draft without sent orders, and the lines given are the invoice's", async () => {
    const shop = await receivedShop();
    const bill = await shop.owner.api.bills.create({
      supplierId: shop.supplier.id,
      number: 'A-1',
      issuedOn: '2026-11-20',
      lines: [
        { productId: shop.milk, quantity: 2, unitPrice: 1.1 },
        { description: 'Transport', quantity: 1, unitPrice: 5, taxRate: 21 },
      ],
    });
    expect(bill).toMatchObject({ status: 'draft', match: null, sentOrderIds: [], dueOn: null });
    expect(bill.lines).toEqual([
      { productId: shop.milk, description: 'Milk', quantity: 2, unitPrice: 1.1, taxRate: 4 },
      { productId: null, description: 'Transport', quantity: 1, unitPrice: 5, taxRate: 21 },
    ]);
    expect(bill.totals).toEqual({
      base: 7.2,
      tax: 1.14,
      total: 8.34,
      byRate: [
        { rate: 4, base: 2.2, tax: 0.09 },
        { rate: 21, base: 5, tax: 1.05 },
      ],
    });
  });
});

describe('correcting and matching', () => {
  it('flags each difference with the paper invoice, and matches when it is right', async () => {
    const shop = await receivedShop();
    const bill = await billOf(shop);
    const corrected = await shop.owner.api.bills.update({
      id: bill.id,
      lines: [
        { productId: shop.lemons, quantity: 1, unitPrice: 3.2 },
        { productId: shop.milk, quantity: 5, unitPrice: 1.1 },
        { productId: shop.salt, quantity: 1, unitPrice: 0.9 },
        { description: 'Transport', quantity: 1, unitPrice: 4 },
      ],
    });
    expect(corrected.match?.lines.map((l) => [l.productId, l.billed, l.flag])).toEqual([
      [shop.lemons, 1, null],
      [shop.milk, 5, 'quantity'],
      [shop.salt, 1, 'not_ordered'],
      [null, 1, 'not_ordered'],
      // Bread arrived and is not billed.
      [shop.bread, 0, 'quantity'],
    ]);
    expect(corrected.status).toBe('mismatch');
    const right = await shop.owner.api.bills.update({
      id: bill.id,
      number: 'F-311',
      dueOn: '2026-12-01',
      lines: [
        { productId: shop.lemons, quantity: 1, unitPrice: 3.2 },
        { productId: shop.milk, quantity: 6, unitPrice: 1.1 },
        { productId: shop.bread, quantity: 3, unitPrice: 2.41 },
      ],
    });
    expect(right).toMatchObject({ status: 'matched', number: 'F-311', dueOn: '2026-12-01' });
    expect(right.match?.difference).toBe(0.03);
  });

  it('flags a product billed that never came', async () => {
    const shop = await receivedShop({ close: false });
    await shop.owner.api.receipts.setLine({ id: shop.receipt.id, productId: shop.milk, received: 0, outcome: 'refused' });
    await shop.owner.api.receipts.done({ id: shop.receipt.id });
    const bill = await billOf(shop, { lines: [{ productId: shop.milk, quantity: 6, unitPrice: 1.1 }] });
    expect(bill.match?.lines[0]).toEqual({
      productId: shop.milk,
      ordered: 6,
      received: 0,
      billed: 6,
      expectedPrice: 1.1,
      billedPrice: 1.1,
      flag: 'not_received',
    });
    // The expected bill leaves it out.
    const expected = await billOf(shop);
    expect(expected.lines.map((l) => l.productId)).toEqual([shop.bread, shop.lemons]);
  });

  it('refuses what does not fit, and changes nothing', async () => {
    const shop = await receivedShop();
    const other = await receivedShop({ owner: shop.owner });
    const bill = await billOf(shop, { number: 'X-1' });
    const cases: [() => Promise<unknown>, string, string][] = [
      [() => billOf(shop, { number: 'X-1' }), 'CONFLICT', NUMBER_TAKEN],
      [() => billOf(shop, { sentOrderIds: [other.sent.id] }), 'BAD_REQUEST', NOT_SENT_ORDERS],
      [() => billOf(shop, { lines: [{ productId: other.milk, quantity: 1, unitPrice: 1 }] }), 'BAD_REQUEST', NOT_SUPPLIER_PRODUCT],
      [
        () =>
          billOf(shop, {
            lines: [
              { productId: shop.milk, quantity: 1, unitPrice: 1 },
              { productId: shop.milk, quantity: 2, unitPrice: 1 },
            ],
          }),
        'BAD_REQUEST',
        PRODUCT_TWICE,
      ],
      [() => billOf(shop, { dueOn: '2026-11-01' }), 'BAD_REQUEST', DUE_BEFORE_ISSUED],
      [
        () => billOf(shop, { lines: [{ quantity: 1, unitPrice: 1 }] }),
        'BAD_REQUEST',
        'Description is required for a line without a product',
      ],
      [
        () => billOf(shop, { lines: [{ productId: shop.milk, quantity: 1, unitPrice: 1, taxRate: 31 }] }),
        'BAD_REQUEST',
        'Tax rate must be at most 30',
      ],
      [() => billOf(shop, { number: 'N'.repeat(41) }), 'BAD_REQUEST', 'Number must be at most 40 characters'],
      [() => billOf(shop, { issuedOn: '28/11/2026' }), 'BAD_REQUEST', 'Issued on must be a date like 2026-11-28'],
      [() => shop.owner.api.bills.update({ id: bill.id, number: 'F-1' }), 'CONFLICT', NUMBER_TAKEN],
    ];
    await billOf(shop, { number: 'F-1' });
    for (const [call, kind, message] of cases) expect(await refusal(call())).toMatchObject({ kind, message });
    expect(await shop.owner.api.bills.get({ id: bill.id })).toEqual(bill);
  });
});

describe('approving', () => {
  it('is for owners and managers; an approved bill no longer changes', async () => {
    const shop = await receivedShop();
    await t.domain.confirmEmail(shop.owner);
    const staff = await t.domain.member(shop.owner, 'staff');
    const manager = await t.domain.member(shop.owner, 'manager');
    // Staff enter bills and attach the photo (they receive the paper with the delivery).
    const bill = await staff.api.bills.create({
      supplierId: shop.supplier.id,
      number: 'S-1',
      issuedOn: '2026-11-28',
      sentOrderIds: [shop.sent.id],
    });
    await staff.api.bills.setFile({ id: bill.id, content: b64(FILES.jpeg) });
    expect(await refusal(staff.api.bills.approve({ id: bill.id }))).toMatchObject({ kind: 'FORBIDDEN' });
    expect(await refusal(staff.api.bills.exportCsv({ format: 'libro' }))).toMatchObject({ kind: 'FORBIDDEN' });
    t.domain.deps.clock = () => Date.parse('2026-11-29T10:00:00Z');
    const approved = await manager.api.bills.approve({ id: bill.id });
    expect(approved).toMatchObject({ status: 'approved', approvedAt: '2026-11-29T10:00:00.000Z' });
    expect(await shop.owner.api.bills.approve({ id: bill.id })).toEqual(approved);
    expect(await refusal(shop.owner.api.bills.update({ id: bill.id, number: 'S-2' }))).toMatchObject({
      kind: 'CONFLICT',
      message: BILL_CLOSED,
    });
    expect((await staff.api.bills.list({ status: 'approved' })).map((b) => b.id)).toEqual([bill.id]);
    expect(await staff.api.bills.list({ status: 'draft' })).toEqual([]);
  });
});

describe("the invoice's file", () => {
  it('takes JPEG, PNG, WebP and PDF by their content, and refuses anything else or nothing', async () => {
    const shop = await receivedShop();
    const bill = await billOf(shop);
    expect(await refusal(shop.owner.api.bills.file({ id: bill.id }))).toMatchObject({ kind: 'NOT_FOUND', message: NO_FILE });
    for (const [kind, type] of [
      ['jpeg', 'image/jpeg'],
      ['png', 'image/png'],
      ['webp', 'image/webp'],
      ['pdf', 'application/pdf'],
    ] as const) {
      const attached = await shop.owner.api.bills.setFile({ id: bill.id, content: b64(FILES[kind]) });
      expect(attached.file).toMatchObject({ contentType: type, size: FILES[kind].length });
      expect(await shop.owner.api.bills.file({ id: bill.id })).toEqual({
        filename: `bill-${bill.number}.${kind === 'jpeg' ? 'jpg' : kind}`,
        contentType: type,
        content: b64(FILES[kind]),
      });
    }
    for (const kind of ['gif', 'text'] as const) {
      expect(await refusal(shop.owner.api.bills.setFile({ id: bill.id, content: b64(FILES[kind]) }))).toMatchObject({
        kind: 'UNSUPPORTED_MEDIA_TYPE',
        message: FILE_TYPE_REFUSED,
      });
    }
    expect(await refusal(shop.owner.api.bills.setFile({ id: bill.id, content: '' }))).toMatchObject({
      kind: 'BAD_REQUEST',
      message: FILE_EMPTY,
    });
    // What was attached last is kept.
    expect((await shop.owner.api.bills.get({ id: bill.id })).file?.contentType).toBe('application/pdf');
  });

  it("is in the owner's account export, bytes and all", async () => {
    const shop = await receivedShop();
    const bill = await billOf(shop);
    await shop.owner.api.bills.setFile({ id: bill.id, content: b64(FILES.png) });
    const plain = await billOf(shop);
    const copy = await shop.owner.api.users.export();
    const bills = copy.bills.map((b) => [b.id, b.file?.contentType ?? null, b.file?.content ?? null]);
    expect(bills).toEqual([
      [bill.id, 'image/png', b64(FILES.png)],
      [plain.id, null, null],
    ]);
  });
});

describe('tenancy', () => {
  it("keeps another business's bills, suppliers, orders and files out of reach", async () => {
    const shop = await receivedShop();
    const bill = await billOf(shop);
    const stranger = await t.domain.owner({ businessName: 'Otro' });
    const theirs = await receivedShop({ owner: stranger });
    // Each call made when its turn comes (made all at once, one refused early is an unhandled rejection).
    for (const call of [
      () => stranger.api.bills.get({ id: bill.id }),
      () => stranger.api.bills.update({ id: bill.id, number: 'Z' }),
      () => stranger.api.bills.approve({ id: bill.id }),
      () => stranger.api.bills.setFile({ id: bill.id, content: b64(FILES.jpeg) }),
      () => stranger.api.bills.file({ id: bill.id }),
      () => stranger.api.bills.create({ supplierId: shop.supplier.id, number: 'Z', issuedOn: '2026-11-28' }),
    ]) {
      expect(await refusal(call())).toMatchObject({ kind: 'NOT_FOUND' });
    }
    const foreignOrder = await refusal(
      stranger.api.bills.create({ supplierId: theirs.supplier.id, number: 'Z', issuedOn: '2026-11-28', sentOrderIds: [shop.sent.id] }),
    );
    expect(foreignOrder).toMatchObject({ kind: 'BAD_REQUEST', message: NOT_SENT_ORDERS });
    expect(await stranger.api.bills.list()).toEqual([]);
    expect((await shop.owner.api.bills.get({ id: bill.id })).number).toBe(bill.number);
  });
});

describe('Spend', () => {
  it('shows what was billed beside what was sent, for the same days', async () => {
    const shop = await receivedShop();
    await billOf(shop, { issuedOn: '2026-11-28' });
    await billOf(shop, { issuedOn: '2026-10-02', lines: [{ productId: shop.milk, quantity: 1, unitPrice: 1.1 }] });
    const november = await shop.owner.api.spend.get({ from: '2026-11-01', to: '2026-11-30' });
    expect(november.billed).toBe(17.1);
    const both = await shop.owner.api.spend.get({ from: '2026-10-01', to: '2026-11-30' });
    expect(both.billed).toBe(18.2);
    expect(both.sent).toBe(both.total);
  });
});
