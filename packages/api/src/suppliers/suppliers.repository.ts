import type { Database, Db, SupplierRow } from '@reorder/db';
import { normalizeSearchText, type TCreateSupplierInput, type TMessageService, type TSupplier } from '@reorder/schemas';
import { sql, type Transaction } from 'kysely';
import { searchPattern } from '../search.ts';

/** The columns a supplier is answered with (no timestamps or search keys to read and parse). */
type SupplierWithOrder = Pick<SupplierRow, 'id' | 'name' | 'contact_name' | 'message_service' | 'contact_info' | 'note'> & {
  order_id: number;
};

export function toSupplier(row: SupplierWithOrder): TSupplier {
  return {
    id: row.id,
    name: row.name,
    contactName: row.contact_name,
    messageService: row.message_service as TMessageService,
    contactInfo: row.contact_info,
    note: row.note,
    orderId: row.order_id,
  };
}

/** The stored columns for supplier fields, with the derived search and sort keys. */
function columns(fields: TCreateSupplierInput) {
  return {
    name: fields.name,
    contact_name: fields.contactName,
    message_service: fields.messageService,
    contact_info: fields.contactInfo,
    note: fields.note,
    search_text: normalizeSearchText([fields.name, fields.contactName, fields.contactInfo].join(' \u001f ')),
    sort_key: normalizeSearchText(fields.name),
  };
}

function selectSuppliers(db: Db, userId: number) {
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
      'orders.id as order_id',
    ])
    .where('suppliers.user_id', '=', userId);
}

/** The user's suppliers sorted by name, those matching `q` (name, contact name, contact info) when given. */
export async function listSuppliers(db: Db, userId: number, q?: string): Promise<TSupplier[]> {
  let query = selectSuppliers(db, userId);
  const pattern = searchPattern(q);
  if (pattern) query = query.where('suppliers.search_text', 'like', pattern);
  const rows = await query.orderBy(sql`suppliers.sort_key COLLATE "C"`).orderBy('suppliers.id').execute();
  return rows.map(toSupplier);
}

export async function findSupplier(db: Db, userId: number, id: number): Promise<TSupplier | undefined> {
  const row = await selectSuppliers(db, userId).where('suppliers.id', '=', id).executeTakeFirst();
  return row && toSupplier(row);
}

/** Counts the user's suppliers after locking the user row, so concurrent creations respect the quota. */
export async function lockAndCountSuppliers(tx: Transaction<Database>, userId: number): Promise<number> {
  await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
  const { count } = await tx
    .selectFrom('suppliers')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return count;
}

/** Inserts a supplier and its (empty) current order. */
export async function insertSupplier(tx: Transaction<Database>, userId: number, fields: TCreateSupplierInput): Promise<TSupplier> {
  const supplier = await tx
    .insertInto('suppliers')
    .values({ user_id: userId, ...columns(fields) })
    .returningAll()
    .executeTakeFirstOrThrow();
  const order = await tx
    .insertInto('orders')
    .values({ user_id: userId, supplier_id: supplier.id, introduce: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return toSupplier({ ...supplier, order_id: order.id });
}

export async function updateSupplier(db: Db, userId: number, id: number, fields: TCreateSupplierInput): Promise<TSupplier | undefined> {
  const updated = await db
    .updateTable('suppliers')
    .set({ ...columns(fields), updated_at: sql`now()` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return updated && findSupplier(db, userId, id);
}

/** Deletes a supplier; its order, products and quantities go with it (foreign keys cascade). */
export async function deleteSupplier(db: Db, userId: number, id: number): Promise<boolean> {
  const deleted = await db.deleteFrom('suppliers').where('id', '=', id).where('user_id', '=', userId).returning('id').executeTakeFirst();
  return deleted !== undefined;
}
