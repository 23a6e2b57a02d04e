import { type Kysely, sql } from 'kysely';

// Frozen in time. What the catalogue keeps of a product beside its name and
// unit (docs/decisions.md §8.3, §8.4): its price per unit (0 to 1,000,000,
// 4 decimals, null = unknown), the step the supplier sells by (above 0, 3
// decimals, null = any amount) and a note for whoever prepares the order
// (at most 300 characters). The whole-business product list reads the
// name-order index alone: it carries the new columns, and `counted_by`,
// which the businesses migration added without it.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('price', sql`numeric(11, 4)`, (c) => c.check(sql`price >= 0 AND price <= 1000000`))
    .addColumn('step', sql`numeric(8, 3)`, (c) => c.check(sql`step > 0 AND step <= 99999`))
    .addColumn('note', 'text', (c) => c.check(sql`char_length(note) <= 300`))
    .execute();
  await sql`DROP INDEX products_user_sort_cover_idx`.execute(db);
  await sql`CREATE INDEX products_business_sort_cover_idx ON products (business_id, sort_key COLLATE "C", id)
    INCLUDE (name, unit, order_id, search_text, par, on_hand, counted_at, counted_by, usual, price, step, note)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX products_business_sort_cover_idx`.execute(db);
  await sql`CREATE INDEX products_user_sort_cover_idx ON products (business_id, sort_key COLLATE "C", id)
    INCLUDE (name, unit, order_id, search_text, par, on_hand, counted_at, usual)`.execute(db);
  await db.schema.alterTable('products').dropColumn('price').dropColumn('step').dropColumn('note').execute();
}
