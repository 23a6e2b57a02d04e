import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from './connect.ts';
import { migrateTo, migrateToLatest } from './migrate.ts';

/**
 * Migration 2026_11_26_010000_businesses on a filled database: every account
 * becomes exactly one business it owns, under the same id, and every row keeps
 * its place (docs/decisions.md §8.2).
 */

let handle: DatabaseHandle;
const TABLES = ['users', 'suppliers', 'orders', 'products', 'order_quantities', 'sent_orders', 'api_tokens', 'sessions'] as const;
const count = async (table: string) =>
  Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(handle.db)).rows[0]?.n);

beforeAll(async () => {
  handle = await connectDatabase({ dataDir: 'memory://' });
  await migrateTo(handle.db, '2026_11_25_030000_confirmations');
  const db = handle.db;
  // Three owners, each with suppliers, products, quantities, a sent order, a token and a session.
  for (const [i, business] of ['Café Luna', 'Panadería Sol', 'Bar Ñandú'].entries()) {
    const { rows } = await sql<{ id: number }>`INSERT INTO users (username, email, password_hash, business_name, full_name, language)
      VALUES (${`owner${i}`}, ${`owner${i}@example.com`}, NULL, ${business}, ${`Owner ${i}`}, 'es') RETURNING id`.execute(db);
    const userId = rows[0]!.id;
    for (let s = 0; s < 2 + i; s++) {
      const supplier = (
        await sql<{
          id: number;
        }>`INSERT INTO suppliers (user_id, name, contact_name, message_service, contact_info, note, search_text, sort_key)
        VALUES (${userId}, ${`S${i}.${s}`}, '', 'other', '', '', 's', 's') RETURNING id`.execute(db)
      ).rows[0]!.id;
      const order = (
        await sql<{
          id: number;
        }>`INSERT INTO orders (user_id, supplier_id, introduce) VALUES (${userId}, ${supplier}, 'Hola') RETURNING id`.execute(db)
      ).rows[0]!.id;
      for (let p = 0; p < 3; p++) {
        const product = (
          await sql<{ id: number }>`INSERT INTO products (user_id, order_id, name, unit, search_text, sort_key)
          VALUES (${userId}, ${order}, ${`P${p}`}, 'Kg', 'p', 'p') RETURNING id`.execute(db)
        ).rows[0]!.id;
        await sql`INSERT INTO order_quantities (order_id, product_id, user_id, quantity) VALUES (${order}, ${product}, ${userId}, ${p + 1})`.execute(
          db,
        );
      }
      await sql`INSERT INTO sent_orders (user_id, order_id, supplier_id, channel, text, introduce, lines)
        VALUES (${userId}, ${order}, ${supplier}, 'other', 'Hola', 'Hola', '[]')`.execute(db);
    }
    await sql`INSERT INTO api_tokens (user_id, name, token_hash) VALUES (${userId}, 'Script', ${`hash${i}`})`.execute(db);
    await sql`INSERT INTO sessions (user_id, expires_at) VALUES (${userId}, now() + interval '1 day')`.execute(db);
  }
});
afterAll(() => handle?.close());

describe('the businesses migration', () => {
  it('keeps every row, and makes one business per account, owned by it, under its id and name', async () => {
    const before = Object.fromEntries(await Promise.all(TABLES.map(async (table) => [table, await count(table)] as const)));
    const owners = (await sql<{ id: number; business_name: string }>`SELECT id, business_name FROM users ORDER BY id`.execute(handle.db))
      .rows;
    const sample = (await sql<{ id: number; user_id: number }>`SELECT id, user_id FROM products ORDER BY id`.execute(handle.db)).rows;

    await migrateToLatest(handle.db);

    const after = Object.fromEntries(await Promise.all(TABLES.map(async (table) => [table, await count(table)] as const)));
    expect(after).toEqual(before);
    const businesses = (
      await sql<{ id: number; name: string; currency: string }>`SELECT id, name, currency FROM businesses ORDER BY id`.execute(handle.db)
    ).rows;
    expect(businesses).toEqual(owners.map((o) => ({ id: o.id, name: o.business_name, currency: 'EUR' })));
    const memberships = (
      await sql<{ business_id: number; user_id: number; role: string }>`
      SELECT business_id, user_id, role FROM memberships ORDER BY user_id`.execute(handle.db)
    ).rows;
    expect(memberships).toEqual(owners.map((o) => ({ business_id: o.id, user_id: o.id, role: 'owner' })));
    const products = (await sql<{ id: number; business_id: number }>`SELECT id, business_id FROM products ORDER BY id`.execute(handle.db))
      .rows;
    expect(products).toEqual(sample.map((p) => ({ id: p.id, business_id: p.user_id })));
    const tokens = (
      await sql<{ user_id: number; business_id: number }>`SELECT user_id, business_id FROM api_tokens ORDER BY id`.execute(handle.db)
    ).rows;
    expect(tokens.every((token) => token.business_id === token.user_id)).toBe(true);
    // A business made afterwards takes an id no account had.
    const next = (await sql<{ id: number }>`INSERT INTO businesses (name) VALUES ('Nuevo') RETURNING id`.execute(handle.db)).rows[0]!.id;
    expect(next).toBeGreaterThan(Math.max(...owners.map((o) => o.id)));
  });
});
