import type { Database } from '@reorder/db';
import { searchPattern } from '@reorder/schemas';
import { businessIdOf, useDomain } from '@reorder/testing';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { listProductsQuery, toProduct } from './products.repository.ts';
import { SEARCH_WALK, shortWordCondition, shortWordPattern, trigramSearchQuery, walksInNameOrder } from './search.ts';

/**
 * A whole-business search answers the rows of the name-order walk, in its
 * order, whichever way it reads them (search.ts: docs/performance.md,
 * Search): a common word by walking, a rare word or one whose names sort
 * late through the trigram index, a rare word of one or two characters
 * through the index of the names written with each character three times.
 */
const t = useDomain();
// More than the first names a search looks at (SEARCH_WALK.first), so both ways are taken.
const PRODUCTS = Math.max(3000, SEARCH_WALK.first * 2);
let businessId: number;

beforeAll(async () => {
  const supplier = await t.owner.api.suppliers.create({
    name: 'Granel',
    contactName: '',
    messageService: 'other',
    contactInfo: '',
    note: '',
  });
  businessId = await businessIdOf(t.domain.deps.db, t.owner.user.id);
  // Names: "producto n" for most; "Mermelada n" one in 500 (rare); "Zumo n" one in 10, sorting after every other name.
  await sql`INSERT INTO products (business_id, order_id, name, unit, search_text, sort_key, price, note)
    SELECT ${businessId}, ${supplier.orderId}, x.name, 'ud', lower(x.name), lower(x.name), CASE WHEN n % 3 = 0 THEN n / 100.0 END, ''
    FROM generate_series(1, ${PRODUCTS}) AS n
    CROSS JOIN LATERAL (SELECT CASE WHEN n % 500 = 7 THEN 'Mermelada ' WHEN n % 10 = 3 THEN 'Zumo ' ELSE 'Producto ' END || n AS name) x`.execute(
    t.domain.deps.db,
  );
  await sql`INSERT INTO order_quantities (order_id, product_id, business_id, quantity)
    SELECT order_id, id, business_id, id % 4 + 1 FROM products WHERE business_id = ${businessId} AND id % 7 = 0`.execute(t.domain.deps.db);
  await sql`ANALYZE products`.execute(t.domain.deps.db);
  // Another business's products with the same words, which no search of this one shows.
  const other = await t.domain.owner();
  const theirs = await other.api.suppliers.create({ name: 'Otro', contactName: '', messageService: 'other', contactInfo: '', note: '' });
  for (const name of ['Mermelada ajena', 'Zumo ajeno', 'Producto ajeno'])
    await other.api.products.create({ orderId: theirs.orderId, name, unit: 'ud' });
});

/** The page as the name-order walk answers it. */
async function walked(q: string, limit: number, offset: number) {
  return (await listProductsQuery(t.domain.deps.db, businessId, { q, limit, offset }).execute()).map(toProduct);
}

