import { type Kysely, sql } from 'kysely';

// Frozen in time. The week's rhythm (docs/decisions.md §9.5): a supplier's
// standing order (quantities per delivery weekday, prepared into the empty
// current order before the cut-off), one run per supplier and delivery day
// (claimed by one process at a time, so each delivery is prepared, announced
// and auto-sent once however many processes run), and sends the standing
// order made by itself ("Pedido fijo").

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('standing_orders')
    .addColumn('supplier_id', 'integer', (c) => c.primaryKey().references('suppliers.id').onDelete('cascade'))
    .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    // [{productId, quantities: {mon?, …, sun?}}]
    .addColumn('lines', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('prepare_hours_before', 'integer', (c) => c.notNull().defaultTo(12).check(sql`prepare_hours_before BETWEEN 1 AND 48`))
    .addColumn('auto_send', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('paused_dates', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('standing_runs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('supplier_id', 'integer', (c) => c.notNull().references('suppliers.id').onDelete('cascade'))
    .addColumn('delivery_day', 'text', (c) => c.notNull())
    .addColumn('cutoff_at', 'timestamptz', (c) => c.notNull())
    // When it is prepared (cut-off − prepareHoursBefore), and when an email supplier's is sent (cut-off − 30 min).
    .addColumn('prepare_at', 'timestamptz', (c) => c.notNull())
    .addColumn('send_at', 'timestamptz')
    .addColumn('claimed_until', 'timestamptz')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('prepared_at', 'timestamptz')
    // "prepared", or why not ("not empty", "paused", "off"...).
    .addColumn('outcome', 'text')
    // The members told so far (each once, even when a process dies between two), and when all were.
    .addColumn('announced_to', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'::integer[]`))
    .addColumn('announced_at', 'timestamptz')
    .addColumn('done_at', 'timestamptz')
    .addColumn('sent_order_id', 'integer', (c) => c.references('sent_orders.id').onDelete('set null'))
    .addUniqueConstraint('standing_runs_supplier_day_key', ['supplier_id', 'delivery_day'])
    .execute();
  await sql`CREATE INDEX standing_runs_due_idx ON standing_runs (prepare_at) WHERE done_at IS NULL`.execute(db);
  await db.schema
    .alterTable('sent_orders')
    .addColumn('by_standing_order', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sent_orders').dropColumn('by_standing_order').execute();
  await db.schema.dropTable('standing_runs').execute();
  await db.schema.dropTable('standing_orders').execute();
}
