import { type Kysely, sql } from 'kysely';

// Frozen in time. What an owner knows of a product's stock (docs/decisions.md §6.1):
// the par level, the last count and when it was taken, and the usual quantity
// (the median of the last 4 sends of its order that had it), which is worked
// out when an order is sent and kept here, so reading a product stays one row.

export async function up(db: Kysely<any>): Promise<void> {
  const amount = (name: string) => sql`${sql.raw(name)} >= 0 AND ${sql.raw(name)} <= 99999`;
  await db.schema
    .alterTable('products')
    .addColumn('par', sql`numeric(8, 3)`, (c) => c.check(amount('par')))
    .addColumn('on_hand', sql`numeric(8, 3)`, (c) => c.check(amount('on_hand')))
    .addColumn('counted_at', 'timestamptz')
    .addColumn('usual', sql`numeric(8, 3)`)
    .execute();
  // The whole-account product list reads the name-order index alone (tenant_search): it carries the new columns too.
  await sql`DROP INDEX products_user_sort_cover_idx`.execute(db);
  await sql`CREATE INDEX products_user_sort_cover_idx ON products (user_id, sort_key COLLATE "C", id)
    INCLUDE (name, unit, order_id, search_text, par, on_hand, counted_at, usual)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX products_user_sort_cover_idx`.execute(db);
  await sql`CREATE INDEX products_user_sort_cover_idx ON products (user_id, sort_key COLLATE "C", id)
    INCLUDE (name, unit, order_id, search_text)`.execute(db);
  await db.schema.alterTable('products').dropColumn('par').dropColumn('on_hand').dropColumn('counted_at').dropColumn('usual').execute();
}
