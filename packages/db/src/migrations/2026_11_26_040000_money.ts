import { type Kysely, sql } from 'kysely';

// Frozen in time. Money (docs/decisions.md §8.4): a supplier's minimum order
// and whether its order text shows prices; every price a product has had,
// and who set it (the owner, or the supplier confirming an order); and the
// product's last rise or drop of 5% or more, kept on its row when a price is
// set, so reading a product stays one row. The whole-business product list
// reads the name-order index alone: it carries the new columns.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('suppliers')
    .addColumn('minimum_order', sql`numeric(11, 4)`, (c) => c.check(sql`minimum_order >= 0 AND minimum_order <= 1000000`))
    .addColumn('show_prices', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createTable('product_prices')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('price', sql`numeric(11, 4)`, (c) => c.notNull().check(sql`price >= 0 AND price <= 1000000`))
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source IN ('owner', 'supplier')`))
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX product_prices_product_idx ON product_prices (product_id, at DESC, id DESC)`.execute(db);
  await db.schema
    .alterTable('products')
    .addColumn('price_change_from', sql`numeric(11, 4)`)
    .addColumn('price_change_to', sql`numeric(11, 4)`)
    .addColumn('price_change_at', 'timestamptz')
    .execute();
  await sql`DROP INDEX products_business_sort_cover_idx`.execute(db);
  await sql`CREATE INDEX products_business_sort_cover_idx ON products (business_id, sort_key COLLATE "C", id)
    INCLUDE (name, unit, order_id, search_text, par, on_hand, counted_at, counted_by, usual, price, step, note,
      price_change_from, price_change_to, price_change_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX products_business_sort_cover_idx`.execute(db);
  await sql`CREATE INDEX products_business_sort_cover_idx ON products (business_id, sort_key COLLATE "C", id)
    INCLUDE (name, unit, order_id, search_text, par, on_hand, counted_at, counted_by, usual, price, step, note)`.execute(db);
  await db.schema
    .alterTable('products')
    .dropColumn('price_change_from')
    .dropColumn('price_change_to')
    .dropColumn('price_change_at')
    .execute();
  await db.schema.dropTable('product_prices').execute();
  await db.schema.alterTable('suppliers').dropColumn('minimum_order').dropColumn('show_prices').execute();
}
