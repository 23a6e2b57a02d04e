import { type Db, executePrepared } from '@reorder/db';
import type { TProduct } from '@reorder/schemas';
import { type CompiledQuery, sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import { keptAnswer } from '../platform/kept-answers.ts';
import { PRICE_CHANGE_SHOWN_MS } from '../stock.ts';
import { type ListProductsOptions, listProducts } from './products.repository.ts';

/**
 * Pages of a whole business's product list (a search or not) kept in this
 * process, each with the snapshot it was read after (docs/decisions.md §9.8,
 * "The product list kept"). Before a kept page is given again, one statement
 * asks PostgreSQL whether any transaction that changed the business's
 * products or quantities (`product_list_changes`, written by triggers,
 * whichever process or procedure wrote) committed after that snapshot, or
 * whether the horizon moved past it (pruning, a user renamed). So a page is
 * never older than what a fresh read would see, across processes, and a
 * page of 1,000 rows costs that statement instead of reading, making and
 * checking the rows again (docs/performance.md, Search).
 *
 * Pages are frozen: every caller gets the same objects, and a write to one
 * throws instead of changing what the next caller sees.
 */
interface KeptPage {
  /** Which database the page was read from (its oid and the server's start: a test may run several). */
  database: string;
  /** `pg_current_snapshot()` taken before the page was read. */
  snapshot: string;
  /** Epoch ms after which a product's flagged price change is no longer shown (priceChangeOf). */
  until: number;
  /** Frozen, as each product (and its objects): every caller gets these same objects. */
  products: TProduct[];
}

/** At most this many products in all pages kept (about 0.5 KB each). */
const KEPT_ROWS = 20_000;
/** A page not asked for this long is let go; its freshness never depends on it. */
const KEPT_MS = 10 * 60 * 1000;

const kept = new LRUCache<string, KeptPage>({
  maxSize: KEPT_ROWS,
  sizeCalculation: (page) => Math.max(1, page.products.length),
  ttl: KEPT_MS,
});

interface Freshness {
  database: string;
  snapshot: string;
  stale: boolean;
}

/**
 * The snapshot now, the database's identity, and whether a page read after
 * `since` is stale for the business. A change row not visible in `since`
 * but visible now was committed after it; one below `since`'s xmin was
 * visible in it. Its plan fits every business: it runs prepared.
 */
function freshnessQuery(db: Db, businessId: number, since: string | null): { compile(): CompiledQuery<Freshness> } {
  const query = sql<Freshness>`SELECT pg_current_snapshot()::text AS snapshot,
      (SELECT oid FROM pg_database WHERE datname = current_database())::text || ' ' || pg_postmaster_start_time()::text AS database,
      CASE WHEN ${since}::text IS NULL THEN true ELSE
        (SELECT horizon FROM product_list_horizon) > pg_snapshot_xmin(${since}::text::pg_snapshot)
        OR EXISTS (
          SELECT 1 FROM product_list_changes c
          WHERE c.business_id = ${businessId} AND c.xid >= pg_snapshot_xmin(${since}::text::pg_snapshot)
            AND NOT pg_visible_in_snapshot(c.xid, ${since}::text::pg_snapshot)
        )
      END AS stale`;
  return { compile: () => query.compile(db) };
}

/**
 * A page of the business's products as `listProducts` reads it, from the
 * pages kept when none of it changed since. Outside a transaction only: a
 * transaction sees its own writes, which no other caller may see.
 */
export async function listProductPage(db: Db, businessId: number, options: ListProductsOptions): Promise<TProduct[]> {
  if (options.orderId !== undefined || db.isTransaction) return listProducts(db, businessId, options);
  const key = `${businessId} ${options.limit} ${options.offset} ${options.q ?? ''}`;
  const page = kept.get(key);
  const [now] = await executePrepared(db, freshnessQuery(db, businessId, page?.snapshot ?? null));
  if (!now) throw new Error('The freshness statement returned no row');
  if (page && !now.stale && page.database === now.database && Date.now() < page.until) return page.products;
  const products = keptAnswer(await listProducts(db, businessId, options));
  kept.set(key, { database: now.database, snapshot: now.snapshot, until: flaggedUntil(products), products });
  return products;
}

/** When the first of the page's flagged price changes stops being shown. */
function flaggedUntil(products: readonly TProduct[]): number {
  let until = Number.POSITIVE_INFINITY;
  for (const { priceChange } of products) if (priceChange) until = Math.min(until, Date.parse(priceChange.at) + PRICE_CHANGE_SHOWN_MS);
  return until;
}

/**
 * Deletes the change rows of transactions that ended before every running
 * one began, and moves the horizon up to there in the same statement, so a
 * page read before them is stale as their rows would have said. Every kept
 * page read before the horizon is then read again once: run it now and then
 * (jobs.ts, every 10 minutes). Returns how many rows it deleted.
 */
export async function pruneProductListChanges(db: Db): Promise<number> {
  const { rows } = await sql<{ deleted: string }>`
    WITH now AS (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS horizon),
    gone AS (DELETE FROM product_list_changes WHERE xid < (SELECT horizon FROM now) RETURNING 1),
    moved AS (
      UPDATE product_list_horizon SET horizon = (SELECT horizon FROM now)
      WHERE horizon < (SELECT horizon FROM now) AND EXISTS (SELECT 1 FROM gone)
    )
    SELECT count(*) AS deleted FROM gone`.execute(db);
  return Number(rows[0]?.deleted ?? 0);
}

/** Forgets every kept page (tests). */
export function forgetKeptPages(): void {
  kept.clear();
}
