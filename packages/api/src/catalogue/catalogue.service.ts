import type { Database } from '@reorder/db';
import { type TMessages, translate } from '@reorder/i18n';
import {
  contactInfoProblem,
  formatAmount,
  formatMoney,
  LIMITS,
  MESSAGE_SERVICES,
  normalizeSearchText,
  PRODUCT_CSV_COLUMNS,
  type TBulkProductRow,
  type TCatalogueFate,
  type TCatalogueImportInput,
  type TCatalogueImportResult,
  type TCatalogueImportRow,
  type TCatalogueKeep,
  type TCatalogueRowValues,
  type TLanguage,
  type TMessageService,
  type TProductCsvNumberColumn,
  type TProductCsvRecord,
  type TProductCsvValueColumn,
  zProductName,
  zText,
  zUnit,
} from '@reorder/schemas';
import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import { nowOf } from '../context.ts';
import { AppError, notFound } from '../errors.ts';
import { nextTurn } from '../platform/turn.ts';
import { bulkUpsertProducts } from '../products/bulk.ts';
import type { BusinessContext } from '../sessions/require-user.ts';
import { insertSupplier, lockAndCountSuppliers, readingTime, updateSupplier } from '../suppliers/suppliers.repository.ts';
import { csvValuesOf, readCatalogueCsv, readNumberCell, type TCsvColumn, type TCsvLine, type TCsvRead, writeCatalogueCsv } from './csv.ts';

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
      ...PRODUCT_CSV_COLUMNS.map(({ db }) => `p.${db}` as const),
    ])
    .where('s.business_id', '=', ctx.business.id)
    .orderBy(sql`s.sort_key COLLATE "C"`)
    .orderBy('s.id')
    .orderBy(sql`p.sort_key COLLATE "C"`)
    .orderBy('p.id');
  if (supplierId !== undefined) query = query.where('s.id', '=', supplierId);
  const rows = await query.execute();
  if (supplierId !== undefined && rows.length === 0) throw notFound('Supplier');
  // Each row becomes its line as its chunk of the file is written (a turn of the event loop each, §9.7).
  const toLine = (row: (typeof rows)[number]): TCsvLine => ({
    supplier: row.supplier,
    service: row.message_service,
    contact: row.contact_info,
    ...csvValuesOf(row),
  });
  const date = new Date(nowOf(ctx)).toISOString().slice(0, 10);
  const name = supplierId === undefined ? 'catalogue' : `catalogue-${slug(rows[0]!.supplier)}`;
  return { filename: `${name}-${date}.csv`, content: await writeCatalogueCsv(rows, toLine, ctx.user.language) };
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

/** A product of a supplier the file names: its id and name, and its values of the CSV's columns (PRODUCT_COLUMNS, @reorder/schemas). */
type CurrentProduct = Omit<TProductCsvRecord, 'product'> & {
  id: number;
  name: string;
  /** The latest entry of its price history: who set the price, and when. */
  lastPrice: { price: number; source: 'owner' | 'supplier'; at: Date } | undefined;
};

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
  products: Map<string, CurrentProduct | 'new'>;
  /** The product rows to write for it, with their file row. */
  writes: TBulkProductRow[];
  changed: boolean;
  isNew: boolean;
  /** The file's rows that name it, in order: the limit's error goes on the last. */
  rows: TCatalogueImportRow[];
}

/** What the rows are checked and worded with: the owner's language, the business's currency, the file's date. */
interface Reading {
  language: TLanguage;
  timeZone: string;
  currency: string;
  has: (column: TCsvColumn) => boolean;
  /** The header each field is read from, as the file writes it (for messages). */
  header: Partial<Record<TCsvColumn, string>>;
  /** Prices set from this moment on are newer than the file (the day after the date in its name). */
  newerFrom: number | undefined;
  keep: Record<string, TCatalogueKeep>;
}

/** Rows planned between two turns of the event loop (docs/decisions.md §9.7). */
const ROWS_PER_TURN = 250;

/**
 * Reads the rows, decides each one's fate against what the business has, and
 * writes them when `apply` and no row has an error (docs/decisions.md §8.3,
 * §9.2). Every data line gets a fate; messages are in the owner's language.
 * Time is linear in the rows: they are indexed by supplier once, and the
 * event loop gets a turn every few hundred rows.
 */
