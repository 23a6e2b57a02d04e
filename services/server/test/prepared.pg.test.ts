import { connectDatabase, executePrepared, migrateToLatest, preparedQuery } from '@reorder/db';
import { createTestDatabase, type RegisteredUser, startTcpProxy, startTestServer, TEST_DB, type TestServer } from '@reorder/testing';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The hot queries run as named prepared statements on PostgreSQL
 * (packages/db prepared.ts, docs/performance.md): each connection parses a
 * statement once and then only binds it. The server reaches the database
 * through a TCP proxy that reads the protocol's messages, so the test sees
 * what goes over the wire. PostgreSQL only (vitest.config.ts).
 */

/** A frontend message: Parse (P) and Bind (B) name their statement. */
interface Sent {
  type: string;
  statement: string;
  text?: string;
}

/** Splits each connection's bytes into protocol messages: the startup message first, then type + length + body. */
function protocolReader() {
  const buffers = new Map<number, Buffer>();
  const sent: Sent[] = [];
  const started = new Set<number>();
  const read = (connection: number, chunk: Buffer) => {
    let buffer = Buffer.concat([buffers.get(connection) ?? Buffer.alloc(0), chunk]);
    for (;;) {
      if (!started.has(connection)) {
        if (buffer.length < 4 || buffer.length < buffer.readInt32BE(0)) break;
        buffer = buffer.subarray(buffer.readInt32BE(0));
        started.add(connection);
        continue;
      }
      if (buffer.length < 5 || buffer.length < 1 + buffer.readInt32BE(1)) break;
      const type = String.fromCharCode(buffer[0] as number);
      const body = buffer.subarray(5, 1 + buffer.readInt32BE(1));
      const strings = body.toString('utf8').split('\0');
      if (type === 'P') sent.push({ type, statement: strings[0] ?? '', text: strings[1] });
      // Bind: the portal's name, then the statement's.
      if (type === 'B') sent.push({ type, statement: strings[1] ?? '' });
      buffer = buffer.subarray(1 + buffer.readInt32BE(1));
    }
    buffers.set(connection, buffer);
  };
  return { read, sent };
}

describe('prepared statements, over the wire', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let t: TestServer;
  let owner: RegisteredUser;
  let supplier: Awaited<ReturnType<TestServer['api']['createSupplier']>>;
  let productId: number;
  const wire = protocolReader();

  beforeAll(async () => {
    expect(TEST_DB).toBe('postgres');
    database = await createTestDatabase();
    proxy = await startTcpProxy(database.url!, wire.read);
    t = await startTestServer({ databaseUrl: proxy.databaseUrl });
    owner = await t.api.register();
    supplier = await t.api.createSupplier(owner.token, { name: 'Verduras Núñez' });
    productId = (await t.api.createProduct(owner.token, supplier.orderId, 'Cebollas')).id;
    await t.api.createProduct(owner.token, supplier.orderId, 'Ajos');
  });

  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await database?.drop();
  });

  const CALLS = 12;
  /** The `i`th round's calls: a new quantity each round, so the account's product page is read again each time (§9.8). */
  const hot = (i: number) => [
    () => t.api.get(`/api/orders/supplier/${supplier.id}`, owner.token),
    () => t.api.get('/api/suppliers', owner.token),
    () => t.api.put('/api/products/quantity', { productId, orderId: supplier.orderId, quantity: 2 + i }, owner.token),
    () => t.api.get('/api/auth/sessions', owner.token),
    () => t.api.get('/api/orders', owner.token),
    () => t.api.get('/api/products', owner.token),
    () => t.api.get(`/api/products?orderId=${supplier.orderId}`, owner.token),
  ];

  it('parses each hot read and write once per connection, then only binds it', async () => {
    const from = wire.sent.length;
    for (let i = 0; i < CALLS; i++) {
      for (const call of hot(i)) expect((await call()).status).toBe(200);
    }
    const named = new Map<string, { parses: number; binds: number; text: string }>();
    for (const [at, m] of wire.sent.entries()) {
      if (!m.statement.startsWith('reorder_')) continue;
      const entry = named.get(m.statement) ?? { parses: 0, binds: 0, text: '' };
      if (m.type === 'P') {
        entry.parses++;
        entry.text = m.text ?? '';
      } else if (at >= from) entry.binds++;
      named.set(m.statement, entry);
    }
    // The order and its last sends (the usual quantities), the supplier list, the quantity, the devices, the orders list,
    // and the products of the account (with the check of its kept page: docs/decisions.md §9.8) and of an order.
    expect(named.size).toBe(9);
    const pool = 10;
    for (const [name, { parses, binds }] of named) {
      expect(binds, name).toBe(CALLS);
      expect(parses, name).toBeLessThanOrEqual(pool);
      expect(parses, name).toBeLessThan(binds);
    }
    const texts = [...named.values()].map((s) => s.text);
    expect(texts.some((x) => x.includes('"products"."sort_key"') || x.includes('products.sort_key'))).toBe(true);
    expect(texts.some((x) => x.startsWith('insert into "order_quantities"'))).toBe(true);
    expect(texts.some((x) => x.startsWith('select "id", "sent_at", "lines"'))).toBe(true);
    expect(texts.some((x) => x.includes('pg_current_snapshot()'))).toBe(true);
  });

  it('plans a search for its words: a supplier or product search goes unnamed', async () => {
    wire.sent.length = 0;
    const res = await t.api.get('/api/suppliers?q=verduras', owner.token);
    expect(res.body.data.map((s: { name: string }) => s.name)).toEqual(['Verduras Núñez']);
    const products = await t.api.get(`/api/products?orderId=${supplier.orderId}&q=ajo`, owner.token);
    expect(products.body.data.map((p: { name: string }) => p.name)).toEqual(['Ajos']);
    expect((await t.api.get('/api/products?q=cebolla', owner.token)).body.data.map((p: { name: string }) => p.name)).toEqual(['Cebollas']);
    const parses = wire.sent.filter((s) => s.type === 'P' && s.text?.includes('like'));
    expect(parses.length).toBe(3);
    expect(parses.every((s) => s.statement === '')).toBe(true);
  });

  it('keeps answering after a migration adds a column under a prepared statement', async () => {
    const before = await t.api.get(`/api/orders/supplier/${supplier.id}`, owner.token);
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      await admin.query('ALTER TABLE products ADD COLUMN later_column text');
      await admin.query('ALTER TABLE suppliers ADD COLUMN later_column text');
    } finally {
      await admin.end();
    }
    for (let i = 0; i < 3; i++) {
      const after = await t.api.get(`/api/orders/supplier/${supplier.id}`, owner.token);
      expect(after.status).toBe(200);
      expect(after.body).toEqual(before.body);
      expect((await t.api.get('/api/suppliers', owner.token)).status).toBe(200);
    }
  });
});

