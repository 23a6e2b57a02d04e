/**
 * Web app measurements (issue 3), in Debian's Chromium against the real
 * server and the built app (`npm run build` first):
 *   1. the JavaScript a first visit downloads, gzip as served, for the home
 *      page and for the order screen (everything fetched until the network is idle);
 *   2. the time from a click on a quantity's "+" to the updated order text on
 *      screen, for an order of 200 products: median and p95 over many clicks,
 *      as is and with the CPU slowed 4x (a cheap phone), next to a baseline
 *      from the same run (a click that only toggles a class, i.e. one frame).
 *
 *   pnpm --filter @reorder/bench bench:web      (BENCH_CLICKS=100)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger } from '@reorder/api';
import { loadConfig, startServer } from '@reorder/server';
import { type JsonBody, launchChromium } from '@reorder/testing';
import type { Page } from 'playwright-core';
import { BENCH_PASSWORD } from './accounts.ts';

const CLICKS = Number(process.env.BENCH_CLICKS ?? 100);
const PRODUCTS = 200;
const webDir = fileURLToPath(new URL('../../../services/web/dist', import.meta.url));

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
  return { median: at(0.5), p95: at(0.95) };
}

/** Bytes of JavaScript the page fetched, as sent (gzip) and unpacked. */
async function javascriptOf(page: Page, url: string) {
  const seen = new Map<string, { wire: number; raw: number }>();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (!/\.m?js(\?|$)/.test(response.url())) return;
    pending.push(
      (async () => {
        const body = await response.body();
        const sizes = await response.request().sizes();
        seen.set(response.url(), { wire: sizes.responseBodySize, raw: body.length });
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  const files = [...seen.values()];
  return { files: files.length, gzip: files.reduce((n, f) => n + f.wire, 0), raw: files.reduce((n, f) => n + f.raw, 0) };
}

/** Clicks a button and resolves once `selector`'s text has changed and a frame has been painted. */
async function clickToText(page: Page, buttonLabel: string) {
  return page.evaluate(async (label) => {
    const target = document.querySelector('[data-testid="order-text"]') as HTMLElement;
    const button = document.querySelector(`button[aria-label="${CSS.escape(label)}"]`) as HTMLButtonElement;
    const before = target.textContent;
    return new Promise<number>((resolve) => {
      const start = performance.now();
      const observer = new MutationObserver(() => {
        if (target.textContent === before) return;
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
      });
      observer.observe(target, { childList: true, characterData: true, subtree: true });
      button.click();
    });
  }, buttonLabel);
}

/** The baseline: a click whose handler changes one class, measured the same way (click to painted frame). */
async function clickToFrame(page: Page) {
  return page.evaluate(() => {
    const el = document.body;
    return new Promise<number>((resolve) => {
      const start = performance.now();
      el.classList.toggle('bench-toggle');
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
    });
  });
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reorder-webbench-'));
  const loaded = loadConfig({ PORT: '0', DATA_DIR: dataDir, JWT_SECRET: 'bench-secret-long-enough-for-hs256-signing!!' });
  if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
  const server = await startServer(loaded.config, { logger: createLogger({ quiet: true }), pgliteDir: 'memory://', webDir });
  const api = (p: string, body?: unknown, token?: string, method = body ? 'POST' : 'GET') =>
    fetch(`${server.url}/api${p}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    })
      .then((r) => r.json() as Promise<{ code: number; message: string; data: JsonBody }>)
      .then((body) => {
        if (body.code !== 1) throw new Error(`${method} ${p}: ${body.message}`);
        return body;
      });
  const browser = await launchChromium();
  try {
    const { data: session } = await api('/auth/register', {
      businessName: 'Bench',
      fullName: 'Bench Owner',
      email: 'bench@example.com',
      password: BENCH_PASSWORD,
    });
    const { data: supplier } = await api('/suppliers', { name: 'Mayorista Central', messageService: 'other' }, session.token);
    const names: string[] = [];
    for (let i = 0; i < PRODUCTS; i++) {
      const name = `Producto ${String(i + 1).padStart(3, '0')}`;
      names.push(name);
      await api('/products', { name, unit: 'Kg', orderId: supplier.orderId }, session.token);
    }

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    await context.addInitScript(
      ([token, user]) => {
        localStorage.setItem('token', token);
        localStorage.setItem('user', user);
        localStorage.setItem('language', 'en');
      },
      [session.token, JSON.stringify(session.user)] as const,
    );
    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const home = await javascriptOf(await visitor.newPage(), `${server.url}/`);
    const page = await context.newPage();
    const order = await javascriptOf(page, `${server.url}/orders/${supplier.id}`);
    await page.getByTestId('order-text').waitFor();

    const results: Record<string, { median: number; p95: number }> = {};
    for (const [label, rate] of [
      ['as is', 1],
      ['CPU slowed 4x', 4],
    ] as const) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      const clicks: number[] = [];
      const frames: number[] = [];
      for (let i = 0; i < CLICKS + 10; i++) {
        const name = names[(i * 37) % names.length] as string;
        const t = await clickToText(page, `One more ${name}`);
        const f = await clickToFrame(page);
        if (i >= 10) {
          clicks.push(t);
          frames.push(f);
        }
      }
      results[`quantity click -> order text painted (${label})`] = stats(clicks);
      results[`baseline: one-frame click (${label})`] = stats(frames);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    }

    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    console.log(`\nInitial JavaScript (first visit, all JS until the network is idle; gzip as served / unpacked):`);
    console.log(`| page | files | gzip | unpacked |\n|---|---:|---:|---:|`);
    console.log(`| home (/) | ${home.files} | ${kb(home.gzip)} | ${kb(home.raw)} |`);
    console.log(`| order screen (/orders/:id, ${PRODUCTS} products) | ${order.files} | ${kb(order.gzip)} | ${kb(order.raw)} |`);
    console.log(`\nClick to updated order text, ${CLICKS} clicks over ${PRODUCTS} products (390x844, headless Chromium):`);
    console.log(`| measurement | median ms | p95 ms |\n|---|---:|---:|`);
    for (const [name, s] of Object.entries(results)) console.log(`| ${name} | ${s.median.toFixed(1)} | ${s.p95.toFixed(1)} |`);
    await context.close();
    await visitor.close();
  } finally {
    await browser.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