export async function importCatalogue(ctx: Ctx, input: TCatalogueImportInput): Promise<TCatalogueImportResult> {
  const language = ctx.user.language;
  const say = (key: keyof TMessages['catalogue']['problems'], vars: Record<string, string> = {}) =>
    translate(language, `catalogue.problems.${key}`, vars);
  const refuse = (message: string, path = 'csv'): never => {
    throw new AppError('BAD_REQUEST', message, { issues: [{ path, message }] });
  };
  const bytes = Buffer.byteLength(input.csv, 'utf8');
  if (bytes > LIMITS.catalogueImportBytes) {
    refuse(
      say('tooLarge', {
        size: formatAmount(Math.ceil(bytes / 104857.6) / 10, language),
        max: String(LIMITS.catalogueImportBytes / 1048576),
      }),
    );
  }
  const read = await readCatalogueCsv(input.csv, input.columns ?? {}, LIMITS.catalogueImportRows);
  if (read.problem) {
    const { key, vars } = read.problem;
    const field = 'field' in vars ? translate(language, `catalogue.fields.${vars.field as TCsvColumn}`) : '';
    const max = key === 'tooManyRows' ? LIMITS.catalogueImportRows.toLocaleString(language === 'es' ? 'es-ES' : 'en-US') : '';
    refuse(say(key, { ...vars, ...(field ? { field } : {}), ...(max ? { max } : {}) }), key === 'unknownHeader' ? 'columns' : 'csv');
  }
  const header: Partial<Record<TCsvColumn, string>> = {};
  for (const column of read.columns) if (column.field) header[column.field] = column.header;
  const business = await ctx.db.selectFrom('businesses').select('currency').where('id', '=', ctx.business.id).executeTakeFirstOrThrow();
  const reading: Reading = {
    language,
    timeZone: ctx.user.time_zone,
    currency: business.currency,
    has: (column) => header[column] !== undefined,
    header,
    newerFrom: fileDate(input.fileName),
    keep: input.keep ?? {},
  };
  return ctx.db.transaction().execute(async (tx) => {
    // The business is locked from the first read to the last write: a preview and an import see one state.
    const supplierCount = await lockAndCountSuppliers(tx, ctx.business.id);
    const named = new Set(read.rows.map((row) => normalizeSearchText(row.cells.supplier ?? '')));
    const suppliers = await loadSuppliers(tx, ctx.business.id, named);
    const result = await planRows(read, suppliers, reading);
    const newSuppliers = [...suppliers.values()].filter((s) => s.isNew);
    if (supplierCount + newSuppliers.length > LIMITS.suppliersPerAccount) {
      const first = newSuppliers[LIMITS.suppliersPerAccount - supplierCount]!;
      const entry = first.rows[0];
      if (entry)
        markError(entry, {
          field: 'supplier',
          message: say('supplierLimit', { row: String(entry.row), max: String(LIMITS.suppliersPerAccount) }),
        });
    }
    for (const supplier of suppliers.values()) {
      let added = 0;
      for (const product of supplier.products.values()) if (product === 'new') added++;
      if (supplier.products.size > LIMITS.productsPerSupplier && added > 0) {
        const last = supplier.rows.findLast((r) => r.product !== '');
        if (last)
          markError(last, {
            field: 'product',
            message: say('productLimit', { row: String(last.row), max: String(LIMITS.productsPerSupplier) }),
          });
      }
    }
    result.counts = countRows(result.rows, suppliers);
    if (!input.apply) return result;
    const errors = result.rows.filter((row) => row.fate === 'error');
    if (errors.length > 0) {
      const issues = errors.flatMap((row) =>
        row.issues.map((issue) => ({ path: `rows.${row.row}.${issue.field}`, message: issue.message })),
      );
      throw new AppError('BAD_REQUEST', say('nothingImported', { problem: errors[0]!.issues[0]!.message }), { issues });
    }
    await writePlan(tx, ctx, suppliers);
    return { ...result, applied: true };
  });
}

