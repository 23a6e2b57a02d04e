import { cleanUp, createTestDatabase, startServerProcess, TEST_JWT_SECRET } from '@reorder/testing';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * docs/decisions.md §9.7, "The database misbehaving": two writers into one
 * business, from two real server processes on one PostgreSQL database, take
 * their locks in one order. A catalogue import (apply) through one process
 * and a bulk add through the other, into the same supplier at the same
 * moment, used to deadlock (40P01: one held the order and waited for the
 * business row, the other the reverse) and answer 500. Every round both
 * must answer 200 and both sets of products be there.
 */

const database = await createTestDatabase({ migrated: true });
afterAll(async () => {
  cleanUp();
  await database.drop();
});

const env = { DATABASE_URL: database.url as string, PUBLIC_URL: 'http://app.test', JWT_SECRET: TEST_JWT_SECRET, REMINDER_INTERVAL_MS: '0' };
const ROUNDS = 20;
const ROWS = 15;

describe.runIf(database.url)('an import beside a bulk add, from two processes', () => {
  it('never deadlocks into a 500, and keeps both writes', { timeout: 240_000 }, async () => {
    const [a, b] = await Promise.all([startServerProcess(env, 90_000), startServerProcess(env, 90_000)]);
    const owner = await a.api.register();
    const supplier = await a.api.createSupplier(owner.token, { name: 'Frutas Pepe' });
    // Products the import updates each round (a new price), so it writes existing rows as well as new ones.
    const seeded = await a.api.post(
      '/api/products/bulk',
      { orderId: supplier.orderId, products: Array.from({ length: ROWS }, (_, i) => ({ name: `Base ${i}`, unit: 'kg', price: 1 })) },
      owner.token,
    );
    expect(seeded.status).toBe(200);

    const statuses: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const csv = [
        'supplier,product,unit,price',
        ...Array.from({ length: ROWS }, (_, i) => `Frutas Pepe,Base ${i},kg,${round + 2}`),
        ...Array.from({ length: ROWS }, (_, i) => `Frutas Pepe,Import ${round}-${i},kg,1`),
      ].join('\n');
      const products = Array.from({ length: ROWS }, (_, i) => ({ name: `Bulk ${round}-${i}`, unit: 'ud', quantity: 1 }));
      const [imported, added] = await Promise.all([
        a.api.post('/api/catalogue/import', { csv, apply: true }, owner.token),
        b.api.post('/api/products/bulk', { orderId: supplier.orderId, products }, owner.token),
      ]);
      statuses.push(`${imported.status}/${added.status}`);
      expect(imported.status, `round ${round}, import: ${imported.text}`).toBe(200);
      expect(added.status, `round ${round}, bulk add: ${added.text}`).toBe(200);
    }
    expect(statuses).toEqual(Array.from({ length: ROUNDS }, () => '200/200'));

    const listed = await b.api.get(`/api/products?orderId=${supplier.orderId}&limit=1000`, owner.token);
    expect(listed.status).toBe(200);
    const byName = new Map<string, { price: number | null; quantity: number }>(
      listed.body.data.map((p: { name: string; price: number | null; quantity: number }) => [p.name, p]),
    );
    expect(byName.size).toBe(ROWS + 2 * ROWS * ROUNDS);
    for (let i = 0; i < ROWS; i++) expect(byName.get(`Base ${i}`)?.price).toBe(ROUNDS + 1);
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < ROWS; i++) {
        expect(byName.get(`Import ${round}-${i}`)).toBeDefined();
        expect(byName.get(`Bulk ${round}-${i}`)?.quantity).toBe(1);
      }
    }
  });
});
