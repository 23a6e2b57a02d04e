import { type Database, type Db, executePrepared, type ProductRow } from '@reorder/db';
import {
  normalizeSearchText,
  productDbColumns,
  searchPattern,
  type TCreateProductInput,
  type TProduct,
  type TProductDbColumnOf,
  type TSetParInput,
  type TSetStockInput,
  type TUpdateProductInput,
} from '@reorder/schemas';
import { type SelectQueryBuilder, sql, type Transaction, type UpdateObject } from 'kysely';
import { lockBusinessForWriting } from '../businesses/write-lock.ts';
import { type CatalogueRow, ofProducts, type StockRow, toCatalogue, toStock } from '../stock.ts';
import { recordPrices } from './prices.ts';
import { searchThroughTrigrams, walksInNameOrder } from './search.ts';

export function toProduct(
  row: Pick<ProductRow, 'id' | TProductDbColumnOf<'product'>> & CatalogueRow & StockRow & { quantity: number | null },
): TProduct {
  return {
    id: row.id,
    name: row.name,
    unit: row.unit,
    orderId: row.order_id,
    quantity: row.quantity ?? 0,
    ...toStock(row),
    ...toCatalogue(row),
    taxRate: row.tax_rate,
  };
}

/** The columns of `products` a Product is made of: its id and every column of PRODUCT_COLUMNS (@reorder/schemas). */
const PRODUCT_ROW = ['id', ...productDbColumns('product', 'stock', 'catalogue')] as const;

export function nameColumns(name: string, unit: string) {
  const key = normalizeSearchText(name);
  return { name, unit, search_text: key, sort_key: key };
}

/** Products with the quantity of their own order (0 when never set). */
function selectProducts(db: Db, businessId: number) {
  return withQuantities(db.selectFrom('products').where('products.business_id', '=', businessId));
}

/**
 * The products of one of the user's orders. The order's row says whose they
 * are, so a prepared plan starts from the order and its products; filtered
 * on the products' owner instead, the generic plan also read every product
 * of the owner (a bitmap of 100,000 rows for one order of 100).
 */
function selectOrderProducts(db: Db, businessId: number, orderId: number) {
  return withQuantities(
    db
      .selectFrom('products')
      .innerJoin('orders', (join) => join.onRef('orders.id', '=', 'products.order_id').on('orders.business_id', '=', businessId))
      .where('products.order_id', '=', orderId),
  );
}

function withQuantities<Q extends SelectQueryBuilder<Database, 'products', object>>(query: Q) {
  return query
    .leftJoin('order_quantities as oq', (join) =>
      join.onRef('oq.order_id', '=', 'products.order_id').onRef('oq.product_id', '=', 'products.id'),
    )
    .leftJoin('users as counter', 'counter.id', 'products.counted_by')
    .select([...ofProducts(PRODUCT_ROW), 'oq.quantity', 'counter.full_name as counted_by_name']);
}

export interface ListProductsOptions {
  orderId?: number | undefined;
  q?: string | undefined;
  limit: number;
  offset: number;
}

/**
 * The query of a page of products. Across the whole business it walks the
 * name-order index `products_business_sort_cover_idx` alone: the index
 * carries every column it reads (docs/decisions.md §8.3.1; cover-index.test.ts checks).
 */
export function listProductsQuery(db: Db, businessId: number, options: ListProductsOptions) {
  let query = options.orderId === undefined ? selectProducts(db, businessId) : selectOrderProducts(db, businessId, options.orderId);
  const pattern = searchPattern(options.q);
  if (pattern) query = query.where('products.search_text', 'like', pattern);
  return query.orderBy(sql`products.sort_key COLLATE "C"`).orderBy('products.id').limit(options.limit).offset(options.offset);
}

/** The user's products (of one order when `orderId` is given), sorted by name, matching `q` on the name. */
export async function listProducts(db: Db, businessId: number, options: ListProductsOptions): Promise<TProduct[]> {
  const pattern = searchPattern(options.q);
  const page = listProductsQuery(db, businessId, options);
  // A list's plan fits every owner, so it is prepared; a search's depends on its words (prepared.ts).
  if (!pattern) return (await executePrepared(db, page)).map(toProduct);
  // The whole business searched: in name order, or through the trigram index, as its first names say (search.ts).
  const walk = options.orderId !== undefined || (await walksInNameOrder(db, businessId, pattern, options.limit + options.offset));
  const rows = walk ? await page.execute() : await searchThroughTrigrams(db, businessId, options.q ?? '', options);
  return rows.map(toProduct);
}

export async function findProduct(db: Db, businessId: number, id: number): Promise<TProduct | undefined> {
  const row = await selectProducts(db, businessId).where('products.id', '=', id).executeTakeFirst();
  return row && toProduct(row);
}

/** True when the order exists and is the user's. */
export async function orderExists(db: Db, businessId: number, orderId: number): Promise<boolean> {
  const row = await db.selectFrom('orders').select('id').where('id', '=', orderId).where('business_id', '=', businessId).executeTakeFirst();
  return row !== undefined;
}

