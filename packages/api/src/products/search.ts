import type { Db, ProductRow } from '@reorder/db';
import { normalizeSearchText, productDbColumns, searchPattern } from '@reorder/schemas';
import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { CatalogueRow, StockRow } from '../stock.ts';

/**
 * How a whole-business search picks its way (docs/performance.md, Search):
 * it looks at the `first` products in name order; unless they say that a
 * walk on in name order fills the page within about `long` names, the
 * trigram index finds the matches instead.
 */
export const SEARCH_WALK = { first: 500, long: 25_000 };

/**
 * Whether a search of the business for `pattern` (a LIKE pattern from
 * `searchPattern`) should walk its products in name order (a common word,
 * or a small business) rather than ask the trigram index
 * `products_user_search_idx` (a rare word, or one whose names sort late).
 *
 * The planner decides this from the column's statistics, and for a word
 * whose matches sort late ("jamon": 3,334 of 100,000, after 36,651 other
 * names) it walked the whole business; for a word no sample holds it may
 * too. This asks the business's own first names instead: an index-only read
 * of `first` rows of `products_business_sort_cover_idx`, well under a
 * millisecond, whose counts are then kept a while (`firstNames`).
 */
export async function walksInNameOrder(db: Db, businessId: number, pattern: string, need: number, walk = SEARCH_WALK): Promise<boolean> {
  const key = `${businessId} ${walk.first} ${pattern}`;
  let seen = firstNames.get(key);
  if (!seen) {
    const { rows } = await sql<{ names: string; hits: string }>`
      SELECT count(*) AS names, count(*) FILTER (WHERE first.hit) AS hits
      FROM (
        SELECT products.search_text LIKE ${pattern} AS hit FROM products WHERE products.business_id = ${businessId}
        ORDER BY products.sort_key COLLATE "C", products.id LIMIT ${walk.first}
      ) first`.execute(db);
    seen = { names: Number(rows[0]?.names ?? 0), hits: Number(rows[0]?.hits ?? 0) };
    firstNames.set(key, seen);
  }
  return seen.names < walk.first || seen.hits * walk.long >= need * walk.first;
}

/**
 * What the first names said of a word, by business and pattern, for
 * `FIRST_NAMES_MS`: a word searched again (a page further on, the list
 * opened again, the same word typed twice) skips that round trip to
 * PostgreSQL, a sixth of a rare word's search (docs/performance.md,
 * Search). The counts choose the plan, never the answer: both ways read the
 * same rows in the same order (search.test.ts), so counts gone stale by new
 * or renamed products can make a search slower, not wrong.
 */
const FIRST_NAMES_MS = 60_000;
const firstNames = new LRUCache<string, { names: number; hits: number }>({ max: 2_000, ttl: FIRST_NAMES_MS });

/**
 * A page of the business's products matching `q`, found through the
 * trigram index: the same rows and order as the name-order walk. PostgreSQL
 * still picks its plan by cost: for a rare word it finds the matches through
 * the trigram index and sorts them; for thousands of matches ("jam": 3,334
 * of 100,000) it may walk the name-order index (an index-only walk gives the
 * `ctid` it selects too), which measured no slower. The page is cut before
 * the quantities and who counted are looked up (joined first, PostgreSQL
 * hashed the business's 33,000 quantities for a page of 1,000). A word of
 * one or two characters, which has no trigram, is found through
 * `products_short_search_idx` instead (`shortWordPattern`).
 */
export async function searchThroughTrigrams(
  db: Db,
  businessId: number,
  q: string,
  page: { limit: number; offset: number },
): Promise<SearchRow[]> {
  const pattern = searchPattern(q);
  if (!pattern) throw new Error('searchThroughTrigrams: a blank search');
  const columns = (from: string) => sql.join(COLUMNS.map((column) => sql.ref(`${from}.${column}`)));
  const short = shortWordCondition(q);
  const { rows } = await sql<SearchRow>`
    SELECT ${columns('page')},
      (SELECT oq.quantity FROM order_quantities oq WHERE oq.order_id = page.order_id AND oq.product_id = page.id) AS quantity,
      (SELECT counter.full_name FROM users counter WHERE counter.id = page.counted_by) AS counted_by_name
    FROM (
      SELECT products.ctid, ${columns('products')}, products.sort_key
      FROM products WHERE products.business_id = ${businessId} AND products.search_text LIKE ${pattern}
        ${short ? sql`AND ${short}` : sql``}
      ORDER BY products.sort_key COLLATE "C", products.id LIMIT ${page.limit} OFFSET ${page.offset}
    ) page
    ORDER BY page.sort_key COLLATE "C", page.id`.execute(db);
  return rows;
}

/**
 * The name with each character three times, as `products_short_search_idx`
 * (migration `2026_11_28_203000_short_search`) indexes it: the very
 * expression, or PostgreSQL does not use the index.
 */
const TRIPLED = sql.raw(`regexp_replace(products.search_text, '(.)', '\\1\\1\\1', 'g')`);

/**
 * For a word of one or two characters, which has no trigram of its own, a
 * LIKE pattern on the names written with each character three times, whose
 * trigrams `products_short_search_idx` finds; undefined for a longer word,
 * which the trigram index of the name serves. One character is its run of
 * three ("e": "%eee%"). Two are the seam between their runs, each character
 * twice ("rm": "%rrmm%", trigrams "rrm" and "rmm"), which a tripled name holds
 * exactly where the name holds the pair: the runs "rrr" and "mmm" of the
 * whole word would add the index's two longest lists of a common letter each
 * (docs/performance.md, Search).
 */
export function shortWordPattern(q: string): string | undefined {
  const characters = [...normalizeSearchText(q)];
  if (characters.length === 0 || characters.length > 2) return undefined;
  const times = characters.length === 1 ? 3 : 2;
  return searchPattern(characters.map((c) => c.repeat(times)).join(''));
}

/** The condition on `products` that `products_short_search_idx` answers for a word of one or two characters. */
export function shortWordCondition(q: string) {
  const pattern = shortWordPattern(q);
  return pattern === undefined ? undefined : sql<boolean>`${TRIPLED} LIKE ${pattern}`;
}

const COLUMNS = ['id', ...productDbColumns('product', 'stock', 'catalogue')] as const;

export type SearchRow = Pick<ProductRow, (typeof COLUMNS)[number]> &
  CatalogueRow &
  StockRow & { quantity: number | null; counted_by_name: string | null };
