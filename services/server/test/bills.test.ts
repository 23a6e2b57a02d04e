import { HOLDED_BILL_COLUMNS, LIBRO_COLUMNS, XERO_BILL_COLUMNS } from '@reorder/schemas';
import { type ApiResponse, expectFailure, expectFieldError, expectOk, type RegisteredUser, useTestServer } from '@reorder/testing';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';

/**
 * Issue 48, docs/decisions.md §9.6 over REST and tRPC, on PGlite and
 * PostgreSQL: the tax data and its limits, the expected bill and its match,
 * approving by role, the invoice's file (raw body, its type by content, 5
 * MB; in the account export), the three exports read back by papaparse, the
 * Spanish convention, Spend's billed, and tenancy. The rules in detail are
 * packages/api/src/bills/*.test.ts, in-process; bills-backup.pg.test.ts
 * keeps the file through a backup.
 */
const t = useTestServer();

/** Xero's bill import template (the *-marked columns are required), as its sample file heads it. */
const XERO_TEMPLATE =
  '*ContactName,EmailAddress,POAddressLine1,POAddressLine2,POAddressLine3,POAddressLine4,POCity,PORegion,POPostalCode,POCountry,*InvoiceNumber,Reference,*InvoiceDate,*DueDate,Description,*Quantity,*UnitAmount,Discount,*AccountCode,*TaxType,Currency';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, ...new Array(64).fill(7)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;');

/** An owner (in `language`, default tax 10 %), a supplier with its tax id, lemons (3.20) and milk (1.10 at 4 %) sent and received: 1 lemon of 2, charged 3.30. */
async function receivedShop(language: 'en' | 'es' = 'en') {
  const owner = await t.api.register({ language, businessName: 'Café Luna' });
  await t.confirmEmail(owner.email, owner.token);
  expectOk(
    await t.api.put('/api/business', { defaultTaxRate: 10, taxId: 'B11111111' }, owner.token),
    expect.objectContaining({ taxId: 'B11111111', defaultTaxRate: 10 }),
  );
  const supplier = await t.api.createSupplier(owner.token, { name: 'Frutas Pepe', showPrices: true, taxId: 'B12345678' });
  expect(supplier.taxId).toBe('B12345678');
  const ids: number[] = [];
  for (const [name, price, quantity, taxRate] of [
    ['Lemons', 3.2, 2, undefined],
    ['Milk', 1.1, 6, 4],
  ] as const) {
    const res = await t.api.post('/api/products', { name, unit: 'Kg', orderId: supplier.orderId, price, taxRate }, owner.token);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.taxRate).toBe(taxRate ?? null);
    ids.push(res.body.data.id);
    await t.api.setQuantity(owner.token, supplier.orderId, res.body.data.id, quantity);
  }
  const [lemons, milk] = ids as [number, number];
  const sent = await t.api.post(`/api/orders/${supplier.orderId}/send`, {}, owner.token);
  expect(sent.status, sent.text).toBe(200);
  const receipt = await t.api.post(`/api/sent-orders/${sent.body.data.id}/receipt`, {}, owner.token);
  const receiptId = receipt.body.data.id as number;
  expect((await t.api.put(`/api/receipts/${receiptId}/lines/${lemons}`, { received: 1, chargedPrice: 3.3 }, owner.token)).status).toBe(200);
  expect((await t.api.post(`/api/receipts/${receiptId}/all-good`, {}, owner.token)).status).toBe(200);
  expect((await t.api.post(`/api/receipts/${receiptId}/done`, {}, owner.token)).status).toBe(200);
  return { owner, supplier, lemons, milk, sentId: sent.body.data.id as number };
}
type Shop = Awaited<ReturnType<typeof receivedShop>>;

let numbers = 0;
const createBill = (shop: Shop, body: Record<string, unknown> = {}, token = shop.owner.token, headers: Record<string, string> = {}) =>
  t.api.request('POST', '/api/bills', {
    token,
    headers,
    body: { supplierId: shop.supplier.id, number: `F-${++numbers}`, issuedOn: '2026-11-28', sentOrderIds: [shop.sentId], ...body },
  });