/** The counts of the rows' fates; the row counts add up to the file's data lines. */
function countRows(rows: readonly TCatalogueImportRow[], suppliers: Map<string, SupplierState>): TCatalogueImportResult['counts'] {
  const by: Record<TCatalogueFate, number> = {
    'new supplier': 0,
    'new product': 0,
    updated: 0,
    unchanged: 0,
    conflict: 0,
    error: 0,
    ignored: 0,
  };
  for (const row of rows) by[row.fate]++;
  let newSuppliers = 0;
  let newProducts = 0;
  for (const supplier of suppliers.values()) {
    if (supplier.isNew) newSuppliers++;
    for (const product of supplier.products.values()) if (product === 'new') newProducts++;
  }
  return {
    newSuppliers,
    newProducts,
    new: by['new supplier'] + by['new product'],
    updated: by.updated,
    unchanged: by.unchanged,
    conflicts: by.conflict,
    errors: by.error,
    ignored: by.ignored,
    lines: rows.length,
  };
}

/**
 * The moment from which a price is newer than the file: the day after the
 * date in its name (`catalogue-2026-11-20.csv`, as the export names it, also
 * with a browser's " (1)"), UTC; undefined when the name has no date.
 */
function fileDate(name: string | undefined): number | undefined {
  const match = name?.match(/(\d{4})-(\d{2})-(\d{2})(?:\s*\(\d+\))?\.csv$/i);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = Date.UTC(year, month - 1, day + 1);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day ? at : undefined;
}

/**
 * The business's suppliers, and the products of those the file names (not
 * every product of the business: a file of one supplier reads one catalogue),
 * each with the latest entry of its price history.
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
      rows: [],
    });
  }
  const orders = new Map([...suppliers.entries()].filter(([key]) => named.has(key)).map(([, supplier]) => [supplier.orderId!, supplier]));
  if (orders.size === 0) return suppliers;
  const products = await tx
    .selectFrom('products as p')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('product_prices as pp')
          .select(['pp.price', 'pp.source', 'pp.at'])
          .whereRef('pp.product_id', '=', 'p.id')
          .orderBy('pp.at', 'desc')
          .orderBy('pp.id', 'desc')
          .limit(1)
          .as('last'),
      (join) => join.onTrue(),
    )
    .select([
      'p.id',
      'p.order_id',
      ...PRODUCT_CSV_COLUMNS.map(({ db }) => `p.${db}` as const),
      'last.price as last_price',
      'last.source as last_source',
      'last.at as last_at',
    ])
    .where('p.business_id', '=', businessId)
    .where('p.order_id', 'in', [...orders.keys()])
    .execute();
  for (const product of products) {
    const { product: _sameAsName, ...values } = csvValuesOf(product);
    orders.get(product.order_id)!.products.set(normalizeSearchText(product.name), {
      id: product.id,
      name: product.name,
      ...values,
      lastPrice:
        product.last_price !== null && product.last_source !== null && product.last_at !== null
          ? { price: Number(product.last_price), source: product.last_source, at: new Date(product.last_at) }
          : undefined,
    });
  }
  return suppliers;
}

function markError(entry: TCatalogueImportRow, issue: Issue) {
  entry.fate = 'error';
  entry.conflict = null;
  entry.changes = [];
  entry.issues.push(issue);
}

const zSupplierName = zText('Supplier', LIMITS.nameMax);

type TNumberField = TProductCsvNumberColumn;

/** The product's columns whose cells are numbers, each with the check of its value (PRODUCT_COLUMNS, @reorder/schemas). */
const NUMBER_FIELDS = Object.fromEntries(
  PRODUCT_CSV_COLUMNS.flatMap((column) =>
    column.read !== undefined && column.decimals !== undefined ? [[column.header, column.input]] : [],
  ),
) as Record<TNumberField, z.ZodType<number | null>>;

/** The product's text columns an import writes as they are read (the unit, which a new product needs, is checked apart). */
const TEXT_FIELDS = PRODUCT_CSV_COLUMNS.filter(
  (column) => column.read !== undefined && column.decimals === undefined && column.header !== 'unit',
) as readonly {
  header: Exclude<TProductCsvValueColumn, TNumberField | 'unit'>;
  input: z.ZodType<string>;
}[];

