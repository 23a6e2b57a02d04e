import { type Kysely, sql } from 'kysely';

// Frozen in time. A search of one or two letters ("te") has no trigram, so
// the trigram index `products_user_search_idx` cannot narrow it: a rare one
// read every product of the business (docs/performance.md, Search). Written
// with each character three times ("te" as "ttteee"), a short word has
// trigrams ("ttt", "tte", "tee", "eee") that every name holding it holds
// written so too, so a trigram index on the names written so finds them,
// rare or common; the LIKE on the name keeps the answer exact. Per name it
// holds about twice the trigrams of the name. PGlite and PostgreSQL 15 take
// it alike (pg_trgm, btree_gin).

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX products_short_search_idx ON products
    USING gin (business_id, (regexp_replace(search_text, '(.)', '\\1\\1\\1', 'g')) gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX products_short_search_idx`.execute(db);
}
