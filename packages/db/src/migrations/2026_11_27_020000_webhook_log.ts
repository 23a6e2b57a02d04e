import type { Kysely } from 'kysely';

// Frozen in time. The webhook log is kept 30 days (docs/decisions.md §8.5):
// every process looks for the events past that every ten minutes, by time.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('webhook_events_created_idx').on('webhook_events').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('webhook_events_created_idx').execute();
}