/** A number as the owner would write it in each field, with their decimal mark. */
const EXAMPLES: Record<TNumberField, Record<TLanguage, string>> = {
  par: { en: '2.5', es: '2,5' },
  price: { en: '14.90', es: '14,90' },
  step: { en: '6', es: '6' },
};

/** Every product's column an import changes, in the file's order: unit, par, price, step, note. */
const VALUE_FIELDS = PRODUCT_CSV_COLUMNS.flatMap((column) => (column.read === undefined ? [] : [column.header as TProductCsvValueColumn]));

/** The rows of one plan, with what it needs to word its messages. */
class RowPlanner {
  /** Made once: an Intl formatter costs far more to make than to use, and a conflict row asks for a day. */
  private readonly dayFormat: Intl.DateTimeFormat;

  constructor(readonly reading: Reading) {
    this.dayFormat = new Intl.DateTimeFormat(reading.language === 'es' ? 'es-ES' : 'en-GB', {
      day: 'numeric',
      month: 'short',
      timeZone: reading.timeZone,
    });
  }

  /** The message of a row's problem in a column: the column named as the file writes it, or by its field's name when the file lacks it. */
  say(key: keyof TMessages['catalogue']['problems'], row: number, field: TCsvColumn, vars: Record<string, string> = {}): Issue {
    const column = this.reading.header[field] ?? translate(this.reading.language, `catalogue.fields.${field}`);
    return {
      field,
      message: translate(this.reading.language, `catalogue.problems.${key}`, { row: String(row), column: `«${column}»`, ...vars }),
    };
  }

  /** A text cell checked by its schema: the value, or the issue worded for the owner. */
  text<T>(schema: z.ZodType<T>, value: string, row: number, field: TCsvColumn): { value: T } | { issue: Issue } {
    const result = schema.safeParse(value);
    if (result.success) return { value: result.data };
    const first = result.error.issues[0];
    if (first?.code === 'too_big') return { issue: this.say('tooLong', row, field, { max: String(first.maximum) }) };
    if (value.trim() === '') {
      return {
        issue: this.say(field === 'supplier' ? 'supplierRequired' : field === 'unit' ? 'unitRequired' : 'productRequired', row, field),
      };
    }
    return { issue: this.say('badText', row, field) };
  }

  /** A number cell: absent when blank (it keeps the current value), or the issue worded for the owner. */
  number(field: TNumberField, cell: string, row: number): { value: number | undefined } | { issue: Issue } {
    const example = EXAMPLES[field][this.reading.language];
    const value = readNumberCell(cell);
    if (value === null) return { value: undefined };
    if (typeof value === 'object') return { issue: this.say(value.error, row, field, { value: cell, example }) };
    const checked = (NUMBER_FIELDS[field] as z.ZodType<number | null>).safeParse(value);
    if (!checked.success || checked.data === null) return { issue: this.say(field, row, field, { example }) };
    return { value: checked.data };
  }

  contact(service: TMessageService, contact: string, row: number): Issue | undefined {
    if (contact.length > LIMITS.contactInfoMax) return this.say('tooLong', row, 'contact', { max: String(LIMITS.contactInfoMax) });
    if (service === 'other' || contact === '' || !contactInfoProblem(service, contact)) return undefined;
    return this.say(service === 'email' ? 'contactEmail' : 'contactPhone', row, 'contact', { value: contact, service });
  }

  money(amount: number | null): string {
    return amount === null ? '—' : formatMoney(amount, this.reading.currency, this.reading.language);
  }

  day(at: Date): string {
    return this.dayFormat.format(at).replace(/\.$/, '');
  }
}

