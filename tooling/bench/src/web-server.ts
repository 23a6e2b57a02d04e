/**
 * The server the browser benchmarks (web-perf.ts, web-screens.ts) drive:
 * started in this process on an in-memory PGlite, serving `webDir`, with a
 * helper that calls its REST API and fails on anything but success; and
 * the one-frame click both measure their taps against.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger } from '@reorder/api';
import { loadConfig, startServer } from '@reorder/server';
import type { JsonBody } from '@reorder/testing';
import type { Page } from 'playwright-core';

export type BenchApi = (
  path: string,
  body?: unknown,
  token?: string,
  method?: string,
) => Promise<{ code: number; message: string; data: JsonBody }>;

/**
 * The built web app the browser benchmarks serve: BENCH_WEB_DIR (another build, e.g. main's, measured
 * in this one's place), else this checkout's. An empty BENCH_WEB_DIR counts as unset.
 */
export const WEB_DIR = process.env.BENCH_WEB_DIR || fileURLToPath(new URL('../../../services/web/dist', import.meta.url));

export async function startWebBenchServer(webDir: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reorder-webbench-'));
  const loaded = loadConfig({ PORT: '0', DATA_DIR: dataDir, JWT_SECRET: 'bench-secret-long-enough-for-hs256-signing!!' });
  if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
  const server = await startServer(loaded.config, { logger: createLogger({ quiet: true }), pgliteDir: 'memory://', webDir });
  const api: BenchApi = (p, body, token, method = body ? 'POST' : 'GET') =>
    fetch(`${server.url}/api${p}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    })
      .then((r) => r.json() as Promise<{ code: number; message: string; data: JsonBody }>)
      .then((answer) => {
        if (answer.code !== 1) throw new Error(`${method} ${p}: ${answer.message}`);
        return answer;
      });
  return {
    server,
    api,
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The baseline: a click whose handler changes one class, measured the same way (click to painted frame). */
export async function clickToFrame(page: Page) {
  return page.evaluate(() => {
    const el = document.body;
    return new Promise<number>((resolve) => {
      const start = performance.now();
      el.classList.toggle('bench-toggle');
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
    });
  });
}
