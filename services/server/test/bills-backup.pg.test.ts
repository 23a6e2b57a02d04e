import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanUp, createTestDatabase, startTestServer, tempDir } from '@reorder/testing';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * A bill's photo or PDF is kept in the database (docs/decisions.md §9.6), so
 * the backup of docs/operations.md holds it: pg_dump of a running server,
 * pg_restore into an empty database, and the restored server answers the
 * same bytes.
 */
const recipes = readFileSync(path.resolve(import.meta.dirname, '../../../docs/operations.md'), 'utf8');
const DUMP = 'pg_dump --format=custom --no-owner --no-acl --file=reorder.dump "$DATABASE_URL"';
const RESTORE = 'pg_restore --no-owner --no-acl --exit-on-error --dbname="$DATABASE_URL" reorder.dump';

afterAll(cleanUp);

const sh = (command: string, cwd: string, databaseUrl: string) =>
  execFileSync('sh', ['-c', command], { cwd, env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl }, encoding: 'utf8' });

/** A JPEG's first bytes, then bytes of every value: a file a text round trip would damage. */
const PHOTO = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, ...Array.from({ length: 4096 }, (_, i) => i % 256)]);

describe("a bill's file through a backup", () => {
  it('is in the dump, and the restored server answers it byte for byte', async () => {
    expect(recipes).toContain(DUMP);
    expect(recipes).toContain(RESTORE);
    const source = await startTestServer();
    const target = await createTestDatabase();
    const work = tempDir('reorder-bills-backup-');
    try {
      const user = await source.api.register();
      const supplier = await source.api.createSupplier(user.token, { name: 'Lácteos Vega', taxId: 'B12345678' });
      const bill = await source.api.post(
        '/api/bills',
        {
          supplierId: supplier.id,
          number: 'LV-9',
          issuedOn: '2026-11-28',
          lines: [{ description: 'Leche', quantity: 6, unitPrice: 0.95, taxRate: 4 }],
        },
        user.token,
      );
      expect(bill.status, bill.text).toBe(200);
      const upload = await fetch(`${source.url}/api/bills/${bill.body.data.id}/file`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'image/jpeg' },
        body: PHOTO,
      });
      expect(upload.status).toBe(200);

      sh(DUMP, work, source.config.databaseUrl!);
      sh(RESTORE, work, target.url!);

      const restored = await startTestServer({ databaseUrl: target.url! });
      try {
        const again = await restored.api.get(`/api/bills/${bill.body.data.id}`, user.token);
        expect(again.body.data).toEqual({ ...bill.body.data, file: again.body.data.file });
        expect(again.body.data.file).toMatchObject({ contentType: 'image/jpeg', size: PHOTO.length });
        const file = await fetch(`${restored.url}/api/bills/${bill.body.data.id}/file`, {
          headers: { authorization: `Bearer ${user.token}` },
        });
        expect(file.status).toBe(200);
        expect(Buffer.from(await file.arrayBuffer())).toEqual(PHOTO);
      } finally {
        await restored.close();
      }
    } finally {
      await source.close();
      await target.drop();
    }
  }, 120_000);
});
