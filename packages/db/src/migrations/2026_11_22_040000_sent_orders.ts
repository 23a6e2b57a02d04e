import { type Kysely, sql } from 'kysely';

// Frozen in time. Orders as they were sent (issue 5): the history and re-order.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sent_orders')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('supplier_id', 'integer', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('introduce', 'text', (c) => c.notNull())
    // [{ productId, name, unit, quantity }] as they were: products may be renamed or deleted later.
    .addColumn('lines', 'jsonb', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addForeignKeyConstraint('sent_orders_order_fkey', ['order_id', 'user_id'], 'orders', ['id', 'user_id'], (fk) => fk.onDelete('cascade'))
    .execute();
  await sql`CREATE INDEX sent_orders_order_sent_idx ON sent_orders (order_id, sent_at DESC, id DESC)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sent_orders').ifExists().execute();
}
