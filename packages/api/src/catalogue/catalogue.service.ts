import type { Database } from '@reorder/db';
import {
  contactInfoProblem,
  LIMITS,
  MESSAGE_SERVICES,
  normalizeSearchText,
  type TBulkProductRow,
  type TCatalogueFate,
  type TCatalogueImportInput,
  type TCatalogueImportResult,
  type TMessageService,
  zAmount,
  zPrice,
  zProductName,
  zProductNote,
  zStep,
  zText,
  zUnit,
} from '@reorder/schemas';
import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import { nowOf } from '../context.ts';
import { AppError, notFound } from '../errors.ts';
import { bulkUpsertProducts } from '../products/bulk.ts';
import { PRODUCT_LIMIT_MESSAGE } from '../products/products.service.ts';
import type { BusinessContext } from '../sessions/require-user.ts';
import { insertSupplier, lockAndCountSuppliers, readingTime, updateSupplier } from '../suppliers/suppliers.repository.ts';
import { SUPPLIER_LIMIT_MESSAGE } from '../suppliers/suppliers.service.ts';
import { readCatalogueCsv, readNumberCell, type TCsvColumn, type TCsvLine, type TCsvRow, writeCatalogueCsv } from './csv.ts';

type Ctx = Pick<BusinessContext, 'db' | 'user' | 'business' | 'clock'>;

/** `GET /catalogue.csv`: every supplier of the business (or one) with its products, by name. */
export async function exportCatalogue(ctx: Ctx, supplierId: number | undefined): Promise<{ filename: string; content: string }> {
  let query = ctx.db
    .selectFrom('suppliers as s')
    .innerJoin('orders as o', 'o.supplier_id', 's.id')
    .leftJoin('products as p', 'p.order_id', 'o.id')
    .select([
      's.id',
      's.name as supplier',
      's.message_service',
      's.contact_info',
      'p.name as product',
      'p.unit',
      'p.par',
      'p.price',
      'p.step',
      'p.note',
    ])
    .where('s.business_id', '=', ctx.business.id)
    .orderBy(sql`s.sort_key COLLATE "C"`)
    .orderBy('s.id')
    .orderBy(sql`p.sort_key COLLATE "C"`)
    .orderBy('p.id');
  if (supplierId !== undefined) query = query.where('s.id', '=', supplierId);
  const rows = await query.execute();
  if (supplierId !== undefined && rows.length === 0) throw notFound('Supplier');
  const lines: TCsvLine[] = rows.map((row) => ({
    supplier: row.supplier,
    service: row.message_service,
    contact: row.contact_info,
    product: row.product ?? '',
    unit: row.unit ?? '',
    par: row.par,
    price: row.price,
    step: row.step,
    note: row.note ?? '',
  }));
  const date = new Date(nowOf(ctx)).toISOString().slice(0, 10);
  const name = supplierId === undefined ? 'catalogue' : `catalogue-${slug(rows[0]!.supplier)}`;
  return { filename: `${name}-${date}.csv`, content: writeCatalogueCsv(lines, ctx.user.language) };
}

