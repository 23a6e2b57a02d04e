import { type Database, type Db, preparedQuery, type SupplierRow } from '@reorder/db';
import { normalizeSearchText, searchPattern, type TCreateSupplierInput, type TMessageService, type TSupplier } from '@reorder/schemas';
import { sql, type Transaction } from 'kysely';
import { lockBusinessForWriting } from '../businesses/write-lock.ts';
import { nowOf } from '../context.ts';
import { nextDelivery } from '../schedule.ts';
import type { SignedInContext } from '../sessions/require-user.ts';

/** The columns a supplier is answered with (no timestamps or search keys to read and parse). */
type SupplierWithOrder = Pick<
  SupplierRow,
  | 'id'
  | 'name'
  | 'contact_name'
  | 'message_service'
  | 'contact_info'
  | 'note'
  | 'delivery_days'
  | 'cutoff_time'
  | 'lead_days'
  | 'ask_confirmation'
  | 'minimum_order'
  | 'show_prices'
  | 'tax_id'
> & {
  order_id: number;
};

/** Where and when a supplier is read: the owner's time zone and the time now (for `nextDelivery` and `orderBy`). */
export interface ReadingTime {
  timeZone: string;
  now: number;
}

/** The reading time of a signed-in call. */
export function readingTime(ctx: Pick<SignedInContext, 'user' | 'clock'>): ReadingTime {
  return { timeZone: ctx.user.time_zone, now: nowOf(ctx) };
}

/** A supplier as answered, and its cut-off in epoch milliseconds (for sorting; not part of the answer). */
function toScheduledSupplier(row: SupplierWithOrder, at: ReadingTime): { supplier: TSupplier; orderByMs: number | null } {
  const schedule = { deliveryDays: row.delivery_days.map(Number), cutoffTime: row.cutoff_time, leadDays: Number(row.lead_days) };
  const next = nextDelivery(schedule, at.timeZone, at.now);
  return {
    supplier: {
      id: row.id,
      name: row.name,
      contactName: row.contact_name,
      messageService: row.message_service as TMessageService,
      contactInfo: row.contact_info,
      note: row.note,
      orderId: row.order_id,
      ...schedule,
      nextDelivery: next?.nextDelivery ?? null,
      orderBy: next?.orderBy ?? null,
      askConfirmation: row.ask_confirmation,
      minimumOrder: row.minimum_order,
      showPrices: row.show_prices,
      taxId: row.tax_id,
    },
    orderByMs: next?.orderByMs ?? null,
  };
}

export function toSupplier(row: SupplierWithOrder, at: ReadingTime): TSupplier {
  return toScheduledSupplier(row, at).supplier;
}

/** The stored columns for supplier fields, with the derived search and sort keys; schedule fields only when given. */
function columns(fields: TCreateSupplierInput) {
  return {
    name: fields.name,
    contact_name: fields.contactName,
    message_service: fields.messageService,
    contact_info: fields.contactInfo,
    note: fields.note,
    search_text: normalizeSearchText([fields.name, fields.contactName, fields.contactInfo].join(' \u001f ')),
    sort_key: normalizeSearchText(fields.name),
    ...(fields.deliveryDays === undefined ? {} : { delivery_days: fields.deliveryDays }),
    ...(fields.cutoffTime === undefined ? {} : { cutoff_time: fields.cutoffTime }),
    ...(fields.leadDays === undefined ? {} : { lead_days: fields.leadDays }),
    ...(fields.askConfirmation === undefined ? {} : { ask_confirmation: fields.askConfirmation }),
    ...(fields.minimumOrder === undefined ? {} : { minimum_order: fields.minimumOrder === null ? null : fields.minimumOrder.toFixed(4) }),
    ...(fields.showPrices === undefined ? {} : { show_prices: fields.showPrices }),
    ...(fields.taxId === undefined ? {} : { tax_id: fields.taxId }),
  };
}

function selectSuppliers(db: Db, businessId: number) {
  return db
    .selectFrom('suppliers')
    .innerJoin('orders', 'orders.supplier_id', 'suppliers.id')
    .select([
      'suppliers.id',
      'suppliers.name',
      'suppliers.contact_name',
      'suppliers.message_service',
      'suppliers.contact_info',
      'suppliers.note',
      'suppliers.delivery_days',
      'suppliers.cutoff_time',
      'suppliers.lead_days',
      'suppliers.ask_confirmation',
      'suppliers.minimum_order',
      'suppliers.show_prices',
      'suppliers.tax_id',
      'orders.id as order_id',
    ])
    .where('suppliers.business_id', '=', businessId);
}

