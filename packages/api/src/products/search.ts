import type { Db, ProductRow } from '@reorder/db';
import { normalizeSearchText, productDbColumns, searchPattern } from '@reorder/schemas';
import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { CatalogueRow, StockRow } from '../stock.ts';

/**
 * How a whole-business search picks its way (docs/performance.md, Search):
 * it looks at the `first` products in name order; unless they say that a
 * walk on in name order fills the page within about `long` names, the
 * trigram index finds the matches instead. Up to `matches` of them
 * (PostgreSQL's estimate) it finds them all there and sorts them; past
 * that, PostgreSQL may still walk the names (`searchThroughTrigrams`).
 */
export const SEARCH_WALK = { first: 500, long: 25_000, matches: 10_000 };

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
 * How many of the business's products PostgreSQL expects to match (its
 * plan's estimate, from the column's statistics: no row is read), kept as
 * the first names' counts are, and for the same reason: it chooses the way,
 * never the answer.
 */
async function estimatedMatches(db: Db, businessId: number, q: string): Promise<number> {
  const key = `${businessId} ${searchPattern(q)}`;
  let estimate = estimates.get(key);
  if (estimate === undefined) {
    const { rows } = await sql<{ 'QUERY PLAN': string | [{ Plan: { 'Plan Rows': number } }] }>`
      EXPLAIN (FORMAT JSON) SELECT 1 FROM products WHERE ${matching(businessId, q)}`.execute(db);
    const plan = rows[0]?.['QUERY PLAN'];
    // Both drivers parse the json column; its text, should one not, is read the same.
    const [root] = typeof plan === 'string' ? (JSON.parse(plan) as [{ Plan: { 'Plan Rows': number } }]) : (plan ?? []);
    estimate = root?.Plan['Plan Rows'] ?? Number.POSITIVE_INFINITY;
    estimates.set(key, estimate);
  }
  return estimate;
}
const estimates = new LRUCache<string, number>({ max: 2_000, ttl: FIRST_NAMES_MS });

/** The business's products whose names hold `q`: the trigram index's condition, and the short words' one. */
function matching(businessId: number, q: string) {
  const pattern = searchPattern(q);
  if (!pattern) throw new Error('searchThroughTrigrams: a blank search');
  const short = shortWordCondition(q);
  return sql<boolean>`products.business_id = ${businessId} AND products.search_text LIKE ${pattern} ${short ? sql`AND ${short}` : sql``}`;
}

/**
 * A page of the business's products matching `q`, found through the
 * trigram index: the same rows and order as the name-order walk.
 *
 * Up to `SEARCH_WALK.matches` expected matches, every match is found
 * through the index and sorted (`trigramSearchQuery`'s `sorted`), since
 * PostgreSQL's own choice may be a walk of the name-order index that stops
 * at the page's last match: it expects the matches spread through the
 * names, and for a word whose names all sort late ("yogur": 3,333 of
 * 100,000, the last of them) that walk read every name of the business,
 * 13–24 ms against 4 ms through the index. Past that many, PostgreSQL picks
 * by cost: for 20,000 matches ("iberico") its walk stops after 13,316
 * names in 5 ms, where finding and sorting them all took 14 ms.
 */
export async function searchThroughTrigrams(
  db: Db,
  businessId: number,
  q: string,
  page: { limit: number; offset: number },
): Promise<SearchRow[]> {
  const sorted = (await estimatedMatches(db, businessId, q)) <= SEARCH_WALK.matches;
  const { rows } = await trigramSearchQuery(businessId, q, page, sorted).execute(db);
  return rows;
}

/**
 * The statement of `searchThroughTrigrams`. The page is cut before the
 * quantities and who counted are looked up (joined first, PostgreSQL hashed
 * the business's 33,000 quantities for a page of 1,000; an index-only walk
 * gives the `ctid` it selects too). A word of one or two characters, which
 * has no trigram, is found through `products_short_search_idx`
 * (`shortWordPattern`). With `sorted`, the page's order is written so that
 * no index gives it (`|| ''` leaves every name as it is): PostgreSQL then
 * finds every match through the trigram index and sorts them.
 */
export function trigramSearchQuery(businessId: number, q: string, page: { limit: number; offset: number }, sorted: boolean) {
  const columns = (from: string) => sql.join(COLUMNS.map((column) => sql.ref(`${from}.${column}`)));
  const order = sorted ? sql`(products.sort_key || '') COLLATE "C"` : sql`products.sort_key COLLATE "C"`;
  return sql<SearchRow>`
    SELECT ${columns('page')},
      (SELECT oq.quantity FROM order_quantities oq WHERE oq.order_id = page.order_id AND oq.product_id = page.id) AS quantity,
      (SELECT counter.full_name FROM users counter WHERE counter.id = page.counted_by) AS counted_by_name
    FROM (
      SELECT products.ctid, ${columns('products')}, products.sort_key
      FROM products WHERE ${matching(businessId, q)}
      ORDER BY ${order}, products.id LIMIT ${page.limit} OFFSET ${page.offset}
    ) page
    ORDER BY page.sort_key COLLATE "C", page.id`;
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
