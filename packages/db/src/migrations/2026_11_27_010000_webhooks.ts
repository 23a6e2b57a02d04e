import { type Kysely, sql } from 'kysely';

// Frozen in time. Webhooks (issue 33, docs/decisions.md §8.5): a business's
// endpoints, each with the secret its deliveries are signed with (kept as
// is: signing needs it, unlike a token, which is only compared), the events
// that happened, and one delivery per event and endpoint. The deliveries
// are the queue: every server process claims due ones with FOR UPDATE SKIP
// LOCKED and a lease, so each is attempted by one process at a time, and
// one whose process died is claimed again when the lease ends.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', sql`text[]`, (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    // The first failure of the failures in a row now; null after a success.
    .addColumn('failing_since', 'timestamptz')
    .addColumn('disabled_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('webhook_endpoints_business_idx').on('webhook_endpoints').column('business_id').execute();

  await db.schema
    .createTable('webhook_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull().references('webhook_events.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status IN ('pending', 'delivered', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    .addColumn('claimed_until', 'timestamptz')
    .addColumn('last_attempt_at', 'timestamptz')
    .addColumn('response_status', 'integer')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('webhook_deliveries_event_endpoint_key', ['event_id', 'endpoint_id'])
    .execute();
  await sql`CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending'`.execute(db);
  await db.schema.createIndex('webhook_deliveries_endpoint_idx').on('webhook_deliveries').columns(['endpoint_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_events').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
