import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { searchPattern } from '@reorder/schemas';
import { businessIdOf, expectOk, type RawAnswer, rawRequest, useTestServer } from '@reorder/testing';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * `GET /api/products?q=` across the whole business answers the products
 * whose name contains q, in name order, with their quantities, whichever way
 * the server reads them (packages/api/src/products/search.ts): more products
 * than the first names it looks at, a rare word, a word whose names sort
 * last, and a common one, of three or more characters or of fewer.
 */
const t = useTestServer();
let token: string;
let businessId: number;

beforeAll(async () => {
  const owner = await t.api.register();
  token = owner.token;
  const supplier = await t.api.createSupplier(token);
  businessId = await businessIdOf(t.server.deps.db, owner.user.id);
  await sql`INSERT INTO products (business_id, order_id, name, unit, search_text, sort_key)
    SELECT ${businessId}, ${supplier.orderId}, x.name, 'ud', lower(x.name), lower(x.name)
    FROM generate_series(1, 3000) AS n
    CROSS JOIN LATERAL (SELECT CASE WHEN n % 500 = 7 THEN 'Mermelada ' WHEN n % 10 = 3 THEN 'Zumo ' ELSE 'Producto ' END || n AS name) x`.execute(
    t.server.deps.db,
  );
  await sql`INSERT INTO order_quantities (order_id, product_id, business_id, quantity)
    SELECT order_id, id, business_id, id % 4 + 1 FROM products WHERE business_id = ${businessId} AND id % 7 = 0`.execute(t.server.deps.db);
  await sql`ANALYZE products`.execute(t.server.deps.db);
});

/** The ids and quantities of the page, by the definition: the matches in name order. */
async function expected(q: string, limit: number, offset: number) {
  const { rows } = await sql<{ id: number; quantity: number }>`
    SELECT p.id, coalesce(oq.quantity, 0)::float8 AS quantity FROM products p
    LEFT JOIN order_quantities oq ON oq.order_id = p.order_id AND oq.product_id = p.id
    WHERE p.business_id = ${businessId} AND p.search_text LIKE ${searchPattern(q)}
    ORDER BY p.sort_key COLLATE "C", p.id LIMIT ${limit} OFFSET ${offset}`.execute(t.server.deps.db);
  return rows.map((row) => [row.id, row.quantity]);
}

describe('whole-business product search', () => {
  it.each([
    ['mermelada', 1000, 0, 6],
    ['zumo', 1000, 0, 300],
    ['zumo 2', 20, 5, 20],
    ['producto', 1000, 0, 1000],
    ['producto 1', 50, 400, 50],
    ['no such word', 1000, 0, 0],
    ['zu', 1000, 0, 300],
    ['me', 1000, 0, 6],
    ['7', 1000, 0, 813],
    ['q', 1000, 0, 0],
  ])('answers %j (limit %i, offset %i) in name order', async (q, limit, offset, count) => {
    const res = await t.api.get(`/api/products?q=${encodeURIComponent(q)}&limit=${limit}&offset=${offset}`, token);
    expectOk(res, expect.any(Array));
    const answer = (res.body.data as { id: number; quantity: number }[]).map((p) => [p.id, p.quantity]);
    expect(answer).toHaveLength(count);
    expect(answer).toEqual(await expected(q, limit, offset));
  });
});

describe('a kept page of the product list over REST (docs/decisions.md §9.8)', () => {
  /** GET `apiPath` with this Accept-Encoding (none when undefined): the status, headers and the bytes as sent. */
  function raw(apiPath: string, acceptEncoding?: string) {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (acceptEncoding !== undefined) headers['accept-encoding'] = acceptEncoding;
    return rawRequest(`${t.url}${apiPath}`, headers);
  }
  const decoded = ({ headers, body }: RawAnswer) =>
    (headers['content-encoding'] === 'gzip'
      ? gunzipSync(body)
      : headers['content-encoding'] === 'br'
        ? brotliDecompressSync(body)
        : headers['content-encoding'] === 'deflate'
          ? inflateSync(body)
          : body
    ).toString();

  it('answers the same bytes as the first read, compressed once per encoding as the middleware would', async () => {
    const path = '/api/products?q=zumo&limit=199';
    const first = await raw(path, 'gzip, deflate, br');
    expect(first.status).toBe(200);
    // Compressed as the middleware compresses every answer: brotli, the client's first choice.
    expect(first.headers['content-encoding']).toBe('br');
    const text = decoded(first);
    expect(JSON.parse(text).data).toHaveLength(199);
    for (const acceptEncoding of ['gzip, deflate, br', 'gzip', undefined, 'identity', 'br', 'gzip;q=0, deflate']) {
      const again = await raw(path, acceptEncoding);
      expect(again.status).toBe(200);
      expect(decoded(again)).toBe(text);
      expect(String(again.headers.vary)).toContain('Accept-Encoding');
      const br = acceptEncoding?.includes('br');
      const gzip = !br && acceptEncoding?.startsWith('gzip') && !acceptEncoding.includes('q=0');
      // `deflate` alone: the kept bytes go as they are, and the middleware deflates them.
      const deflate = acceptEncoding === 'gzip;q=0, deflate';
      expect(again.headers['content-encoding']).toBe(br ? 'br' : gzip ? 'gzip' : deflate ? 'deflate' : undefined);
      // Kept bytes go with their length.
      if (!deflate) expect(again.headers['content-length']).toBe(String(again.body.length));
    }
    // A small page goes as it is, as the compression middleware leaves answers under 1 KB.
    const small = await raw('/api/products?q=mermelada&limit=1', 'gzip');
    const smallAgain = await raw('/api/products?q=mermelada&limit=1', 'gzip');
    expect(smallAgain.headers['content-encoding']).toBeUndefined();
    expect(decoded(smallAgain)).toBe(decoded(small));
  });

  it('answers a write at once, then keeps the new page', async () => {
    const path = '/api/products?q=zumo&limit=5';
    const before = JSON.parse(decoded(await raw(path, 'gzip'))).data as { id: number; orderId: number; quantity: number }[];
    const first = before[0]!;
    const write = await t.api.put(
      '/api/products/quantity',
      { productId: first.id, orderId: first.orderId, quantity: first.quantity + 10 },
      token,
    );
    expect(write.status).toBe(200);
    const after = JSON.parse(decoded(await raw(path, 'gzip'))).data as { id: number; quantity: number }[];
    expect(after[0]).toMatchObject({ id: first.id, quantity: first.quantity + 10 });
    expect(after.slice(1)).toEqual(before.slice(1));
    expect(JSON.parse(decoded(await raw(path, 'gzip'))).data).toEqual(after);
  });
});