describe('a whole-business search', () => {
  it('walks for a common word, and asks the trigram index for a rare one or one whose names sort late', async () => {
    const walks = (q: string, need = 1000) => walksInNameOrder(t.domain.deps.db, businessId, searchPattern(q)!, need);
    expect(await walks('producto')).toBe(true);
    expect(await walks('mermelada')).toBe(false);
    expect(await walks('zumo')).toBe(false);
    expect(await walks('no such word')).toBe(false);
    expect(await walks('zumo', 1)).toBe(false);
    // Few matches among the first names are enough for a small page.
    expect(await walks('1', 50)).toBe(true);
    expect(await walks('zu')).toBe(false);
    expect(await walks('me')).toBe(false);
  });

  it('keeps what the first names said of a word, and decides again for each page', async () => {
    const rare = searchPattern('mermelada')!;
    expect(await walksInNameOrder(t.domain.deps.db, businessId, rare, 1000)).toBe(false);
    // A database that answers every query with no rows: the business would look empty, and a search of it would walk.
    const empty = new Kysely<Database>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (db) => new PostgresIntrospector(db),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
    });
    expect(await walksInNameOrder(empty, businessId + 1000, rare, 1000)).toBe(true);
    // The word's counts for this business are kept: no query is asked, and a small page decides from them too.
    expect(await walksInNameOrder(empty, businessId, rare, 1000)).toBe(false);
    expect(await walksInNameOrder(empty, businessId, rare, 1)).toBe(true);
  });

  it('finds a word of one or two characters through products_short_search_idx', async () => {
    expect(shortWordPattern('Té')).toBe('%ttee%');
    expect(shortWordPattern('É')).toBe('%eee%');
    expect(shortWordPattern('%')).toBe('%\\%\\%\\%%');
    expect(shortWordPattern('%a')).toBe('%\\%\\%aa%');
    expect(shortWordPattern('tea')).toBeUndefined();
    expect(shortWordPattern(' ')).toBeUndefined();
    // With every other way off, only that index can answer the condition without a disabled sequential scan:
    // the query's expression must be the index's, or PostgreSQL does not use it.
    const plan = await t.domain.deps.db.transaction().execute(async (tx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(tx);
      await sql`SET LOCAL enable_indexscan = off`.execute(tx);
      await sql`SET LOCAL enable_indexonlyscan = off`.execute(tx);
      const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT id FROM products WHERE ${shortWordCondition('zu')!}`.execute(tx);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('products_short_search_idx');
  });

  it.each(['rm', 'me', 'od', '77', '11', 'r', 'o', '9'])('holds, written tripled, exactly the names that hold %j', async (q) => {
    const { rows } = await sql<{ tripled: string; named: string }>`
        SELECT count(*) FILTER (WHERE ${shortWordCondition(q)!}) AS tripled,
          count(*) FILTER (WHERE products.search_text LIKE ${searchPattern(q)!}) AS named
        FROM products WHERE business_id = ${businessId}`.execute(t.domain.deps.db);
    expect(Number(rows[0]!.named)).toBeGreaterThan(0);
    expect(rows[0]!.tripled).toBe(rows[0]!.named);
  });

  it.each([
    ['mermelada', 1000, 0],
    ['zumo', 1000, 0],
    ['zumo', 50, 120],
    ['ZUMO 1', 20, 3],
    ['producto', 1000, 0],
    ['producto 2', 100, 250],
    ['1', 1000, 500],
    ['no such word', 1000, 0],
    ['ajen', 1000, 0],
    ['zu', 1000, 0],
    ['ZU', 30, 200],
    ['me', 1000, 0],
    ['rm', 1000, 0],
    ['77', 1000, 0],
    ['7', 1000, 0],
    ['q', 1000, 0],
  ])('answers %j (limit %i, offset %i) as the walk does', async (q, limit, offset) => {
    const expected = await walked(q, limit, offset);
    const answer = await t.owner.api.products.list({ q, limit, offset });
    expect(answer).toEqual(expected);
    expect(answer.length).toBe(expected.length);
    if (q === 'mermelada') expect(answer.map((p) => p.name).slice(0, 2)).toEqual(['Mermelada 1007', 'Mermelada 1507']);
    if (q === 'zumo') expect(answer.some((p) => p.quantity > 0) && answer.some((p) => p.price !== null)).toBe(true);
  });

  it.each([
    ['zumo', 50, 120],
    ['producto 2', 100, 250],
    ['mermelada', 1000, 0],
    ['zu', 30, 200],
  ])('reads %j (limit %i, offset %i) alike with the matches sorted or left to PostgreSQL', async (q, limit, offset) => {
    const expected = await walked(q, limit, offset);
    for (const sorted of [true, false]) {
      const { rows } = await trigramSearchQuery(businessId, q, { limit, offset }, sorted).execute(t.domain.deps.db);
      expect(rows.map(toProduct), `sorted: ${sorted}`).toEqual(expected);
    }
  });

  it('sorts a few matches whose names sort late, never walking the names before them', async () => {
    // "Zumo" names sort after every other (300 of 3,000). PostgreSQL expects matches spread through the names, so
    // for a page of 20 it walks the name-order index, and reads the 2,700 names before the first match. With the
    // matches sorted, no index gives the order: the walk is not a way at all.
    const plan = (sorted: boolean) =>
      t.domain.deps.db.transaction().execute(async (tx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(tx);
        const query = trigramSearchQuery(businessId, 'zumo', { limit: 20, offset: 0 }, sorted);
        const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${query}`.execute(tx);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
    const walk = /Index (Only )?Scan using products_business_sort_cover_idx/;
    expect(await plan(false), "PostgreSQL's own choice").toMatch(walk);
    expect(await plan(true)).not.toMatch(walk);
  });
});