const slug = (text: string) =>
  normalizeSearchText(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'supplier';

/** Service names as written in either language. */
const SERVICE_NAMES: Record<string, TMessageService> = {
  ...Object.fromEntries(MESSAGE_SERVICES.map((service) => [service, service])),
  'e-mail': 'email',
  correo: 'email',
  'correo electronico': 'email',
  mail: 'email',
  telefono: 'phone',
  llamada: 'phone',
  'phone call': 'phone',
  otro: 'other',
  otros: 'other',
};

interface Issue {
  field: string;
  message: string;
}

/** The message of the first problem zod finds in `value`, or the parsed value. */
function check<T>(schema: z.ZodType<T>, value: unknown): { value: T } | { message: string } {
  const result = schema.safeParse(value);
  return result.success ? { value: result.data } : { message: result.error.issues[0]?.message ?? 'Not valid' };
}

interface SupplierState {
  id: number | undefined;
  orderId: number | undefined;
  name: string;
  service: TMessageService;
  contact: string;
  contactName: string;
  note: string;
  /** The row that added it, or that first named it. */
  row: number;
  products: Map<
    string,
    { name: string; unit: string; par: number | null; price: number | null; step: number | null; note: string } | 'new'
  >;
  /** The product rows to write for it, with their file row. */
  writes: TBulkProductRow[];
  changed: boolean;
  isNew: boolean;
}

/** Reads the rows, decides each one's fate against what the business has, and writes them when `apply` and no row has an error. */
export async function importCatalogue(ctx: Ctx, input: TCatalogueImportInput): Promise<TCatalogueImportResult> {
  const read = readCatalogueCsv(input.csv);
  if (read.problem) throw new AppError('BAD_REQUEST', read.problem, { issues: [{ path: 'csv', message: read.problem }] });
  if (read.rows.length === 0) {
    throw new AppError('BAD_REQUEST', 'The file has no rows under its header', { issues: [{ path: 'csv', message: 'No rows' }] });
  }
  return ctx.db.transaction().execute(async (tx) => {
    // The business is locked from the first read to the last write: a preview and an import see one state.
    const supplierCount = await lockAndCountSuppliers(tx, ctx.business.id);
    const named = new Set(read.rows.map((row) => normalizeSearchText(row.cells.supplier ?? '')));
    const suppliers = await loadSuppliers(tx, ctx.business.id, named);
    const result = planRows(read.rows, read.columns, suppliers);
    const newSuppliers = [...suppliers.values()].filter((s) => s.isNew);
    if (supplierCount + newSuppliers.length > LIMITS.suppliersPerAccount) {
      const first = newSuppliers[LIMITS.suppliersPerAccount - supplierCount]!;
      markError(result, first.row, { field: 'supplier', message: SUPPLIER_LIMIT_MESSAGE });
    }
    for (const supplier of suppliers.values()) {
      const added = [...supplier.products.values()].filter((p) => p === 'new').length;
      const existing = supplier.products.size - added;
      if (existing + added > LIMITS.productsPerSupplier) {
        const last = result.rows.filter((r) => normalizeSearchText(r.supplier) === normalizeSearchText(supplier.name) && r.product).at(-1);
        if (last) markError(result, last.row, { field: 'product', message: PRODUCT_LIMIT_MESSAGE });
      }
    }
    const errors = result.rows.filter((row) => row.fate === 'error');
    result.counts = {
      newSuppliers: newSuppliers.length,
      newProducts: [...suppliers.values()].reduce((sum, s) => sum + [...s.products.values()].filter((p) => p === 'new').length, 0),
      updated: result.rows.filter((row) => row.fate === 'updated').length,
      unchanged: result.rows.filter((row) => row.fate === 'unchanged').length,
      errors: errors.length,
    };
    if (!input.apply) return result;
    if (errors.length > 0) {
      const issues = errors.flatMap((row) =>
        row.issues.map((issue) => ({ path: `rows.${row.row}.${issue.field}`, message: issue.message })),
      );
      throw new AppError('BAD_REQUEST', `Row ${errors[0]!.row}: ${errors[0]!.issues[0]!.message}. Nothing was imported.`, { issues });
    }
    await writePlan(tx, ctx, suppliers);
    return { ...result, applied: true };
  });
}

/**
 * The business's suppliers, and the products of those the file names (not
 * every product of the business: a file of one supplier reads one catalogue).
 */
async function loadSuppliers(tx: Transaction<Database>, businessId: number, named: Set<string>): Promise<Map<string, SupplierState>> {
  const rows = await tx
    .selectFrom('suppliers as s')
    .innerJoin('orders as o', 'o.supplier_id', 's.id')
    .select(['s.id', 's.name', 's.message_service', 's.contact_info', 's.contact_name', 's.note', 'o.id as order_id'])
    .where('s.business_id', '=', businessId)
    .orderBy('s.id')
    .execute();
  const suppliers = new Map<string, SupplierState>();
  for (const row of rows) {
    const key = normalizeSearchText(row.name);
    if (suppliers.has(key)) continue;
    suppliers.set(key, {
      id: row.id,
      orderId: row.order_id,
      name: row.name,
      service: row.message_service as TMessageService,
      contact: row.contact_info,
      contactName: row.contact_name,
      note: row.note,
      row: 0,
      products: new Map(),
      writes: [],
      changed: false,
      isNew: false,
    });
  }
  const orders = new Map([...suppliers.entries()].filter(([key]) => named.has(key)).map(([, supplier]) => [supplier.orderId!, supplier]));
  if (orders.size === 0) return suppliers;
  const products = await tx
    .selectFrom('products')
    .select(['order_id', 'name', 'unit', 'par', 'price', 'step', 'note'])
    .where('business_id', '=', businessId)
    .where('order_id', 'in', [...orders.keys()])
    .execute();
  for (const product of products) {
    orders.get(product.order_id)!.products.set(normalizeSearchText(product.name), {
      name: product.name,
      unit: product.unit,
      par: product.par,
      price: product.price,
      step: product.step,
      note: product.note ?? '',
    });
  }
  return suppliers;
}

function markError(result: TCatalogueImportResult, row: number, issue: Issue) {
  const entry = result.rows.find((r) => r.row === row);
  if (!entry) return;
  entry.fate = 'error';
  entry.issues.push(issue);
}

const zSupplierName = zText('Supplier', LIMITS.nameMax);

const NUMBER_FIELDS = {
  par: zAmount('Par').nullable(),
  price: zPrice,
  step: zStep,
} as const;

/** Each row's fate; `suppliers` gains the new suppliers and products and what to write for each. */
function planRows(rows: TCsvRow[], columns: TCsvColumn[], suppliers: Map<string, SupplierState>): TCatalogueImportResult {
  const has = (column: TCsvColumn) => columns.includes(column);
  const seenProducts = new Map<string, number>();
  const out: TCatalogueImportResult = {
    applied: false,
    rows: [],
    counts: { newSuppliers: 0, newProducts: 0, updated: 0, unchanged: 0, errors: 0 },
  };
  for (const { row, cells } of rows) {
    const issues: Issue[] = [];
    const supplierName = check(zSupplierName, cells.supplier ?? '');
    const productCell = cells.product ?? '';
    const entry = { row, supplier: cells.supplier ?? '', product: productCell, fate: 'unchanged' as TCatalogueFate, issues };
    out.rows.push(entry);
    if ('message' in supplierName) {
      issues.push({ field: 'supplier', message: supplierName.message });
      entry.fate = 'error';
      continue;
    }
    let service: TMessageService | undefined;
    if (cells.service) {
      service = SERVICE_NAMES[normalizeSearchText(cells.service)];
      if (!service) issues.push({ field: 'service', message: `Service must be one of ${MESSAGE_SERVICES.join(', ')}` });
    }
    const contact = cells.contact ?? '';
    const key = normalizeSearchText(supplierName.value);
    let supplier = suppliers.get(key);
    let fate: TCatalogueFate = 'unchanged';
    if (!supplier) {
      if (!service && !issues.length) issues.push({ field: 'service', message: 'Service is required for a new supplier' });
      supplier = {
        id: undefined,
        orderId: undefined,
        name: supplierName.value,
        service: service ?? 'other',
        contact,
        contactName: '',
        note: '',
        row,
        products: new Map(),
        writes: [],
        changed: false,
        isNew: true,
      };
      if (service) {
        const problem = contactProblem(service, contact);
        if (problem) issues.push({ field: 'contact', message: problem });
      }
      if (issues.length === 0) suppliers.set(key, supplier);
      fate = 'new supplier';
    } else if (!supplier.isNew) {
      const nextService = service ?? supplier.service;
      const nextContact = has('contact') && contact !== '' ? contact : supplier.contact;
      if (nextService !== supplier.service || nextContact !== supplier.contact) {
        const problem = contactProblem(nextService, nextContact);
        if (problem) issues.push({ field: 'contact', message: problem });
        else {
          supplier.service = nextService;
          supplier.contact = nextContact;
          supplier.changed = true;
          fate = 'updated';
        }
      }
    } else if ((service && service !== supplier.service) || (contact && contact !== supplier.contact)) {
      issues.push({
        field: service && service !== supplier.service ? 'service' : 'contact',
        message: `Differs from row ${supplier.row}, which adds this supplier`,
      });
    }

    if (productCell !== '' && issues.length === 0) {
      const productFate = planProduct(supplier, cells, has, issues, seenProducts, row);
      if (fate === 'unchanged' || (fate === 'updated' && productFate !== 'unchanged')) fate = productFate ?? fate;
    } else if (productCell === '' && has('unit') && cells.unit) {
      issues.push({ field: 'product', message: 'Product is required when a unit is given' });
    }
    entry.fate = issues.length > 0 ? 'error' : fate;
  }
  return out;
}

function contactProblem(service: TMessageService, contact: string): string | undefined {
  if (contact.length > LIMITS.contactInfoMax) return `Contact must be at most ${LIMITS.contactInfoMax} characters`;
  if (service === 'other' || contact === '') return undefined;
  return contactInfoProblem(service, contact);
}

/** A product row's fate (`undefined` when it has an error, in `issues`); what to write goes into `supplier.writes`. */
function planProduct(
  supplier: SupplierState,
  cells: Partial<Record<TCsvColumn, string>>,
  has: (column: TCsvColumn) => boolean,
  issues: Issue[],
  seen: Map<string, number>,
  row: number,
): TCatalogueFate | undefined {
  const name = check(zProductName, cells.product);
  if ('message' in name) {
    issues.push({ field: 'product', message: name.message });
    return undefined;
  }
  const key = normalizeSearchText(name.value);
  const seenKey = `${normalizeSearchText(supplier.name)}\u0000${key}`;
  const twin = seen.get(seenKey);
  if (twin !== undefined) {
    issues.push({ field: 'product', message: `Listed twice: row ${twin} has the same product of this supplier` });
    return undefined;
  }
  const existing = supplier.products.get(key);
  const current = existing === 'new' ? undefined : existing;
  let unit: string | undefined = current?.unit;
  if (cells.unit) {
    const checked = check(zUnit, cells.unit);
    if ('message' in checked) issues.push({ field: 'unit', message: checked.message });
    else unit = checked.value;
  } else if (!current) issues.push({ field: 'unit', message: 'Unit is required' });
  const numbers: Partial<Record<keyof typeof NUMBER_FIELDS, number | null>> = {};
  for (const field of Object.keys(NUMBER_FIELDS) as (keyof typeof NUMBER_FIELDS)[]) {
    if (!has(field)) continue;
    const value = readNumberCell(cells[field] ?? '');
    const label = field[0]!.toUpperCase() + field.slice(1);
    if (value !== null && typeof value === 'object') {
      issues.push({ field, message: `${label} ${value.error}` });
      continue;
    }
    const checked = check(NUMBER_FIELDS[field] as z.ZodType<number | null>, value);
    if ('message' in checked) issues.push({ field, message: checked.message });
    else numbers[field] = checked.value;
  }
  let note: string | undefined;
  if (has('note')) {
    const checked = check(zProductNote, cells.note ?? '');
    if ('message' in checked) issues.push({ field: 'note', message: checked.message });
    else note = checked.value;
  }
  if (issues.length > 0 || unit === undefined) return undefined;
  seen.set(seenKey, row);
  const write: TBulkProductRow = { name: current?.name ?? name.value, unit, ...numbers, ...(note === undefined ? {} : { note }) };
  if (!current) {
    supplier.products.set(key, 'new');
    supplier.writes.push(write);
    return supplier.isNew && supplier.row === row ? 'new supplier' : 'new product';
  }
  const changed =
    write.unit !== current.unit ||
    (write.par !== undefined && write.par !== current.par) ||
    (write.price !== undefined && write.price !== current.price) ||
    (write.step !== undefined && write.step !== current.step) ||
    (write.note !== undefined && write.note !== current.note);
  if (!changed) return 'unchanged';
  supplier.writes.push(write);
  return 'updated';
}

/** Writes the plan: new suppliers (each with its order), changed ones, then each supplier's products in one bulk. */
async function writePlan(tx: Transaction<Database>, ctx: Ctx, suppliers: Map<string, SupplierState>): Promise<void> {
  const at = readingTime(ctx);
  for (const supplier of suppliers.values()) {
    if (supplier.isNew) {
      const created = await insertSupplier(
        tx,
        ctx.business.id,
        { name: supplier.name, contactName: '', messageService: supplier.service, contactInfo: supplier.contact, note: '' },
        at,
      );
      supplier.id = created.id;
      supplier.orderId = created.orderId;
    } else if (supplier.changed) {
      const { name, contactName, service, contact, note } = supplier;
      await updateSupplier(
        tx,
        ctx.business.id,
        supplier.id!,
        { name, contactName, messageService: service, contactInfo: contact, note },
        at,
      );
    }
    if (supplier.writes.length > 0) await bulkUpsertProducts(tx, ctx.business.id, supplier.orderId!, supplier.writes, nowOf(ctx));
  }
}