/** PUT /bills/{id}/file with the raw bytes, as a phone uploads the photo. */
const putFile = (shop: Shop, id: number, bytes: Buffer, contentType = 'application/octet-stream', token = shop.owner.token) =>
  fetch(`${t.url}/api/bills/${id}/file`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body: bytes,
  });

/** The CSV as a spreadsheet reads it (fetch's text() has already dropped the byte order mark; tRPC's content keeps it). */
const parse = (content: string, delimiter: ',' | ';') => {
  const text = content.charCodeAt(0) === 0xfeff ? content.slice(1) : content;
  const parsed = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
};
const cents = (text: string | undefined, delimiter: ',' | ';') =>
  Math.round(Number(delimiter === ';' ? (text ?? '').replace(',', '.') : text) * 100);

describe('the tax data over REST and tRPC', () => {
  it('is read and written with its limits, and a bad value changes nothing', async () => {
    const shop = await receivedShop();
    expectFieldError(await t.api.put('/api/business', { defaultTaxRate: 30.5 }, shop.owner.token), 'defaultTaxRate');
    expectFieldError(await t.api.put('/api/business', { defaultTaxRate: 2.125 }, shop.owner.token), 'defaultTaxRate');
    expectFieldError(await t.api.put('/api/business', { taxId: 'E'.repeat(21) }, shop.owner.token), 'taxId');
    expectFieldError(
      await t.api.put(`/api/suppliers/${shop.supplier.id}`, { ...shop.supplier, taxId: 'E'.repeat(21) }, shop.owner.token),
      'taxId',
    );
    expectFieldError(
      await t.api.put(`/api/products/${shop.milk}`, { name: 'Milk', unit: 'Kg', taxRate: 30.01 }, shop.owner.token),
      'taxRate',
    );
    expectFieldError(
      await t.api.put(`/api/products/${shop.milk}`, { name: 'Milk', unit: 'Kg', taxRate: '4' }, shop.owner.token),
      'taxRate',
    );
    expectOk(await t.api.get('/api/business', shop.owner.token), expect.objectContaining({ taxId: 'B11111111', defaultTaxRate: 10 }));
    expect((await t.api.get(`/api/products/${shop.milk}`, shop.owner.token)).body.data.taxRate).toBe(4);
    // tRPC too.
    const trpc = await t.api.post('/api/trpc/products.update', { id: shop.milk, name: 'Milk', unit: 'Kg', taxRate: 5.5 }, shop.owner.token);
    expect(trpc.status, trpc.text).toBe(200);
    expect(trpc.body.result.data.taxRate).toBe(5.5);
    expectOk(await t.api.get('/api/business/accounting', shop.owner.token), { xeroAccountCode: '300', xeroTaxTypes: [] });
    expectFieldError(await t.api.put('/api/business/accounting', { xeroAccountCode: '' }, shop.owner.token), 'xeroAccountCode');
  });
});

