import type { Db, StoredBillLine, StoredBillMatch } from '@reorder/db';
import {
  OPEN_BILL_STATUSES,
  type TBill,
  type TBillLineInput,
  type TBillStatus,
  type TCreateBillInput,
  type TUpdateBillInput,
} from '@reorder/schemas';
import { nowOf } from '../context.ts';
import { AppError, found, notFound } from '../errors.ts';
import type { BusinessContext } from '../sessions/require-user.ts';
import { type ExpectedProduct, expectedProducts, matchBill, matchStatus, type ReceivedLine, type SentSource } from './match.ts';
import { billTotals } from './totals.ts';

export type BillsContext = Pick<BusinessContext, 'db' | 'user' | 'business' | 'clock'>;

export const BILL_CLOSED = 'This bill is approved: it can no longer be changed.';
export const NUMBER_TAKEN = 'This supplier already has a bill with that number.';
export const NOT_SENT_ORDERS = "Sent order ids must name sent orders of the bill's supplier";
export const NOT_SUPPLIER_PRODUCT = "Product id must name a product of the bill's supplier";
export const PRODUCT_TWICE = 'Each product may appear on one line of a bill only';
export const DUE_BEFORE_ISSUED = 'Due on must be on or after the day it was issued';
export const NOTHING_EXPECTED = 'Give the lines, or sent orders to start the bill from';

const BILL_COLUMNS = [
  'bills.id',
  'bills.supplier_id',
  'bills.number',
  'bills.issued_on',
  'bills.due_on',
  'bills.currency',
  'bills.sent_order_ids',
  'bills.lines',
  'bills.match',
  'bills.status',
  'bills.approved_at',
  'bills.exported_at',
  'bill_files.content_type',
  'bill_files.size',
  'bill_files.uploaded_at',
] as const;

/** Bills of the business with their file's description (never its bytes). */
export function billRows(db: Db, businessId: number) {
  return db
    .selectFrom('bills')
    .leftJoin('bill_files', 'bill_files.bill_id', 'bills.id')
    .select(BILL_COLUMNS)
    .where('bills.business_id', '=', businessId);
}
export type BillRow = Awaited<ReturnType<ReturnType<typeof billRows>['executeTakeFirstOrThrow']>>;

export function toBill(row: BillRow): TBill {
  return {
    id: row.id,
    supplierId: row.supplier_id,
    number: row.number,
    issuedOn: row.issued_on,
    dueOn: row.due_on,
    currency: row.currency,
    sentOrderIds: row.sent_order_ids,
    lines: row.lines,
    totals: billTotals(row.lines),
    status: row.status,
    match: row.match,
    file:
      row.content_type === null || row.size === null || row.uploaded_at === null
        ? null
        : { contentType: row.content_type, size: row.size, uploadedAt: row.uploaded_at.toISOString() },
    approvedAt: row.approved_at?.toISOString() ?? null,
    exportedAt: row.exported_at?.toISOString() ?? null,
  };
}

/** `GET /bills/{id}`. */
export async function getBill(ctx: BillsContext, id: number): Promise<TBill> {
  const row = await billRows(ctx.db, ctx.business.id).where('bills.id', '=', id).executeTakeFirst();
  return toBill(found(row, 'Bill'));
}

/** `GET /bills?status=&supplierId=`: the latest issued first, at most 500. */
export async function listBills(
  ctx: BillsContext,
  input: { status?: TBillStatus | undefined; supplierId?: number | undefined },
): Promise<TBill[]> {
  let query = billRows(ctx.db, ctx.business.id);
  if (input.status) query = query.where('bills.status', '=', input.status);
  if (input.supplierId) query = query.where('bills.supplier_id', '=', input.supplierId);
  const rows = await query.orderBy('bills.issued_on', 'desc').orderBy('bills.id', 'desc').limit(500).execute();
  return rows.map(toBill);
}

const badRequest = (path: string, message: string) => new AppError('BAD_REQUEST', message, { issues: [{ path, message }] });