/** Each row's fate; `suppliers` gains the new suppliers and products and what to write for each. */
async function planRows(read: TCsvRead, suppliers: Map<string, SupplierState>, reading: Reading): Promise<TCatalogueImportResult> {
  const { has } = reading;
  const plan = new RowPlanner(reading);
  const seenProducts = new Map<string, number>();
  const out: TCatalogueImportResult = {
    applied: false,
    columns: read.columns,
    rows: [],
    counts: { newSuppliers: 0, newProducts: 0, new: 0, updated: 0, unchanged: 0, conflicts: 0, errors: 0, ignored: 0, lines: 0 },
  };
  for (const { row, cells, blank, tooManyCells, badQuotes } of read.rows) {
    if (out.rows.length % ROWS_PER_TURN === ROWS_PER_TURN - 1) await nextTurn();
    const issues: Issue[] = [];
    const productCell = cells.product ?? '';
    const entry: TCatalogueImportRow = {
      row,
      supplier: cells.supplier ?? '',
      product: productCell,
      fate: 'unchanged',
      issues,
      values: readValues(cells, has),
      changes: [],
      conflict: null,
    };
    out.rows.push(entry);
    if (blank) {
      entry.fate = 'ignored';
      continue;
    }
    if (tooManyCells || badQuotes) {
      const message = tooManyCells
        ? translate(reading.language, 'catalogue.problems.tooManyCells', {
            row: String(row),
            cells: String(tooManyCells),
            columns: String(read.columns.length),
            separator: read.separator === '\t' ? 'tab' : read.separator,
          })
        : translate(reading.language, 'catalogue.problems.quotes', { row: String(row) });
      entry.fate = 'error';
      issues.push({ field: 'row', message });
      continue;
    }
    const supplierName = plan.text(zSupplierName, cells.supplier ?? '', row, 'supplier');
    if ('issue' in supplierName) {
      issues.push(supplierName.issue);
      entry.fate = 'error';
      continue;
    }
    let service: TMessageService | undefined;
    if (cells.service) {
      service = SERVICE_NAMES[normalizeSearchText(cells.service)];
      if (!service) issues.push(plan.say('serviceUnknown', row, 'service', { value: cells.service }));
    }
    const contact = cells.contact ?? '';
    const key = normalizeSearchText(supplierName.value);
    let supplier = suppliers.get(key);
    let fate: TCatalogueFate = 'unchanged';
    if (!supplier) {
      if (!service && !issues.length) issues.push(plan.say('serviceRequired', row, 'service'));
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
        rows: [],
      };
      if (service) {
        const problem = plan.contact(service, contact, row);
        if (problem) issues.push(problem);
      }
      if (issues.length === 0) suppliers.set(key, supplier);
      fate = 'new supplier';
    } else if (!supplier.isNew) {
      // A blank cell keeps what is stored (docs/decisions.md §9.2).
      const nextService = service ?? supplier.service;
      const nextContact = contact !== '' ? contact : supplier.contact;
      if (nextService !== supplier.service || nextContact !== supplier.contact) {
        const problem = plan.contact(nextService, nextContact, row);
        if (problem) issues.push(problem);
        else {
          if (nextService !== supplier.service) entry.changes.push({ field: 'service', before: supplier.service, after: nextService });
          if (nextContact !== supplier.contact) entry.changes.push({ field: 'contact', before: supplier.contact, after: nextContact });
          supplier.service = nextService;
          supplier.contact = nextContact;
          supplier.changed = true;
          fate = 'updated';
        }
      }
    } else if ((service && service !== supplier.service) || (contact && contact !== supplier.contact)) {
      const field = service && service !== supplier.service ? 'service' : 'contact';
      issues.push(plan.say('supplierDiffers', row, field, { first: String(supplier.row) }));
    }
    if (issues.length === 0) supplier.rows.push(entry);

    if (productCell !== '' && issues.length === 0) {
      const productFate = planProduct(plan, supplier, cells, entry, seenProducts);
      if (productFate === 'conflict') fate = 'conflict';
      else if (fate === 'unchanged' || (fate === 'updated' && productFate !== 'unchanged')) fate = productFate ?? fate;
    } else if (productCell === '' && cells.unit) {
      issues.push(plan.say('productRequired', row, 'product'));
    }
    entry.fate = issues.length > 0 ? 'error' : fate;
    if (entry.fate === 'error') {
      entry.changes = [];
      entry.conflict = null;
    }
  }
  return out;
}

/** Every value a row gives beside the names, as read; blank cells are left out (they keep what is stored). */
function readValues(cells: Partial<Record<TCsvColumn, string>>, has: (column: TCsvColumn) => boolean): TCatalogueRowValues {
  const values: TCatalogueRowValues = {};
  for (const field of ['service', 'contact', 'unit', ...TEXT_FIELDS.map((column) => column.header)] as const) {
    const cell = cells[field];
    if (has(field) && cell) values[field] = cell;
  }
  for (const field of Object.keys(NUMBER_FIELDS) as TNumberField[]) {
    const value = has(field) ? readNumberCell(cells[field] ?? '') : null;
    if (typeof value === 'number') values[field] = value;
  }
  return values;
}

