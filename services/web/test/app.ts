import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { normalizeSearchText } from '@reorder/schemas';
import { businessIdOf, launchChromium, type RegisteredUser, startTestServer, type TestServer } from '@reorder/testing';
import type { AxeResults } from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Recorded } from './recorded.ts';

/**
 * The built app (`vite build`); the browser tests drive it as served by the
 * real server. `WEB_DIST` points them at another build (an older commit's, to
 * see a new test fail there).
 */
export const WEB_DIST = process.env.WEB_DIST ?? path.resolve(import.meta.dirname, '../dist');
export const SCREENSHOTS = path.resolve(import.meta.dirname, '../../../test-results/screenshots');

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export interface AppUnderTest {
  t: TestServer;
  browser: Browser;
  close(): Promise<void>;
}

/** The real server with the built web app on a fresh database, and a headless Chromium. */
export async function startApp(env: Record<string, string> = {}): Promise<AppUnderTest> {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error(`Build the web app first: ${WEB_DIST} has no index.html`);
  mkdirSync(SCREENSHOTS, { recursive: true });
  const [t, browser] = await Promise.all([startTestServer({ webDir: WEB_DIST, env }), sharedChromium()]);
  return {
    t,
    browser,
    async close() {
      // The next file of this worker gets the browser as a new one would be: no context left open.
      await Promise.all(browser.contexts().map((context) => context.close()));
      await t.close();
    },
  };
}

let chromium: Promise<Browser> | undefined;
/**
 * One Chromium per test worker, shared by the files it runs one after the
 * other (vitest's `isolate: false`): each file still gets fresh contexts,
 * with nothing of another file's, and Playwright ends the browser with the
 * worker. A launch costs over a second of CPU; 18 files launched one each.
 */
function sharedChromium(): Promise<Browser> {
  chromium ??= launchChromium().then((browser) => {
    browser.on('disconnected', () => {
      chromium = undefined;
    });
    return browser;
  });
  return chromium;
}

/**
 * The app under test for the file that calls it: started before its tests,
 * closed after them. Read it inside tests and hooks (`app.t`, `app.browser`).
 */
export function useApp(env: Record<string, string> = {}): AppUnderTest {
  let started: AppUnderTest | undefined;
  beforeAll(async () => {
    started = await startApp(env);
  });
  afterAll(() => started?.close());
  const running = () => {
    if (!started) throw new Error('The app starts in beforeAll: use it inside a test or a hook');
    return started;
  };
  return {
    get t() {
      return running().t;
    },
    get browser() {
      return running().browser;
    },
    close: () => running().close(),
  };
}

export interface PageOptions {
  viewport?: { width: number; height: number };
  language?: 'en' | 'es';
  /** Signed in as this user (token and user in localStorage, as the app keeps them). */
  user?: RegisteredUser;
  /**
   * The app's service worker (offline copy, push): off unless a test is about
   * it, so that `page.route` sees every request of the others (a worker
   * serving the app's files from its cache would answer before the route).
   */
  serviceWorkers?: 'allow' | 'block';
}

/**
 * A fresh browser context (its own localStorage) with clipboard access, and a
 * page in it; `errors` collects uncaught errors and CSP violations.
 */
export async function openPage(
  app: AppUnderTest,
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await app.browser.newContext({
    viewport: options.viewport ?? PHONE,
    baseURL: app.t.url,
    locale: options.language === 'es' ? 'es-ES' : 'en-US',
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.t.url });
  const init = {
    language: options.language ?? null,
    token: options.user?.token ?? null,
    user: options.user ? JSON.stringify(options.user.user) : null,
  };
  await context.addInitScript((values) => {
    // Only on the first page load: later reloads must see what the app itself stored.
    if (sessionStorage.getItem('test-init')) return;
    sessionStorage.setItem('test-init', '1');
    if (values.language) localStorage.setItem('language', values.language);
    if (values.token && values.user) {
      localStorage.setItem('token', values.token);
      localStorage.setItem('user', values.user);
    }
  }, init);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // Whatever the Content-Security-Policy blocks is an error of the page too.
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) errors.push(message.text());
  });
  return { context, page, errors };
}

/**
 * Counts the page's requests still in flight, from now on: `settled` waits
 * until none is, without `networkidle`'s half second of quiet per screen.
 */
export function trackRequests(page: Page) {
  const pending = new Set<unknown>();
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  return {
    /** Resolves once no request has been in flight for two looks 50 ms apart (what a screen loads after its first paint too). */
    async settled() {
      let quiet = 0;
      await expect
        .poll(
          async () => {
            quiet = pending.size === 0 ? quiet + 1 : 0;
            if (quiet < 2) await new Promise((resolve) => setTimeout(resolve, 50));
            return quiet >= 2;
          },
          { timeout: 10_000, interval: 0 },
        )
        .toBe(true);
    },
  };
}