/** The sent orders a bill bills, with their closed receipts; every id must be a sent order of the supplier (400 otherwise). */
export async function loadSources(db: Db, businessId: number, supplierId: number, ids: readonly number[]): Promise<SentSource[]> {
  if (ids.length === 0) return [];
  const sent = await db
    .selectFrom('sent_orders')
    .select(['id', 'supplier_id', 'lines', 'confirmation'])
    .where('business_id', '=', businessId)
    .where('id', 'in', [...ids])
    .execute();
  if (sent.length !== ids.length || sent.some((row) => row.supplier_id !== supplierId)) throw badRequest('sentOrderIds', NOT_SENT_ORDERS);
  const rows = await db
    .selectFrom('receipts')
    .leftJoin('receipt_lines', 'receipt_lines.receipt_id', 'receipts.id')
    .select([
      'receipts.sent_order_id',
      'receipt_lines.product_id',
      'receipt_lines.name',
      'receipt_lines.received',
      'receipt_lines.expected_price',
      'receipt_lines.charged_price',
    ])
    .where('receipts.business_id', '=', businessId)
    .where('receipts.sent_order_id', 'in', [...ids])
    .where('receipts.status', '=', 'done')
    .orderBy('receipts.sent_order_id')
    .orderBy('receipt_lines.position')
    .execute();
  const receipts = new Map<number, ReceivedLine[]>();
  for (const row of rows) {
    const lines = receipts.get(row.sent_order_id) ?? [];
    receipts.set(row.sent_order_id, lines);
    if (row.product_id === null || row.name === null) continue;
    lines.push({
      productId: row.product_id,
      name: row.name,
      received: row.received === null ? null : Number(row.received),
      expectedPrice: row.expected_price === null ? null : Number(row.expected_price),
      chargedPrice: row.charged_price === null ? null : Number(row.charged_price),
    });
  }
  const byOrder = new Map(sent.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byOrder.get(id)!;
    return { sentOrderId: id, lines: row.lines, confirmation: row.confirmation, receipt: receipts.get(id) ?? null };
  });
}

/** The business's default tax rate. */
async function defaultTaxRate(db: Db, businessId: number): Promise<number> {
  const row = await db.selectFrom('businesses').select('default_tax_rate').where('id', '=', businessId).executeTakeFirstOrThrow();
  return Number(row.default_tax_rate);
}

