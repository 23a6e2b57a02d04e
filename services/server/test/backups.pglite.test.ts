import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { cleanUp, exitWithin, type JsonBody, startServerProcess, tempDir } from '@reorder/testing';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The backup and restore of docs/operations.md of the embedded database (docs/decisions.md §7),
 * run exactly as written there: stop the server, archive DATA_DIR, unpack it
 * into an empty folder, start a server on it, and find everything, sessions
 * included.
 */
const repo = path.resolve(import.meta.dirname, '../../..');
const recipes = readFileSync(path.join(repo, 'docs/operations.md'), 'utf8');
const BACKUP = 'tar -czf reorder-backup.tar.gz -C "$DATA_DIR" .';
const RESTORE = 'mkdir -p "$DATA_DIR" && tar -xzf reorder-backup.tar.gz -C "$DATA_DIR"';

afterAll(cleanUp);

/** Runs a line of docs/operations.md in `cwd` through the shell, with DATA_DIR set as an operator would. */
const sh = (command: string, cwd: string, dataDir: string) =>
  execFileSync('sh', ['-c', command], { cwd, env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir }, encoding: 'utf8' });

const startServer = (dataDir: string) => startServerProcess({ DATA_DIR: dataDir });

async function call(base: string, method: string, apiPath: string, token?: string, body?: unknown) {
  const response = await fetch(`${base}/api${apiPath}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data: JsonBody } };
}

describe('backing up and restoring the embedded database', () => {
  it('are the commands of docs/operations.md', () => {
    expect(recipes).toContain(BACKUP);
    expect(recipes).toContain(RESTORE);
  });

  it('brings back every account, supplier, product and session in a new folder', async () => {
    const original = path.join(tempDir('reorder-backup-a-'), 'data');
    const work = tempDir('reorder-backup-work-');
    const restored = path.join(tempDir('reorder-backup-b-'), 'data');

    const first = await startServer(original);
    const registered = await call(first.base, 'POST', '/auth/register', undefined, {
      businessName: 'Horno Sol',
      fullName: 'Ana Ruiz',
      email: 'backup@example.com',
      password: 'correct horse battery',
    });
    expect(registered.status).toBe(200);
    const token = registered.body.data.token as string;
    const supplier = await call(first.base, 'POST', '/suppliers', token, {
      name: 'Harinas Norte',
      contactName: 'Luis',
      messageService: 'email',
      contactInfo: 'luis@example.com',
      note: '',
    });
    const product = await call(first.base, 'POST', '/products', token, { orderId: supplier.body.data.orderId, name: 'Harina', unit: 'kg' });
    const quantity = await call(first.base, 'PUT', '/products/quantity', token, {
      productId: product.body.data.id,
      orderId: supplier.body.data.orderId,
      quantity: 12,
    });
    expect(quantity.status).toBe(200);
    first.running.child.kill('SIGTERM');
    expect((await exitWithin(first.running, 15_000)).code).toBe(0);

    sh(BACKUP, work, original);
    expect(statSync(path.join(work, 'reorder-backup.tar.gz')).size).toBeGreaterThan(0);
    sh(RESTORE, work, restored);

    const second = await startServer(restored);
    try {
      // The signing key came along: the session from before the backup still works.
      expect((await call(second.base, 'GET', '/users/me', token)).body.data.email).toBe('backup@example.com');
      const suppliers = await call(second.base, 'GET', '/suppliers', token);
      expect(suppliers.body.data.map((s: { name: string }) => s.name)).toEqual(['Harinas Norte']);
      const products = await call(second.base, 'GET', `/products?orderId=${supplier.body.data.orderId}`, token);
      expect(products.body.data.map((p: { name: string; quantity: number }) => [p.name, p.quantity])).toEqual([['Harina', 12]]);
      const login = await call(second.base, 'POST', '/auth/login', undefined, {
        email: 'backup@example.com',
        password: 'correct horse battery',
      });
      expect(login.status).toBe(200);
      // The restored folder is the server's alone again.
      expect(statSync(restored).mode & 0o777).toBe(0o700);
      expect(existsSync(path.join(restored, 'jwt-secret'))).toBe(true);
    } finally {
      second.running.child.kill('SIGTERM');
      await exitWithin(second.running, 15_000);
    }
  }, 180_000);
});