/** Waits, up to 10 s, until `text` is on screen (`exact`: the whole text of an element). */
export function expectVisible(page: Page, text: string | RegExp, options: { exact?: boolean } = {}) {
  return expect.poll(() => page.getByText(text, options).first().isVisible(), { timeout: 10_000 }).toBe(true);
}

/**
 * Does `act` and waits, up to 10 s, for a toast reading `text`. A toast stays
 * 3 s (docs/product.md §9): the wait is set before the act and Playwright
 * watches for the text in the page itself, so a loaded machine, whose polls
 * from here can take longer than that, does not miss it.
 */
export async function expectToast(page: Page, text: string | RegExp, act: () => Promise<unknown>) {
  const shown = page.getByText(text).first().waitFor({ state: 'visible', timeout: 10_000 });
  await act();
  await shown;
}

/** axe-core's script, read once; put into a page before its first check after each load. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Asserts that axe finds no serious or critical accessibility violation on
 * the page as it is now (WCAG 2.1 A and AA rules). axe runs in the page
 * itself: @axe-core/playwright's builder opened a blank page for each check
 * to merge frames' results, 1.3 s a check where this takes 0.1 s, and the
 * app has no frames to merge.
 */
export async function expectAccessible(page: Page, label: string) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // What the owner reads is the page at rest: a toast fading in (0.2 s) has half its contrast.
  // Endless animations (a spinner) have no end to wait for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const violations = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe
        .run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
        .then((results) => results.violations),
    AXE_TAGS,
  );
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    `axe on ${label}`,
  ).toEqual([]);
}

/**
 * Whether the browser tests save their screenshots: always on a developer's
 * machine, never in CI unless `SCREENSHOTS=1` (nobody opens a throwaway
 * clone's; its 325 screenshots were some 80 s of the browser suite's time:
 * docs/performance.md, "The test run").
 */
export const SAVE_SCREENSHOTS = process.env.SCREENSHOTS ? process.env.SCREENSHOTS !== '0' : !process.env.CI;

/** Saves a screenshot under test-results/screenshots: the whole page, or what is in view (`view`). */
export async function screenshot(page: Page, name: string, options: { view?: boolean } = {}) {
  if (!SAVE_SCREENSHOTS) return;
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: !options.view });
}

/**
 * Records window.open and the share sheet instead of leaving the page (the
 * supplier's app, a call): read them back with `opened` and `__shared`.
 */
export async function recordExits(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as Recorded;
    w.__opened = [];
    window.open = ((url: string, target: string) => {
      w.__opened.push({ url: String(url), target });
      return null;
    }) as typeof window.open;
    navigator.share = async (data: unknown) => {
      w.__shared = data;
    };
  });
}

/** What the page handed to window.open so far. */
export const opened = (page: Page) => page.evaluate(() => (window as Recorded).__opened as { url: string; target: string }[]);

/**
 * Products put straight into a supplier's order with SQL (the API limits how
 * fast products are made): `Producto 01`…, numbered with `digits` digits, and
 * whatever else `extra` gives row `i` (a unit, a par, a price). Their ids, in order.
 */
export async function seedProducts(
  app: AppUnderTest,
  user: RegisteredUser,
  orderId: number,
  count: number,
  { digits, extra }: { digits: number; extra?: (i: number) => { unit?: string; par?: string; price?: string | null } },
): Promise<number[]> {
  const db = app.t.server.deps.db;
  const businessId = await businessIdOf(db, user.user.id);
  const rows = Array.from({ length: count }, (_, i) => {
    const name = `Producto ${String(i + 1).padStart(digits, '0')}`;
    const normal = normalizeSearchText(name);
    return { business_id: businessId, order_id: orderId, name, unit: 'Kg', search_text: normal, sort_key: normal, ...extra?.(i) };
  });
  const inserted = await db.insertInto('products').values(rows).returning('id').execute();
  return inserted.map((row) => row.id);
}

/** What the app keeps for offline use in this browser for `userId` (react-query's copy in IndexedDB, as JSON), or '' when nothing. */
export function offlineCopy(page: Page, userId: number): Promise<string> {
  return page.evaluate(
    (key) =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('reorder');
        open.onerror = () => resolve('');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('data')) return resolve('');
          const get = db.transaction('data').objectStore('data').get(key);
          get.onsuccess = () => resolve(get.result === undefined ? '' : JSON.stringify(get.result));
          get.onerror = () => resolve('');
        };
      }),
    `query-cache:${userId}`,
  );
}

/** Waits until the service worker controls the page and the app has kept the check-in's sent order for offline use. */
export async function keptForOffline(page: Page, user: RegisteredUser) {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 60_000 });
  await expect.poll(() => offlineCopy(page, user.user.id), { timeout: 20_000 }).toContain('[["orders","sent"]');
}