describe('a bill over REST and tRPC', () => {
  it('starts as the expected bill, is corrected to the paper, matched, and approved by an owner or manager only', async () => {
    const shop = await receivedShop();
    const created = await createBill(shop, { dueOn: '2026-12-28' });
    expect(created.status, created.text).toBe(200);
    const bill = created.body.data;
    expect(bill.lines).toEqual([
      { productId: shop.lemons, description: 'Lemons', quantity: 1, unitPrice: 3.3, taxRate: 10 },
      { productId: shop.milk, description: 'Milk', quantity: 6, unitPrice: 1.1, taxRate: 4 },
    ]);
    expect(bill.totals).toEqual({
      base: 9.9,
      tax: 0.59,
      total: 10.49,
      byRate: [
        { rate: 4, base: 6.6, tax: 0.26 },
        { rate: 10, base: 3.3, tax: 0.33 },
      ],
    });
    expect(bill).toMatchObject({ status: 'mismatch', currency: 'EUR', dueOn: '2026-12-28', file: null });
    expect(bill.match.lines.map((l: { flag: string | null }) => l.flag)).toEqual(['price', null]);
    // Corrected to the paper invoice: the lemon at 3.232 (1 % over 3.20) matches.
    const corrected = await t.api.put(
      `/api/bills/${bill.id}`,
      {
        lines: [
          { productId: shop.lemons, quantity: 1, unitPrice: 3.232 },
          { productId: shop.milk, quantity: 6, unitPrice: 1.1 },
        ],
      },
      shop.owner.token,
    );
    expectOk(corrected, expect.objectContaining({ status: 'matched' }));
    const trpc = await t.api.get(`/api/trpc/bills.get?input=${encodeURIComponent(JSON.stringify({ id: bill.id }))}`, shop.owner.token);
    expect(trpc.body.result.data).toEqual(corrected.body.data);
    expectOk(await t.api.get('/api/bills?status=matched', shop.owner.token), [corrected.body.data]);
    expectFieldError(await t.api.get('/api/bills?status=paid', shop.owner.token), 'status');
    expectFieldError(await createBill(shop, { lines: [{ productId: shop.milk, quantity: 1, unitPrice: -1 }] }), 'lines.0.unitPrice');
    expectFailure(await createBill(shop, { number: corrected.body.data.number }), 409, 'CONFLICT');

    const business = String((await t.api.get('/api/businesses', shop.owner.token)).body.data[0].id);
    const headers = { 'x-business-id': business };
    const staff: RegisteredUser = await t.joinBusiness(shop.owner, 'staff');
    const manager: RegisteredUser = await t.joinBusiness(shop.owner, 'manager');
    const staffBill = await createBill(shop, {}, staff.token, headers);
    expect(staffBill.status, staffBill.text).toBe(200);
    const approveAs = (user: RegisteredUser) =>
      t.api.request('POST', `/api/bills/${bill.id}/approve`, { token: user.token, headers, body: {} });
    expectFailure(await approveAs(staff), 403, 'FORBIDDEN');
    const viaTrpc = await t.api.request('POST', '/api/trpc/bills.approve', { token: staff.token, headers, body: { id: bill.id } });
    expect(viaTrpc.status).toBe(403);
    expectOk(await approveAs(manager), expect.objectContaining({ status: 'approved', approvedAt: expect.any(String) }));
    expectFailure(await t.api.put(`/api/bills/${bill.id}`, { number: 'Z' }, shop.owner.token), 409, 'CONFLICT');
  });
});

describe("the invoice's file", () => {
  it('is the raw body, taken by its content up to 5 MB, answered as itself, and in the account export', async () => {
    const shop = await receivedShop();
    const bill = (await createBill(shop)).body.data;
    const missing = await fetch(`${t.url}/api/bills/${bill.id}/file`, { headers: { authorization: `Bearer ${shop.owner.token}` } });
    expect(missing.status).toBe(404);
    // A phone says image/jpeg; a script may say nothing useful: the bytes decide.
    const jpeg = await putFile(shop, bill.id, JPEG, 'image/jpeg');
    expect(jpeg.status).toBe(200);
    expect(((await jpeg.json()) as { data: { file: unknown } }).data.file).toEqual({
      contentType: 'image/jpeg',
      size: JPEG.length,
      uploadedAt: expect.any(String),
    });
    const read = await fetch(`${t.url}/api/bills/${bill.id}/file`, { headers: { authorization: `Bearer ${shop.owner.token}` } });
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/jpeg');
    expect(read.headers.get('content-disposition')).toBe(`inline; filename="bill-${bill.number}.jpg"`);
    expect(Buffer.from(await read.arrayBuffer())).toEqual(JPEG);
    const pdf = await putFile(shop, bill.id, PDF, 'application/json');
    expect(pdf.status).toBe(200);
    const gif = await putFile(shop, bill.id, GIF, 'image/jpeg');
    expect(gif.status).toBe(415);
    expect(await gif.json()).toMatchObject({
      code: 0,
      error: { kind: 'UNSUPPORTED_MEDIA_TYPE' },
      message: expect.stringContaining('JPEG, PNG or WebP'),
    });
    const large = await putFile(shop, bill.id, Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]), 'application/pdf');
    expect(large.status).toBe(413);
    expect(await large.json()).toMatchObject({ error: { kind: 'PAYLOAD_TOO_LARGE' }, message: expect.stringContaining('5 MB') });
    const exactly = await putFile(shop, bill.id, Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024 - PDF.length)]), 'application/pdf');
    expect(exactly.status).toBe(200);
    // Through tRPC, in base64.
    const trpc = await t.api.post('/api/trpc/bills.setFile', { id: bill.id, content: PDF.toString('base64') }, shop.owner.token);
    expect(trpc.status, trpc.text).toBe(200);
    expect(trpc.body.result.data.file).toMatchObject({ contentType: 'application/pdf', size: PDF.length });
    const copy = await t.api.get('/api/users/me/export', shop.owner.token);
    expect(copy.body.data.bills.map((b: { id: number; file: { content: string } | null }) => [b.id, b.file?.content])).toEqual([
      [bill.id, PDF.toString('base64')],
    ]);
  });
});

