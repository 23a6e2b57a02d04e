import { PRODUCT_COLUMNS, PRODUCT_LIST_INDEX_INCLUDE } from '@reorder/schemas';
import { useDomain } from '@reorder/testing';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { listProductsQuery } from './products.repository.ts';

/**
 * The whole business's product list reads `products` through
 * `products_business_sort_cover_idx` alone, in name order: the index carries
 * every column the list reads (docs/decisions.md §8.3.1). A migration that
 * adds a product column adds it to PRODUCT_COLUMNS and builds the index again
 * with it; this reads the index the migrations really made, and fails when
 * one forgot.
 */
const t = useDomain();
const INDEX = 'products_business_sort_cover_idx';

/** The index's columns as PostgreSQL keeps them: its keys, then what it INCLUDEs. */
async function indexColumns(): Promise<{ keys: string[]; include: string[]; definition: string }> {
  const { rows } = await sql<{ column: string; key: boolean }>`
    SELECT a.attname AS column, k.position <= i.indnkeyatts AS key
    FROM pg_index i
    JOIN pg_class c ON c.oid = i.indexrelid
    CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, position)
    JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
    WHERE c.relname = ${INDEX}
    ORDER BY k.position`.execute(t.domain.deps.db);
  const { rows: defined } = await sql<{ indexdef: string }>`SELECT indexdef FROM pg_indexes WHERE indexname = ${INDEX}`.execute(
    t.domain.deps.db,
  );
  return {
    keys: rows.filter((row) => row.key).map((row) => row.column),
    include: rows.filter((row) => !row.key).map((row) => row.column),
    definition: defined[0]?.indexdef ?? '(no such index)',
  };
}

/** Every column of `products` a compiled query names (`"products"."x"`, or `products.x` in raw SQL). */
function productsColumnsOf(text: string): string[] {
  return [...new Set([...text.matchAll(/"?\bproducts"?\."?(\w+)"?/g)].map((match) => match[1]!))].sort();
}

describe(`${INDEX} (the product list's covering index)`, () => {
  it('is keyed by business, name order and id', async () => {
    const { keys, definition } = await indexColumns();
    expect(keys, definition).toEqual(['business_id', 'sort_key', 'id']);
  });

  it('INCLUDEs every column of PRODUCT_COLUMNS, and the search text', async () => {
    const { include, definition } = await indexColumns();
    // Each definition column is somewhere in the list: a new field with a column of its own adds one.
    expect(PRODUCT_LIST_INDEX_INCLUDE).toEqual(
      expect.arrayContaining([...Object.values(PRODUCT_COLUMNS).flatMap((column) => column.db), 'search_text']),
    );
    const missing = PRODUCT_LIST_INDEX_INCLUDE.filter((column) => !include.includes(column));
    expect(missing, `${definition}\nlacks ${missing.join(', ')}: rebuild it in the migration that adds the column`).toEqual([]);
  });

  it('carries every column of products that the list and a search read', async () => {
    const { keys, include, definition } = await indexColumns();
    const query = listProductsQuery(t.domain.deps.db, 1, { q: 'tomate', limit: 1000, offset: 0 }).compile();
    const read = productsColumnsOf(query.sql);
    // The query names the columns it reads: at least a Product's, its search text and its sort key.
    expect(read).toEqual(expect.arrayContaining(['id', 'search_text', 'sort_key', 'business_id', 'price_change_at']));
    const uncovered = read.filter((column) => !keys.includes(column) && !include.includes(column));
    expect(uncovered, `${definition}\nlacks ${uncovered.join(', ')}, which the list reads`).toEqual([]);
  });
});