/** A product row's fate (`undefined` when it has an error, in `entry.issues`); what to write goes into `supplier.writes`. */
function planProduct(
  plan: RowPlanner,
  supplier: SupplierState,
  cells: Partial<Record<TCsvColumn, string>>,
  entry: TCatalogueImportRow,
  seen: Map<string, number>,
): TCatalogueFate | undefined {
  const { row, issues } = entry;
  const name = plan.text(zProductName, cells.product ?? '', row, 'product');
  if ('issue' in name) {
    issues.push(name.issue);
    return undefined;
  }
  const key = normalizeSearchText(name.value);
  const seenKey = `${normalizeSearchText(supplier.name)}\u0000${key}`;
  const twin = seen.get(seenKey);
  if (twin !== undefined) {
    issues.push(plan.say('productTwice', row, 'product', { first: String(twin) }));
    return undefined;
  }
  const existing = supplier.products.get(key);
  const current = existing === 'new' ? undefined : existing;
  let unit: string | undefined = current?.unit;
  if (cells.unit) {
    const checked = plan.text(zUnit, cells.unit, row, 'unit');
    if ('issue' in checked) issues.push(checked.issue);
    else unit = checked.value;
  } else if (!current) issues.push(plan.say('unitRequired', row, 'unit'));
  const numbers: Partial<Record<TNumberField, number>> = {};
  for (const field of Object.keys(NUMBER_FIELDS) as TNumberField[]) {
    const checked = plan.number(field, cells[field] ?? '', row);
    if ('issue' in checked) issues.push(checked.issue);
    else if (checked.value !== undefined) numbers[field] = checked.value;
  }
  const texts: Partial<Record<(typeof TEXT_FIELDS)[number]['header'], string>> = {};
  for (const { header, input } of TEXT_FIELDS) {
    const cell = cells[header];
    if (!cell) continue;
    const checked = plan.text(input, cell, row, header);
    if ('issue' in checked) issues.push(checked.issue);
    else texts[header] = checked.value;
  }
  if (issues.length > 0 || unit === undefined) return undefined;
  seen.set(seenKey, row);
  const write: TBulkProductRow = { name: current?.name ?? name.value, unit, ...numbers, ...texts };
  if (!current) {
    supplier.products.set(key, 'new');
    supplier.writes.push(write);
    return supplier.isNew && supplier.row === row ? 'new supplier' : 'new product';
  }
  // Nothing newer is undone (docs/decisions.md §9.2): a price the supplier confirmed, or set after the file's date, wins unless the owner picks the file's.
  let conflict = false;
  if (write.price !== undefined && write.price !== null && write.price !== current.price && current.lastPrice) {
    const last = current.lastPrice;
    const confirmed = last.source === 'supplier' && last.price === current.price;
    const newer = plan.reading.newerFrom !== undefined && last.at.getTime() >= plan.reading.newerFrom;
    if (confirmed || newer) {
      conflict = true;
      const keep = plan.reading.keep[String(row)] ?? 'current';
      const words = {
        current: plan.money(current.price),
        file: plan.money(write.price),
        date: plan.day(last.at),
      };
      entry.conflict = {
        field: 'price',
        current: current.price,
        file: write.price,
        source: confirmed ? 'supplier' : 'owner',
        at: last.at.toISOString(),
        keep,
        message: translate(
          plan.reading.language,
          confirmed ? 'catalogue.problems.supplierConfirmed' : 'catalogue.problems.changedSince',
          words,
        ),
      };
      if (keep === 'current') delete write.price;
    }
  }
  for (const field of VALUE_FIELDS) {
    const after = write[field];
    if (after !== undefined && after !== current[field]) entry.changes.push({ field, before: current[field], after });
  }
  if (entry.changes.length > 0) supplier.writes.push(write);
  if (conflict) return 'conflict';
  return entry.changes.length > 0 ? 'updated' : 'unchanged';
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
