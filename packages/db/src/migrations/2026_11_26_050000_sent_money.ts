import { type Kysely, sql } from 'kysely';

// Frozen in time. A sent order keeps what it cost (docs/decisions.md §8.4):
// its lines carry their prices (in the JSON), and the row keeps the total,
// how many lines had no price, and the currency it was in, so that Spend
// reads one narrow index per range instead of every sent line. Sends from
// before prices had none: their total is 0 and every line is unpriced.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sent_orders')
    .addColumn('total', sql`numeric(16, 4)`, (c) => c.notNull().defaultTo(0))
    .addColumn('unpriced_lines', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'text', (c) => c.check(sql`currency ~ '^[A-Z]{3}$'`))
    .execute();
  await sql`UPDATE sent_orders SET unpriced_lines = jsonb_array_length(lines)`.execute(db);
  await sql`CREATE INDEX sent_orders_business_spend_idx ON sent_orders (business_id, sent_at)
    INCLUDE (supplier_id, total, unpriced_lines)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX sent_orders_business_spend_idx`.execute(db);
  await db.schema.alterTable('sent_orders').dropColumn('total').dropColumn('unpriced_lines').dropColumn('currency').execute();
}
