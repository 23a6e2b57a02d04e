import { type Kysely, sql } from 'kysely';

// Frozen in time. Reminders go to every member who has them on, each in
// their own language and time zone (docs/decisions.md §8.2): one row per
// supplier, member and cut-off, unique, so planning twice still plans once.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE reminders DROP CONSTRAINT reminders_supplier_cutoff_key`.execute(db);
  await sql`ALTER TABLE reminders ADD CONSTRAINT reminders_supplier_user_cutoff_key UNIQUE (supplier_id, user_id, cutoff_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // One reminder per supplier and cut-off again: the oldest of each is kept.
  await sql`DELETE FROM reminders r USING reminders k
    WHERE r.supplier_id = k.supplier_id AND r.cutoff_at = k.cutoff_at AND r.id > k.id`.execute(db);
  await sql`ALTER TABLE reminders DROP CONSTRAINT reminders_supplier_user_cutoff_key`.execute(db);
  await sql`ALTER TABLE reminders ADD CONSTRAINT reminders_supplier_cutoff_key UNIQUE (supplier_id, cutoff_at)`.execute(db);
}