describe('executePrepared', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let handle: Awaited<ReturnType<typeof connectDatabase>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    // One connection: the test's own queries see its prepared statements.
    handle = await connectDatabase({ databaseUrl: database.url, maxConnections: 1 });
    await migrateToLatest(handle.db);
  });

  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('answers as the same query unnamed, and the connection keeps the statement', async () => {
    const query = handle.db.selectFrom('users').select(['id', 'email']).where('id', '>', 0).orderBy('id');
    expect(await executePrepared(handle.db, query)).toEqual(await query.execute());
    expect(await executePrepared(handle.db, query)).toEqual([]);
    const kept = await sql<{ name: string; statement: string }>`SELECT name, statement FROM pg_prepared_statements`.execute(handle.db);
    expect(kept.rows).toEqual([{ name: expect.stringMatching(/^reorder_[0-9a-f]{20}$/), statement: query.compile().sql }]);
  });

  it('builds a preparedQuery once and answers each call with its own values, as the query built for them', async () => {
    let builds = 0;
    const byId = preparedQuery(['min', 'max'], (db, values: { min: number; max: number }) => {
      builds++;
      return db.selectFrom('users').select(['id', 'email']).where('id', '>=', values.min).where('id', '<=', values.max).orderBy('id');
    });
    const ids = [];
    for (const n of [1, 2, 3]) {
      ids.push(
        (
          await handle.db
            .insertInto('users')
            .values({
              username: `p${n}`,
              email: `p${n}@example.com`,
              password_hash: null,
              business_name: 'B',
              full_name: 'P',
              language: 'en',
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    }
    const [a, b, c] = ids as [number, number, number];
    const built = (min: number, max: number) =>
      handle.db.selectFrom('users').select(['id', 'email']).where('id', '>=', min).where('id', '<=', max).orderBy('id').execute();
    expect(await byId(handle.db, { min: a, max: b })).toEqual(await built(a, b));
    expect(await byId(handle.db, { min: b, max: c })).toEqual(await built(b, c));
    expect((await byId(handle.db, { min: c, max: a })).length).toBe(0);
    expect(builds).toBe(1);
  });

  it('refuses a preparedQuery whose values would not all be parameters', async () => {
    const unused = preparedQuery(['id', 'email'], (db, values: { id: number; email: string }) =>
      db.selectFrom('users').select('id').where('id', '=', values.id),
    );
    await expect(unused(handle.db, { id: 1, email: 'a@example.com' })).rejects.toThrow(/email not used as a parameter/);
    const computed = preparedQuery(['quantity'], (db, values: { quantity: number }) =>
      db.selectFrom('users').select('id').where('email', '=', values.quantity.toFixed(3)),
    );
    await expect(computed(handle.db, { quantity: 1 })).rejects.toThrow(TypeError);
  });

  it('refuses a * column list, which a migration would change under the statement', async () => {
    await expect(executePrepared(handle.db, handle.db.selectFrom('users').selectAll())).rejects.toThrow(/name its columns/);
    await expect(executePrepared(handle.db, handle.db.selectFrom('users').selectAll('users').select('id'))).rejects.toThrow(
      /name its columns/,
    );
  });
});
