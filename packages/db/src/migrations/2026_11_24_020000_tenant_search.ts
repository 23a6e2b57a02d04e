import { type Kysely, sql } from 'kysely';

// Frozen in time. The trigram indexes become tenant-scoped: one GIN index on
// (user_id, search_text) answers "this owner's rows that contain q" from the
// index alone, where the global one had to find every account's matches and
// throw away all but one owner's (18 ms for a search that matches nothing, at
// a million products; docs/performance.md). btree_gin lets a GIN index
// hold the user id beside the trigrams; PGlite and PostgreSQL 15 both ship it.
// A search that matches many products is faster walking the owner's products
// in name order until a page is full; the name-order index now carries the
// listed columns and the search text, so that walk reads the index only.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS btree_gin`.execute(db);
  await sql`CREATE INDEX products_user_search_idx ON products USING gin (user_id, search_text gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX suppliers_user_search_idx ON suppliers USING gin (user_id, search_text gin_trgm_ops)`.execute(db);
  await sql`DROP INDEX products_search_trgm_idx`.execute(db);
  await sql`DROP INDEX suppliers_search_trgm_idx`.execute(db);
  await sql`CREATE INDEX products_user_sort_cover_idx ON products (user_id, sort_key COLLATE "C", id)
    INCLUDE (name, unit, order_id, search_text)`.execute(db);
  await sql`DROP INDEX products_user_sort_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX products_user_sort_idx ON products (user_id, sort_key COLLATE "C", id)`.execute(db);
  await sql`DROP INDEX products_user_sort_cover_idx`.execute(db);
  await sql`CREATE INDEX products_search_trgm_idx ON products USING gin (search_text gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX suppliers_search_trgm_idx ON suppliers USING gin (search_text gin_trgm_ops)`.execute(db);
  await sql`DROP INDEX products_user_search_idx`.execute(db);
  await sql`DROP INDEX suppliers_user_search_idx`.execute(db);
}
