import { type Kysely, sql } from 'kysely';

// Frozen in time. Reminders before a cut-off (docs/decisions.md §6). The
// schedule lives here, never in a process's memory: one row per supplier and
// cut-off (unique, so planning twice plans once), claimed by one process at a
// time with FOR UPDATE SKIP LOCKED and a lease, and closed once delivered or
// found needless. Each browser the owner allowed to notify is a push
// subscription (its endpoint is unique: a browser belongs to one account).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reminders')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('supplier_id', 'integer', (c) => c.notNull().references('suppliers.id').onDelete('cascade'))
    .addColumn('cutoff_at', 'timestamptz', (c) => c.notNull())
    .addColumn('delivery_day', 'text', (c) => c.notNull())
    .addColumn('due_at', 'timestamptz', (c) => c.notNull())
    .addColumn('claimed_until', 'timestamptz')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done_at', 'timestamptz')
    .addColumn('outcome', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('reminders_supplier_cutoff_key', ['supplier_id', 'cutoff_at'])
    .execute();
  await sql`CREATE INDEX reminders_due_idx ON reminders (due_at) WHERE done_at IS NULL`.execute(db);
  await db.schema.createIndex('reminders_user_idx').on('reminders').column('user_id').execute();
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('push_subscriptions').execute();
  await db.schema.dropTable('reminders').execute();
}
