import { type Kysely, sql } from 'kysely';

// Frozen in time. The supplier confirms a sent order from a link in its text
// (docs/decisions.md §6.4). Each order keeps the nonce of the link its next send
// will carry; a sent order keeps the nonce it went with, the hash of the token
// made from it (the token itself is never stored), when the link expires and
// the supplier's answer. Deleting the order (or its supplier) deletes its sent
// orders, and with them every link: revoked.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('suppliers')
    .addColumn('ask_confirmation', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('confirm_nonce', 'text', (c) => c.notNull().defaultTo(sql`gen_random_uuid()::text`))
    .execute();
  await db.schema
    .alterTable('sent_orders')
    .addColumn('confirm_nonce', 'text')
    .addColumn('confirm_token_hash', 'text')
    .addColumn('confirm_language', 'text', (c) => c.check(sql`confirm_language IN ('en', 'es')`))
    .addColumn('confirm_expires_at', 'timestamptz')
    // {status, respondedAt, note, deliveryDate, unavailable} once the supplier answers.
    .addColumn('confirmation', 'jsonb')
    .execute();
  await sql`CREATE UNIQUE INDEX sent_orders_confirm_token_idx ON sent_orders (confirm_token_hash) WHERE confirm_token_hash IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS sent_orders_confirm_token_idx`.execute(db);
  await db.schema
    .alterTable('sent_orders')
    .dropColumn('confirm_nonce')
    .dropColumn('confirm_token_hash')
    .dropColumn('confirm_language')
    .dropColumn('confirm_expires_at')
    .dropColumn('confirmation')
    .execute();
  await db.schema.alterTable('orders').dropColumn('confirm_nonce').execute();
  await db.schema.alterTable('suppliers').dropColumn('ask_confirmation').execute();
}
