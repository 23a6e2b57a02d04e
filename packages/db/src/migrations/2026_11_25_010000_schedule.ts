import { type Kysely, sql } from 'kysely';

// Frozen in time. When to order (docs/decisions.md §6.2): a supplier's delivery
// days (ISO weekdays), the cut-off time and how many days before the delivery
// it falls; the owner's time zone, in which they are read, and the reminder
// settings. The next delivery and its cut-off are worked out when read.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('suppliers')
    .addColumn('delivery_days', sql`smallint[]`, (c) =>
      c.notNull().defaultTo(sql`'{}'`).check(sql`delivery_days <@ '{1,2,3,4,5,6,7}'::smallint[] AND cardinality(delivery_days) <= 7`),
    )
    .addColumn('cutoff_time', 'text', (c) => c.check(sql`cutoff_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`))
    .addColumn('lead_days', 'smallint', (c) => c.notNull().defaultTo(1).check(sql`lead_days BETWEEN 0 AND 7`))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('reminders', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('reminder_minutes', 'smallint', (c) => c.notNull().defaultTo(120).check(sql`reminder_minutes BETWEEN 15 AND 1440`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('time_zone').dropColumn('reminders').dropColumn('reminder_minutes').execute();
  await db.schema.alterTable('suppliers').dropColumn('delivery_days').dropColumn('cutoff_time').dropColumn('lead_days').execute();
}