describe('the exports', () => {
  it("are Xero's template, Holded's import and the register, exported once unless asked again", async () => {
    const shop = await receivedShop();
    const bill = (await createBill(shop, { issuedOn: '2026-11-03' })).body.data;
    await t.api.post(`/api/bills/${bill.id}/approve`, {}, shop.owner.token);
    const xero = await t.api.get('/api/bills.csv?format=xero&from=2026-11-01&to=2026-11-30', shop.owner.token);
    expect(xero.status, xero.text).toBe(200);
    expect(xero.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(xero.headers.get('content-disposition')).toBe('attachment; filename="bills-xero-2026-11-01-to-2026-11-30.csv"');
    const [header, ...rows] = parse(xero.text, ',');
    expect(header?.join(',')).toBe(XERO_TEMPLATE);
    expect(header).toEqual([...XERO_BILL_COLUMNS]);
    expect(rows.map((row) => [row[0], row[10], row[12], row[13], row[14], row[15], row[16], row[18], row[19], row[20]])).toEqual([
      ['Frutas Pepe', bill.number, '03/11/2026', '03/11/2026', 'Lemons', '1', '3.3', '300', '10% (VAT on Expenses)', 'EUR'],
      ['Frutas Pepe', bill.number, '03/11/2026', '03/11/2026', 'Milk', '6', '1.1', '300', '4% (VAT on Expenses)', 'EUR'],
    ]);
    const base = rows.reduce((sum, row) => sum + Math.round(Number(row[15]) * Number(row[16]) * 100), 0);
    expect(base).toBe(Math.round(bill.totals.base * 100));
    expect((await t.api.get(`/api/bills/${bill.id}`, shop.owner.token)).body.data.status).toBe('exported');
    expect(parse((await t.api.get('/api/bills.csv?format=xero', shop.owner.token)).text, ',')).toEqual([[...XERO_BILL_COLUMNS]]);
    const holded = await t.api.get('/api/bills.csv?format=holded&again=true', shop.owner.token);
    const [holdedHeader, ...holdedRows] = parse(holded.text, ',');
    expect(holdedHeader).toEqual([...HOLDED_BILL_COLUMNS]);
    expect(holdedRows.map((row) => [row[0], row[4], row[5], row[11], row[14], row[15], row[17]])).toEqual([
      [bill.number, 'Frutas Pepe', 'B12345678', 'Lemons', '3.3', '1', '10'],
      [bill.number, 'Frutas Pepe', 'B12345678', 'Milk', '1.1', '6', '4'],
    ]);
    // Through tRPC: the file as {filename, content}.
    const trpc = await t.api.get(
      `/api/trpc/bills.exportCsv?input=${encodeURIComponent(JSON.stringify({ format: 'libro', again: true }))}`,
      shop.owner.token,
    );
    expect(trpc.status, trpc.text).toBe(200);
    expect(trpc.body.result.data.content.charCodeAt(0)).toBe(0xfeff);
    const [libroHeader, ...libro] = parse(trpc.body.result.data.content, ',');
    expect(libroHeader?.join(',')).toBe(
      'fecha_expedicion,fecha_registro,numero,nif_proveedor,nombre_proveedor,base_imponible,tipo_iva,cuota_iva,total',
    );
    expect(libroHeader).toEqual([...LIBRO_COLUMNS]);
    expect(libro.map((row) => row.slice(2))).toEqual([
      [bill.number, 'B12345678', 'Frutas Pepe', '6.6', '4', '0.26', '6.86'],
      [bill.number, 'B12345678', 'Frutas Pepe', '3.3', '10', '0.33', '3.63'],
    ]);
    expect(libro.reduce((sum, row) => sum + cents(row[8], ','), 0)).toBe(Math.round(bill.totals.total * 100));
    expectFieldError(await t.api.get('/api/bills.csv?format=sage', shop.owner.token), 'format');
    expectFailure(await t.api.get('/api/bills.csv?format=libro&from=2026-12-01&to=2026-11-01', shop.owner.token), 400, 'BAD_REQUEST');
  });

  it("follow the Spanish convention for a Spanish owner, and are owners' and managers'", async () => {
    const shop = await receivedShop('es');
    const bill = (await createBill(shop, { issuedOn: '2026-11-03' })).body.data;
    await t.api.post(`/api/bills/${bill.id}/approve`, {}, shop.owner.token);
    const libro = await t.api.get('/api/bills.csv?format=libro', shop.owner.token);
    expect(libro.text.split('\r\n')[0]).toBe(LIBRO_COLUMNS.join(';'));
    // UTF-8 with a byte order mark, as every CSV of the app.
    const bytes = await fetch(`${t.url}/api/bills.csv?format=libro&again=true`, {
      headers: { authorization: `Bearer ${shop.owner.token}` },
    });
    expect([...Buffer.from(await bytes.arrayBuffer()).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [, ...rows] = parse(libro.text, ';');
    expect(rows.map((row) => row.slice(5))).toEqual([
      ['6,6', '4', '0,26', '6,86'],
      ['3,3', '10', '0,33', '3,63'],
    ]);
    expect(rows.reduce((sum, row) => sum + cents(row[5], ';') + cents(row[7], ';'), 0)).toBe(Math.round(bill.totals.total * 100));
    const xero = await t.api.get('/api/bills.csv?format=xero&again=true', shop.owner.token);
    const [header, ...lines] = parse(xero.text, ';');
    expect(header).toEqual([...XERO_BILL_COLUMNS]);
    expect(lines.map((row) => [row[15], row[16]])).toEqual([
      ['1', '3,3'],
      ['6', '1,1'],
    ]);
    const staff = await t.joinBusiness(shop.owner, 'staff');
    const business = String((await t.api.get('/api/businesses', shop.owner.token)).body.data[0].id);
    const refused = await t.api.request('GET', '/api/bills.csv?format=libro', {
      token: staff.token,
      headers: { 'x-business-id': business },
    });
    expectFailure(refused, 403, 'FORBIDDEN');
  });
});

describe('Spend and tenancy', () => {
  it('shows billed beside sent; another business gets 404 and changes nothing', async () => {
    const shop = await receivedShop();
    const bill = (await createBill(shop, { issuedOn: '2026-11-28' })).body.data;
    const spend = await t.api.get('/api/spend?from=2026-11-01&to=2026-11-30', shop.owner.token);
    expect(spend.body.data).toMatchObject({ billed: 9.9, sent: spend.body.data.total });
    const other = await t.api.register();
    const as = (method: string, path: string, body?: unknown): Promise<ApiResponse> =>
      t.api.request(method, path, { token: other.token, ...(body ? { body } : {}) });
    expectFailure(await as('GET', `/api/bills/${bill.id}`), 404, 'NOT_FOUND');
    expectFailure(await as('PUT', `/api/bills/${bill.id}`, { number: 'Z' }), 404, 'NOT_FOUND');
    expectFailure(await as('POST', `/api/bills/${bill.id}/approve`, {}), 404, 'NOT_FOUND');
    expectFailure(await as('GET', `/api/bills/${bill.id}/file`), 404, 'NOT_FOUND');
    expect((await putFile(shop, bill.id, JPEG, 'image/jpeg', other.token)).status).toBe(404);
    expectFailure(await as('POST', '/api/bills', { supplierId: shop.supplier.id, number: 'Z', issuedOn: '2026-11-28' }), 404, 'NOT_FOUND');
    expectOk(await as('GET', '/api/bills'), []);
    expectOk(await t.api.get(`/api/bills/${bill.id}`, shop.owner.token), expect.objectContaining({ number: bill.number, file: null }));
  });
});
