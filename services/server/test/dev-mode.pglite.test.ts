import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@reorder/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 13: `npm run dev` serves the web app through Vite (hot reload) and the
 * API through the server in watch mode, on one URL: Vite forwards /api to the
 * server's real port.
 */
const repo = path.resolve(import.meta.dirname, '../../..');
let child: ChildProcess;
let base: string;
let dataDir: string;
let output = '';

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${ms} ms\n${output.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  const port = await freePort();
  const apiPort = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'reorder-dev-'));
  child = spawn(process.execPath, ['tooling/scripts/run.mjs', 'dev'], {
    cwd: repo,
    env: {
      ...process.env,
      PORT: String(port),
      API_PORT: String(apiPort),
      DATA_DIR: dataDir,
      JWT_SECRET: 'a-dev-mode-test-secret-long-enough-for-hs256',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  await until(
    'the API answering through Vite',
    async () => ((await fetch(`${base}/api/ping`, { method: 'HEAD' })).status === 200 ? true : undefined),
    120_000,
  );
}, 150_000);

afterAll(async () => {
  if (child?.pid && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // Ctrl-C, as a developer stops it: both the server and Vite go.
    process.kill(-child.pid, 'SIGINT');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

describe('npm run dev', () => {
  it('serves the web app from Vite, with its hot-reload client', async () => {
    const html = await (await fetch(`${base}/orders`)).text();
    expect(html).toContain('/@vite/client');
    expect(html).toContain('/src/main.tsx');
    const hmr = await fetch(`${base}/@vite/client`);
    expect(hmr.status).toBe(200);
    expect(await hmr.text()).toMatch(/hot|hmr/i);
    // The app's own source, served as modules Vite transforms.
    const main = await fetch(`${base}/src/main.tsx`);
    expect(main.status).toBe(200);
    expect(await main.text()).toMatch(/import/);
  });

  it('forwards /api to the server on its own port, on the same URL', async () => {
    const config = await fetch(`${base}/api/config`);
    expect(config.status).toBe(200);
    expect(await config.json()).toMatchObject({ code: 1, data: { google: null, facebook: null } });
    const register = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ businessName: 'Dev Café', fullName: 'Dev Owner', email: 'dev@example.com', password: 'a long dev password' }),
    });
    expect(register.status).toBe(200);
  });
});