/** The supplier's products among `ids`, with their names and tax rates. */
async function supplierProducts(db: Db, businessId: number, supplierId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, { name: string; taxRate: number | null }>();
  const rows = await db
    .selectFrom('products')
    .innerJoin('orders', 'orders.id', 'products.order_id')
    .select(['products.id', 'products.name', 'products.tax_rate'])
    .where('products.business_id', '=', businessId)
    .where('orders.supplier_id', '=', supplierId)
    .where('products.id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, { name: row.name, taxRate: row.tax_rate === null ? null : Number(row.tax_rate) }]));
}

/** The lines as entered, checked: each product the supplier's and on one line only; the tax rate the line's, else the product's, else the default. */
async function storedLines(db: Db, businessId: number, supplierId: number, lines: readonly TBillLineInput[]): Promise<StoredBillLine[]> {
  const ids = lines.flatMap((line) => (line.productId ? [line.productId] : []));
  const twice = ids.findIndex((id, i) => ids.indexOf(id) !== i);
  if (twice !== -1) {
    const at = lines.findLastIndex((line) => line.productId === ids[twice]);
    throw badRequest(`lines.${at}.productId`, PRODUCT_TWICE);
  }
  const products = await supplierProducts(db, businessId, supplierId, ids);
  const missing = lines.findIndex((line) => line.productId && !products.has(line.productId));
  if (missing !== -1) throw badRequest(`lines.${missing}.productId`, NOT_SUPPLIER_PRODUCT);
  const fallback = await defaultTaxRate(db, businessId);
  return lines.map((line) => {
    const product = line.productId ? products.get(line.productId) : undefined;
    return {
      productId: line.productId ?? null,
      description: line.description || product?.name || '',
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      taxRate: line.taxRate ?? product?.taxRate ?? fallback,
    };
  });
}

/**
 * The expected bill (docs/decisions.md §9.6): for each product of the sent
 * orders, what arrived by their closed receipts × the price charged on the
 * delivery note, else the expected one (the confirmed, else sent, price);
 * for an order without a closed receipt, what was confirmed (else sent). A
 * product without any price is billed at 0, to be corrected from the paper.
 */
export async function expectedBillLines(db: Db, businessId: number, sources: readonly SentSource[]): Promise<StoredBillLine[]> {
  const { products } = expectedProducts(sources);
  const billed = products.filter((product: ExpectedProduct) => product.reference > 0);
  const rates = await db
    .selectFrom('products')
    .select(['id', 'tax_rate'])
    .where('business_id', '=', businessId)
    .where('id', 'in', billed.length ? billed.map((product) => product.productId) : [0])
    .execute();
  const rateOf = new Map(rates.map((row) => [row.id, row.tax_rate === null ? null : Number(row.tax_rate)]));
  const fallback = await defaultTaxRate(db, businessId);
  return billed.map((product) => ({
    productId: rateOf.has(product.productId) ? product.productId : null,
    description: product.name,
    quantity: product.reference / 1000,
    unitPrice: product.chargedPrice ?? product.expectedPrice ?? 0,
    taxRate: rateOf.get(product.productId) ?? fallback,
  }));
}

function checkDates(issuedOn: string, dueOn: string | null) {
  if (dueOn !== null && dueOn < issuedOn) throw badRequest('dueOn', DUE_BEFORE_ISSUED);
}

async function assertSupplier(db: Db, businessId: number, supplierId: number) {
  const row = await db
    .selectFrom('suppliers')
    .select('id')
    .where('business_id', '=', businessId)
    .where('id', '=', supplierId)
    .executeTakeFirst();
  if (!row) throw notFound('Supplier');
}

async function assertNumberFree(db: Db, businessId: number, supplierId: number, number: string, except?: number) {
  let query = db
    .selectFrom('bills')
    .select('id')
    .where('business_id', '=', businessId)
    .where('supplier_id', '=', supplierId)
    .where('number', '=', number);
  if (except !== undefined) query = query.where('id', '!=', except);
  if (await query.executeTakeFirst()) throw new AppError('CONFLICT', NUMBER_TAKEN, { issues: [{ path: 'number', message: NUMBER_TAKEN }] });
}

/** A unique violation of the bill's number (two saves at once): the 409 a check before would have given. */
function numberRaced(error: unknown): never {
  if ((error as { code?: unknown }).code === '23505') {
    throw new AppError('CONFLICT', NUMBER_TAKEN, { issues: [{ path: 'number', message: NUMBER_TAKEN }] });
  }
  throw error;
}

/** The match and status of lines against sent orders (null and draft without any). */
function matched(lines: StoredBillLine[], sources: SentSource[], ids: readonly number[]) {
  const match: StoredBillMatch | null = ids.length === 0 ? null : matchBill(lines, sources);
  return { match, status: matchStatus(match) };
}

/**
 * `POST /bills`: a supplier's invoice. With sent orders and no lines it
 * starts as the expected bill; with lines, they are the invoice's. Either
 * way it is matched against the orders (docs/decisions.md §9.6).
 */
export async function createBill(ctx: BillsContext, input: TCreateBillInput): Promise<TBill> {
  const businessId = ctx.business.id;
  const ids = input.sentOrderIds ?? [];
  const dueOn = input.dueOn ?? null;
  checkDates(input.issuedOn, dueOn);
  await assertSupplier(ctx.db, businessId, input.supplierId);
  const sources = await loadSources(ctx.db, businessId, input.supplierId, ids);
  const lines = input.lines
    ? await storedLines(ctx.db, businessId, input.supplierId, input.lines)
    : await expectedBillLines(ctx.db, businessId, sources);
  await assertNumberFree(ctx.db, businessId, input.supplierId, input.number);
  const business = await ctx.db.selectFrom('businesses').select('currency').where('id', '=', businessId).executeTakeFirstOrThrow();
  const now = new Date(nowOf(ctx));
  const id = await ctx.db
    .insertInto('bills')
    .values({
      business_id: businessId,
      supplier_id: input.supplierId,
      number: input.number,
      issued_on: input.issuedOn,
      due_on: dueOn,
      currency: business.currency,
      sent_order_ids: JSON.stringify(ids),
      lines: JSON.stringify(lines),
      ...serialized(matched(lines, sources, ids)),
      created_by: ctx.user.id,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((row) => row.id, numberRaced);
  return getBill(ctx, id);
}

const serialized = ({ match, status }: { match: StoredBillMatch | null; status: TBillStatus }) => ({
  match: match === null ? null : JSON.stringify(match),
  status,
});

/** The bill, locked, which must still be open (409 once approved or exported). */
async function openBill(db: Db, businessId: number, id: number) {
  const row = await db
    .selectFrom('bills')
    .select(['id', 'supplier_id', 'number', 'issued_on', 'due_on', 'sent_order_ids', 'lines', 'status'])
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('Bill');
  if (!OPEN_BILL_STATUSES.includes(row.status)) throw new AppError('CONFLICT', BILL_CLOSED);
  return row;
}

/**
 * `PUT /bills/{id}`: what changes (a field left out stays); lines given
 * replace them all. Matched again against the orders as they are now (a
 * receipt closed since counts). An approved or exported bill is a 409.
 */
export async function updateBill(ctx: BillsContext, input: TUpdateBillInput): Promise<TBill> {
  const businessId = ctx.business.id;
  await ctx.db
    .transaction()
    .execute(async (tx) => {
      const bill = await openBill(tx, businessId, input.id);
      const supplierId = input.supplierId ?? bill.supplier_id;
      if (supplierId !== bill.supplier_id) await assertSupplier(tx, businessId, supplierId);
      const issuedOn = input.issuedOn ?? bill.issued_on;
      const dueOn = input.dueOn === undefined ? bill.due_on : input.dueOn;
      checkDates(issuedOn, dueOn);
      const ids = input.sentOrderIds ?? bill.sent_order_ids;
      const sources = await loadSources(tx, businessId, supplierId, ids);
      let lines = bill.lines;
      if (input.lines) lines = await storedLines(tx, businessId, supplierId, input.lines);
      else if (supplierId !== bill.supplier_id) {
        lines = await storedLines(
          tx,
          businessId,
          supplierId,
          bill.lines.map((line) => ({ ...line, productId: line.productId ?? undefined })),
        );
      }
      const number = input.number ?? bill.number;
      if (number !== bill.number || supplierId !== bill.supplier_id) await assertNumberFree(tx, businessId, supplierId, number, bill.id);
      await tx
        .updateTable('bills')
        .set({
          supplier_id: supplierId,
          number,
          issued_on: issuedOn,
          due_on: dueOn,
          sent_order_ids: JSON.stringify(ids),
          lines: JSON.stringify(lines),
          ...serialized(matched(lines, sources, ids)),
          updated_at: new Date(nowOf(ctx)),
        })
        .where('id', '=', bill.id)
        .execute();
    })
    .catch(numberRaced);
  return getBill(ctx, input.id);
}

/**
 * `POST /bills/{id}/approve` (owners and managers): a draft, matched or
 * mismatched bill becomes approved, ready to export; approving an approved
 * or exported bill answers it as it is.
 */
export async function approveBill(ctx: BillsContext, id: number): Promise<TBill> {
  const businessId = ctx.business.id;
  const now = new Date(nowOf(ctx));
  await ctx.db
    .updateTable('bills')
    .set({ status: 'approved', approved_by: ctx.user.id, approved_at: now, updated_at: now })
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .where('status', 'in', [...OPEN_BILL_STATUSES])
    .execute();
  return getBill(ctx, id);
}