/**
 * Locks the business (`lockBusinessForWriting`: the one lock order), then the
 * order, and counts its products, so concurrent creations respect the
 * per-supplier quota. Undefined when the order is not the business's.
 */
export async function lockOrderAndCountProducts(
  tx: Transaction<Database>,
  businessId: number,
  orderId: number,
): Promise<number | undefined> {
  await lockBusinessForWriting(tx, businessId);
  const order = await tx
    .selectFrom('orders')
    .select('id')
    .where('id', '=', orderId)
    .where('business_id', '=', businessId)
    .forUpdate()
    .executeTakeFirst();
  if (!order) return undefined;
  const { count } = await tx
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return count;
}

export async function insertProduct(
  tx: Transaction<Database>,
  businessId: number,
  fields: TCreateProductInput,
  now: number,
): Promise<TProduct> {
  const row = await tx
    .insertInto('products')
    .values({
      business_id: businessId,
      order_id: fields.orderId,
      ...nameColumns(fields.name, fields.unit),
      par: amount(fields.par),
      price: amount(fields.price, 4),
      step: amount(fields.step),
      note: fields.note || null,
      tax_rate: amount(fields.taxRate, 2),
    })
    .returning(PRODUCT_ROW)
    .executeTakeFirstOrThrow();
  await recordPrices(tx, businessId, [{ productId: row.id, before: null, after: row.price, isNew: true }], 'owner', now);
  return toProduct({ ...row, quantity: 0, counted_by_name: null });
}

/** A stock amount (3 decimals) or a price (`decimals` 4) as numeric text, exact like the quantities; null for none. */
export function amount(value: number | null | undefined, decimals = 3): string | null {
  return value === null || value === undefined ? null : value.toFixed(decimals);
}

export function updateProduct(
  db: Db,
  businessId: number,
  id: number,
  fields: Omit<TUpdateProductInput, 'id'>,
  now: number,
): Promise<TProduct | undefined> {
  return db.transaction().execute(async (tx) => {
    const before = await tx
      .selectFrom('products')
      .select('price')
      .where('id', '=', id)
      .where('business_id', '=', businessId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) return undefined;
    await tx
      .updateTable('products')
      .set({
        ...nameColumns(fields.name, fields.unit),
        ...(fields.par === undefined ? {} : { par: amount(fields.par) }),
        ...(fields.price === undefined ? {} : { price: amount(fields.price, 4) }),
        ...(fields.step === undefined ? {} : { step: amount(fields.step) }),
        ...(fields.note === undefined ? {} : { note: fields.note || null }),
        ...(fields.taxRate === undefined ? {} : { tax_rate: amount(fields.taxRate, 2) }),
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .where('business_id', '=', businessId)
      .execute();
    if (fields.price !== undefined)
      await recordPrices(tx, businessId, [{ productId: id, before: before.price, after: fields.price }], 'owner', now);
    return findProduct(tx, businessId, id);
  });
}

/**
 * Sets stock fields of a product of the order, and answers the product;
 * undefined when the product is not the user's or not in that order.
 */
async function updateStock(
  db: Db,
  businessId: number,
  where: { productId: number; orderId: number },
  values: UpdateObject<Database, 'products'>,
): Promise<TProduct | undefined> {
  const row = await db
    .updateTable('products')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', where.productId)
    .where('order_id', '=', where.orderId)
    .where('business_id', '=', businessId)
    .returning('id')
    .executeTakeFirst();
  return row && findProduct(db, businessId, where.productId);
}

/** Records a count of a product of the order by the member `userId` (null forgets the last one). */
export function setStock(db: Db, businessId: number, userId: number, input: TSetStockInput): Promise<TProduct | undefined> {
  return updateStock(db, businessId, input, {
    on_hand: amount(input.onHand),
    counted_at: input.onHand === null ? null : sql`now()`,
    counted_by: input.onHand === null ? null : userId,
  });
}

/** Sets a product's par level alone (name and unit untouched), within its order. */
export function setPar(db: Db, businessId: number, input: TSetParInput): Promise<TProduct | undefined> {
  return updateStock(db, businessId, input, { par: amount(input.par) });
}

/**
 * The step of a product of the order (null for any amount); undefined when
 * the product is not the business's or not in that order. `products.setQuantity`
 * asks it only when the quantity was refused, to tell a quantity off the step
 * from a product elsewhere.
 */
export async function stepOf(db: Db, businessId: number, line: { productId: number; orderId: number }): Promise<number | null | undefined> {
  const row = await db
    .selectFrom('products')
    .select('step')
    .where('id', '=', line.productId)
    .where('order_id', '=', line.orderId)
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  return row?.step;
}

export async function deleteProduct(db: Db, businessId: number, id: number): Promise<boolean> {
  const row = await db.deleteFrom('products').where('id', '=', id).where('business_id', '=', businessId).returning('id').executeTakeFirst();
  return row !== undefined;
}
