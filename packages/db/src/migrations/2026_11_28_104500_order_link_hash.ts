import type { Kysely } from 'kysely';

// Frozen in time. A link a device made before its send reached the server
// (docs/decisions.md §9.3): the order keeps the hash of the token its next
// send's link carries, so the supplier's page can tell "not here yet" from
// "withdrawn". The hash needs the server's key, so rows from before this
// migration are filled by the server when it starts, not here.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('confirm_token_hash', 'text').execute();
  await db.schema.createIndex('orders_confirm_token_idx').on('orders').column('confirm_token_hash').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_confirm_token_idx').ifExists().execute();
  await db.schema.alterTable('orders').dropColumn('confirm_token_hash').execute();
}
