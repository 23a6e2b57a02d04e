import { type Kysely, sql } from 'kysely';

// Frozen in time. Reminders before a cut-off (docs/decisions.md §6.3). The
// schedule lives here, never in a process's memory: one row per supplier and
// cut-off (unique, so planning twice plans once), claimed by one process at a
// time with FOR UPDATE SKIP LOCKED and a lease, and closed once delivered or
// found needless. Each browser the owner allowed to notify is a push
// subscription (its endpoint is unique: a browser belongs to one account).
// A change to a supplier's schedule, or to the owner's time zone or reminder
// settings, forgets the reminders planned and not yet delivered (triggers):
// the next round plans them again from what is stored now, whoever wrote it.

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
  await replanOnChange(db, 'suppliers', 'supplier_id', 'suppliers_schedule_changed', ['delivery_days', 'cutoff_time', 'lead_days']);
  await replanOnChange(db, 'users', 'user_id', 'users_reminder_settings_changed', ['time_zone', 'reminders', 'reminder_minutes']);
}

/**
 * A trigger on `table` that forgets the reminders planned and not yet
 * delivered for a row (by `key`) when one of `columns` changes, through a
 * function named `reminders_replan_<singular of table>`.
 */
async function replanOnChange(db: Kysely<any>, table: string, key: string, trigger: string, columns: string[]) {
  const fn = sql.raw(`reminders_replan_${table.replace(/s$/, '')}`);
  await sql`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM reminders WHERE ${sql.raw(key)} = NEW.id AND done_at IS NULL;
      RETURN NULL;
    END $$`.execute(db);
  const changed = columns.map((column) => `OLD.${column} IS DISTINCT FROM NEW.${column}`).join(' OR ');
  await sql`CREATE TRIGGER ${sql.raw(trigger)} AFTER UPDATE OF ${sql.raw(columns.join(', '))} ON ${sql.raw(table)}
    FOR EACH ROW WHEN (${sql.raw(changed)})
    EXECUTE FUNCTION ${fn}()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER users_reminder_settings_changed ON users`.execute(db);
  await sql`DROP FUNCTION reminders_replan_user()`.execute(db);
  await sql`DROP TRIGGER suppliers_schedule_changed ON suppliers`.execute(db);
  await sql`DROP FUNCTION reminders_replan_supplier()`.execute(db);
  await db.schema.dropTable('push_subscriptions').execute();
  await db.schema.dropTable('reminders').execute();
}
