import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { cleanUp, createTestDatabase, startTestServer, tempDir } from '@reorder/testing';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The backup and restore of docs/operations.md on PostgreSQL (docs/decisions.md §7), run exactly
 * as written there: pg_dump while the server runs, pg_restore into an empty
 * database, a server on it finds everything.
 */
const recipes = readFileSync(path.resolve(import.meta.dirname, '../../../docs/operations.md'), 'utf8');
const DUMP = 'pg_dump --format=custom --no-owner --no-acl --file=reorder.dump "$DATABASE_URL"';
const RESTORE = 'pg_restore --no-owner --no-acl --exit-on-error --dbname="$DATABASE_URL" reorder.dump';

afterAll(cleanUp);

const sh = (command: string, cwd: string, databaseUrl: string) =>
  execFileSync('sh', ['-c', command], { cwd, env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl }, encoding: 'utf8' });

describe('backing up and restoring PostgreSQL', () => {
  it('are the commands of docs/operations.md', () => {
    expect(recipes).toContain(DUMP);
    expect(recipes).toContain(RESTORE);
  });

  it('dumps a running server and restores into an empty database, data and sessions included', async () => {
    const source = await startTestServer();
    const target = await createTestDatabase();
    const work = tempDir('reorder-pg-backup-');
    try {
      const user = await source.api.register();
      const supplier = await source.api.createSupplier(user.token, { name: 'Lácteos Vega' });
      const product = await source.api.createProduct(user.token, supplier.orderId, 'Leche', 'l');
      await source.api.put('/api/products/quantity', { productId: product.id, orderId: supplier.orderId, quantity: 6 }, user.token);

      sh(DUMP, work, source.config.databaseUrl!);
      expect(statSync(path.join(work, 'reorder.dump')).size).toBeGreaterThan(0);
      sh(RESTORE, work, target.url!);

      const restored = await startTestServer({ databaseUrl: target.url! });
      try {
        expect((await restored.api.get('/api/users/me', user.token)).body.data.email).toBe(user.email);
        const suppliers = await restored.api.get('/api/suppliers', user.token);
        expect(suppliers.body.data.map((s: { name: string }) => s.name)).toEqual(['Lácteos Vega']);
        const products = await restored.api.get(`/api/products?orderId=${supplier.orderId}`, user.token);
        expect(products.body.data.map((p: { name: string; quantity: number }) => [p.name, p.quantity])).toEqual([['Leche', 6]]);
        // New rows continue after the restored ones: the sequences came along.
        const next = await restored.api.createSupplier(user.token, { name: 'Huevos Paz' });
        expect(next.id).toBeGreaterThan(supplier.id);
      } finally {
        await restored.close();
      }
    } finally {
      await source.close();
      await target.drop();
    }
  }, 120_000);
});