const BY_NAME = sql`suppliers.sort_key COLLATE "C"`;

/** Every supplier of the business, by name: the query compiled once (docs/performance.md). */
const allSuppliers = preparedQuery(['businessId'], (db, values: { businessId: number }) =>
  selectSuppliers(db, values.businessId).orderBy(BY_NAME).orderBy('suppliers.id'),
);

/**
 * The user's suppliers, those matching `q` (name, contact name, contact info)
 * when given: by name, or with `sort: 'orderBy'` the soonest cut-off first,
 * then those with delivery days but no cut-off time by their next delivery,
 * then those without a schedule (docs/decisions.md §6.2); ties by name.
 */
export async function listSuppliers(
  db: Db,
  businessId: number,
  at: ReadingTime,
  options: { q?: string | undefined; sort?: 'name' | 'orderBy' | undefined } = {},
): Promise<TSupplier[]> {
  const pattern = searchPattern(options.q);
  // The whole list is prepared (and built once); a search is planned for its words.
  const rows = pattern
    ? await selectSuppliers(db, businessId)
        .where('suppliers.search_text', 'like', pattern)
        .orderBy(BY_NAME)
        .orderBy('suppliers.id')
        .execute()
    : await allSuppliers(db, { businessId });
  const suppliers = rows.map((row) => toScheduledSupplier(row, at));
  if (options.sort === 'orderBy') {
    // Missing sorts last; a stable sort keeps the name order among equals.
    const last = (a: number | string | null, b: number | string | null) =>
      a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1;
    suppliers.sort((a, b) => last(a.orderByMs, b.orderByMs) || last(a.supplier.nextDelivery, b.supplier.nextDelivery));
  }
  return suppliers.map((entry) => entry.supplier);
}

export async function findSupplier(db: Db, businessId: number, id: number, at: ReadingTime): Promise<TSupplier | undefined> {
  const row = await selectSuppliers(db, businessId).where('suppliers.id', '=', id).executeTakeFirst();
  return row && toSupplier(row, at);
}

/** Counts the business's suppliers after locking its row (`lockBusinessForWriting`), so concurrent creations respect the quota. */
export async function lockAndCountSuppliers(tx: Transaction<Database>, businessId: number): Promise<number> {
  await lockBusinessForWriting(tx, businessId);
  const { count } = await tx
    .selectFrom('suppliers')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('business_id', '=', businessId)
    .executeTakeFirstOrThrow();
  return count;
}

/** Inserts a supplier and its (empty) current order. */
export async function insertSupplier(
  tx: Transaction<Database>,
  businessId: number,
  fields: TCreateSupplierInput,
  at: ReadingTime,
): Promise<TSupplier> {
  const supplier = await tx
    .insertInto('suppliers')
    .values({ business_id: businessId, ...columns(fields) })
    .returningAll()
    .executeTakeFirstOrThrow();
  const order = await tx
    .insertInto('orders')
    .values({ business_id: businessId, supplier_id: supplier.id, introduce: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return toSupplier({ ...supplier, order_id: order.id }, at);
}

export async function updateSupplier(
  db: Db,
  businessId: number,
  id: number,
  fields: TCreateSupplierInput,
  at: ReadingTime,
): Promise<TSupplier | undefined> {
  const updated = await db
    .updateTable('suppliers')
    .set({ ...columns(fields), updated_at: sql`now()` })
    .where('id', '=', id)
    .where('business_id', '=', businessId)
    .returning('id')
    .executeTakeFirst();
  return updated && findSupplier(db, businessId, id, at);
}

/** Deletes a supplier; its order, products and quantities go with it (foreign keys cascade). */
export async function deleteSupplier(db: Db, businessId: number, id: number): Promise<boolean> {
  const deleted = await db
    .deleteFrom('suppliers')
    .where('id', '=', id)
    .where('business_id', '=', businessId)
    .returning('id')
    .executeTakeFirst();
  return deleted !== undefined;
}
