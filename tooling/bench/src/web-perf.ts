/**
 * Web app measurements, in Debian's Chromium against the real server and the
 * built app (`npm run build` first):
 *   1. the JavaScript a first visit downloads (as served to Chromium, and as
 *      the server sends it to a browser that takes only gzip) for the home
 *      page, the order screen and the supplier's confirmation page (everything
 *      fetched until the network is idle), file by file with BENCH_JS_FILES=1
 *      (and nothing else with BENCH_JS_ONLY=1);
 *   1b. the order screen on a 390x844 phone, with 30 and with 200 products:
 *      where the first quantity field starts, where Send is, and how far the
 *      owner scrolls to reach it; and the taps of the weekly re-order (open
 *      the app, open the supplier, Re-order, Send), counted by doing them;
 *   1c. the order screen's first render at 200 and at 1,000 products (the
 *      most a supplier may have; seeded with SQL): from navigation to the
 *      first rows painted, median of 5, as is and with the CPU slowed 4x;
 *   2. the time from a click on a quantity's "+" to the updated order text on
 *      screen, for an order of 1,000 products and one of 30 (the ratio of the
 *      two medians is printed): median and p95 over many clicks,
 *      as is and with the CPU slowed 4x (a cheap phone), next to a baseline
 *      from the same run (a click that only toggles a class, i.e. one frame);
 *   3. Lighthouse (its npm package, fetched by npx at the pinned version
 *      rather than installed: it brings 160 packages the workspace never
 *      uses; mobile, default throttling) on the home and login pages: the
 *      four category scores and the paint metrics, the median of
 *      BENCH_LIGHTHOUSE_RUNS runs (3).
 *
 *   pnpm --filter @reorder/bench bench:web      (BENCH_CLICKS=100, CHROMIUM_PATH=/usr/bin/chromium)
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchChromium, rawRequest } from '@reorder/testing';
import type { Page, Response } from 'playwright-core';
import { BENCH_PASSWORD } from './accounts.ts';
import { runLighthouse } from './lighthouse.ts';
import { stats } from './stats.ts';
import { clickToFrame, startWebBenchServer, WEB_DIR } from './web-server.ts';

const CLICKS = Number(process.env.BENCH_CLICKS ?? 100);
/** BENCH_JS_ONLY=1 stops after the initial JavaScript (part 1): a quick check while cutting bytes. */
const JS_ONLY = process.env.BENCH_JS_ONLY === '1';
const PRODUCTS = 200;
/** The most products a supplier may have (LIMITS.productsPerOrder): the clicks and a first render run there. */
const MANY = 1000;
/** The weekly supplier's products: the small order a tap at 1,000 products is compared with. */
const SMALL = 30;

type Javascript = Awaited<ReturnType<typeof javascriptOf>>;

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function printJavascript(rows: [string, Javascript][]) {
  const encodings = [...new Set(rows.flatMap(([, js]) => js.encodings.split(', ')))].sort().join(', ');
  console.log(`\nInitial JavaScript (first visit, all JS until the network is idle):`);
  console.log(`| page | files | as served to Chromium (${encodings}) | gzip | unpacked |\n|---|---:|---:|---:|---:|`);
  for (const [page, js] of rows) console.log(`| ${page} | ${js.files} | ${kb(js.served)} | ${kb(js.gzip)} | ${kb(js.raw)} |`);
}

/**
 * JavaScript the page fetched: bytes as sent to Chromium (which takes brotli), as the server sends
 * them to a browser that takes only gzip (asked again for each file), and unpacked.
 */
async function javascriptOf(page: Page, url: string) {
  const seen = new Map<string, { served: number; encoding: string; raw: number }>();
  const pending: Promise<void>[] = [];
  const onResponse = (response: Response) => {
    if (!/\.m?js(\?|$)/.test(response.url())) return;
    pending.push(
      (async () => {
        const body = await response.body();
        const sizes = await response.request().sizes();
        const encoding = (await response.headerValue('content-encoding')) ?? 'identity';
        seen.set(response.url(), { served: sizes.responseBodySize, encoding, raw: body.length });
      })(),
    );
  };
  page.on('response', onResponse);
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  // Later visits on the page (the other measurements) are not this one's first load.
  page.off('response', onResponse);
  const files = await Promise.all(
    [...seen].map(async ([file, size]) => ({ file, ...size, gzip: (await rawRequest(file, { 'accept-encoding': 'gzip' })).body.length })),
  );
  if (process.env.BENCH_JS_FILES) {
    for (const f of files.sort((a, b) => b.gzip - a.gzip)) {
      console.log(`  ${url} ${new URL(f.file).pathname} ${kb(f.served)} ${f.encoding}, ${kb(f.gzip)} gzip`);
    }
  }
  const sum = (key: 'served' | 'gzip' | 'raw') => files.reduce((n, f) => n + f[key], 0);
  const encodings = [...new Set(files.map((f) => f.encoding))].sort().join(', ');
  return { files: files.length, served: sum('served'), encodings, gzip: sum('gzip'), raw: sum('raw') };
}

/**
 * Where the order screen puts things on a phone: the first quantity field's top,
 * Send's top (both from the top of the page), the viewport height, and the
 * scroll needed to bring Send fully into view, at the top of the list and
 * after scrolling to its end.
 */
async function layoutOf(page: Page, url: string, send: string) {
  await page.goto(url);
  await page.locator('input[id^="quantity-"]').first().waitFor();
  // The screen as it settles: the header's last-sent and confirmation lines come with the history, after the list.
  await page.waitForLoadState('networkidle');
  const at = () =>
    page.evaluate((label) => {
      const field = document.querySelector('input[id^="quantity-"]') as HTMLElement;
      // By its accessible name: the Send button holds a long and a short label (features/orders/SendBar.tsx).
      const button = [...document.querySelectorAll('button')].find(
        (b) => (b.getAttribute('aria-label') ?? b.textContent?.trim()) === label,
      ) as HTMLElement;
      const f = field.getBoundingClientRect();
      const b = button.getBoundingClientRect();
      const below = Math.max(0, b.bottom - window.innerHeight);
      const above = Math.max(0, -b.top);
      return {
        fieldTop: Math.round(f.top + window.scrollY),
        sendTop: Math.round(b.top + window.scrollY),
        viewport: window.innerHeight,
        page: document.documentElement.scrollHeight,
        scrollToSend: Math.round(below + above),
      };
    }, send);
  const top = await at();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(100);
  const end = await at();
  return { ...top, scrollToSendAtEnd: end.scrollToSend };
}

/**
 * The weekly re-order as an owner on a phone does it, counting taps: the app
 * opens on home, then "Go to my orders", the supplier, Re-order, Send. Resolves
 * with the taps and the text handed to the messaging service.
 */
async function reorderTaps(page: Page, baseUrl: string, supplierName: string) {
  let taps = 0;
  const tap = async (locator: ReturnType<Page['getByRole']>) => {
    await locator.click();
    taps++;
  };
  await page.goto(`${baseUrl}/`);
  await page.evaluate(() => {
    const opened: string[] = [];
    (window as unknown as { opened: string[] }).opened = opened;
    window.open = (url?: string | URL) => {
      opened.push(String(url));
      return null;
    };
  });
  await tap(page.getByRole('link', { name: 'Go to my orders' }));
  // The supplier's row (its link's name starts with it; "The order has arrived: <supplier>" is another link).
  await tap(page.getByRole('link', { name: new RegExp(`^${supplierName}`) }));
  await tap(page.getByRole('button', { name: /^Re-order / }));
  await page.getByRole('button', { name: 'Send via WhatsApp' }).and(page.locator(':enabled')).waitFor();
  await tap(page.getByRole('button', { name: 'Send via WhatsApp' }));
  await page.waitForFunction(() => (window as unknown as { opened: string[] }).opened.length > 0);
  const opened = await page.evaluate(() => (window as unknown as { opened: string[] }).opened[0] as string);
  return { taps, opened };
}

/** Runs `measure` with the page's CPU as is, then slowed 4x (a mid-range phone), and puts it back. */
async function atEachCpuRate(page: Page, measure: (label: string) => Promise<void>) {
  const cdp = await page.context().newCDPSession(page);
  for (const [label, rate] of [
    ['as is', 1],
    ['CPU slowed 4x', 4],
  ] as const) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await measure(label);
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
}

/**
 * The order screen's first render: from the start of a navigation inside the
 * app (the data already fetched once) to the first product rows painted.
 */
async function firstRender(page: Page, supplierId: number) {
  return page.evaluate(async (id) => {
    const start = performance.now();
    history.pushState(null, '', `/orders/${id}`);
    dispatchEvent(new PopStateEvent('popstate'));
    // A plain loop: tsx names inner functions with a helper the page does not have.
    while (!document.querySelector('.order-line')) await new Promise((resolve) => requestAnimationFrame(resolve));
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return performance.now() - start;
  }, supplierId);
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

/**
 * BENCH_CLICK_PROFILE=<file> records the page's CPU profile (Chromium's sampling profiler, through CDP)
 * over the clicks at each CPU rate, written beside it as `<file>-as-is.cpuprofile` and
 * `<file>-CPU-slowed-4x.cpuprofile`: where a click's time goes, to open in DevTools' Performance panel.
 */
const CLICK_PROFILE = process.env.BENCH_CLICK_PROFILE ?? '';

async function startProfile(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  return {
    async stop() {
      const { profile } = await cdp.send('Profiler.stop');
      await cdp.detach();
      return profile;
    },
  };
}

const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'] as const;

/** Lighthouse's scores and metrics for each page: the run with the median performance score of several. */
async function lighthouseOf(urls: string[]) {
  const outDir = mkdtempSync(path.join(tmpdir(), 'reorder-lighthouse-'));
  try {
    const results: Record<string, { scores: Record<string, number>; metrics: Record<string, string>; benchmarkIndex: number }> = {};
    for (const url of urls) {
      const runs = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
        const { categories, audits, environment } = await runLighthouse(url, outDir, CATEGORIES);
        runs.push({
          benchmarkIndex: Math.round(environment.benchmarkIndex),
          scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)])),
          metrics: Object.fromEntries(METRICS.map((m) => [m, audits[m]?.displayValue ?? '?'])),
          failed: Object.values(audits)
            .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual')
            .map((a) => a.id),
        });
      }
      runs.sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
      const median = runs[Math.floor(runs.length / 2)]!;
      if (process.env.BENCH_LIGHTHOUSE_AUDITS) console.log(`  ${url}: audits below 1: ${median.failed.join(', ') || 'none'}`);
      results[new URL(url).pathname] = median;
    }
    return results;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

async function main() {
  const { server, api, close } = await startWebBenchServer(WEB_DIR);
  const browser = await launchChromium();
  try {
    const { data: session } = await api('/auth/register', {
      businessName: 'Bench',
      fullName: 'Bench Owner',
      email: 'bench@example.com',
      password: BENCH_PASSWORD,
    });
    const { data: supplier } = await api('/suppliers', { name: 'Mayorista Central', messageService: 'other' }, session.token);
    for (let i = 0; i < PRODUCTS; i++) {
      const name = `Producto ${String(i + 1).padStart(3, '0')}`;
      await api('/products', { name, unit: 'Kg', orderId: supplier.orderId }, session.token);
    }

    // The weekly supplier: 30 products, 5 in last week's order, sent, then cleared.
    const { data: weekly } = await api(
      '/suppliers',
      { name: 'Frutas Pepe', messageService: 'whatsapp', contactInfo: '+34 600 000 001' },
      session.token,
    );
    for (let i = 0; i < SMALL; i++) {
      const { data: product } = await api('/products', { name: `Fruta ${i + 1}`, unit: 'Kg', orderId: weekly.orderId }, session.token);
      if (i < 5) await api('/products/quantity', { productId: product.id, orderId: weekly.orderId, quantity: i + 1 }, session.token, 'PUT');
    }
    const { data: lastWeek } = await api(`/orders/${weekly.orderId}/send`, {}, session.token);
    await api('/products/clear', { orderId: weekly.orderId }, session.token);

    // The largest catalogue: 1,000 products, seeded with SQL (the API limits the rate of creation).
    const { data: big } = await api('/suppliers', { name: 'Catálogo Completo', messageService: 'other' }, session.token);
    {
      const db = server.deps.db;
      const { business_id } = await db.selectFrom('orders').select('business_id').where('id', '=', big.orderId).executeTakeFirstOrThrow();
      const rows = Array.from({ length: MANY }, (_, i) => {
        const name = `Artículo ${String(i + 1).padStart(4, '0')}`;
        const normal = name
          .normalize('NFD')
          .replace(/\p{Diacritic}/gu, '')
          .toLowerCase();
        return { business_id, order_id: big.orderId, name, unit: 'Kg', search_text: normal, sort_key: normal };
      });
      await db.insertInto('products').values(rows).execute();
    }

    /** A browser of the owner's, signed in, with nothing cached yet. */
    const signedIn = async () => {
      const owner = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
      await owner.addInitScript(
        ([token, user]) => {
          localStorage.setItem('token', token);
          localStorage.setItem('user', user);
          localStorage.setItem('language', 'en');
        },
        [session.token, JSON.stringify(session.user)] as const,
      );
      return owner;
    };
    const context = await signedIn();
    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const home = await javascriptOf(await visitor.newPage(), `${server.url}/`);
    // The supplier's confirmation page, as the link at the end of last week's text opens it (no session).
    // The supplier opens the link in a browser of their own: nothing of the owner's visit is cached there.
    const supplierBrowser = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const confirmPage = await javascriptOf(await supplierBrowser.newPage(), `${server.url}${new URL(lastWeek.confirmUrl).pathname}`);
    await supplierBrowser.close();
    // Sign-in and the orders list, each on a first visit of its own (the first with no session).
    const signIn = await javascriptOf(
      await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage(),
      `${server.url}/login`,
    );
    const listContext = await signedIn();
    const list = await javascriptOf(await listContext.newPage(), `${server.url}/orders`);
    await listContext.close();
    const page = await context.newPage();
    const order = await javascriptOf(page, `${server.url}/orders/${supplier.id}`);
    await page.getByTestId('order-text').waitFor();
    const javascript: [string, Javascript][] = [
      ['home (/)', home],
      [`order screen (/orders/:id, ${PRODUCTS} products)`, order],
      ["supplier's confirmation page (/confirm/:token)", confirmPage],
      ['sign-in (/login)', signIn],
      ['orders list (/orders)', list],
    ];
    if (JS_ONLY) {
      printJavascript(javascript);
      return;
    }

    const layouts = {
      30: await layoutOf(page, `${server.url}/orders/${weekly.id}`, 'Send via WhatsApp'),
      [PRODUCTS]: await layoutOf(page, `${server.url}/orders/${supplier.id}`, 'Send via Other'),
    };
    const journey = await reorderTaps(page, server.url, 'Frutas Pepe');
    if (!journey.opened.includes(encodeURIComponent(lastWeek.text).slice(0, 40))) {
      throw new Error(`The re-order sent something else: ${journey.opened}`);
    }
    await page.goto(`${server.url}/orders/${supplier.id}`);
    await page.getByTestId('order-text').waitFor();

    // The first render at 200 and 1,000 products, from the orders list (each order fetched once before).
    const renders: Record<string, { median: number; p95: number }> = {};
    await atEachCpuRate(page, async (label) => {
      for (const [count, id] of [
        [PRODUCTS, supplier.id],
        [MANY, big.id],
      ] as const) {
        const samples: number[] = [];
        for (let i = 0; i < 6; i++) {
          await page.goto(`${server.url}/orders`);
          await page.getByRole('link', { name: /^Frutas Pepe/ }).waitFor();
          const ms = await firstRender(page, id);
          if (i > 0) samples.push(ms);
        }
        renders[`${count} products (${label})`] = stats(samples);
      }
    });

    // The taps on + at 1,000 products, and on the weekly supplier's 30 beside them (issue 49: within 1.5x of a small order).
    const results: Record<string, { median: number; p95: number }> = {};
    const ratios: string[] = [];
    for (const [count, id] of [
      [MANY, big.id],
      [SMALL, weekly.id],
    ] as const) {
      await page.goto(`${server.url}/orders/${id}`);
      await page.getByTestId('order-text').waitFor();
      await atEachCpuRate(page, async (label) => {
        const clicks: number[] = [];
        const frames: number[] = [];
        const profiler = CLICK_PROFILE && count === MANY ? await startProfile(page) : undefined;
        for (let i = 0; i < CLICKS + 10; i++) {
          // The + of a row on screen (a long list renders only those), a different one each time.
          const labels = await page.$$eval('button[aria-label^="One more "]', (buttons) =>
            buttons.map((b) => b.getAttribute('aria-label') as string),
          );
          const t = await clickToText(page, labels[(i * 7) % labels.length] as string);
          const f = await clickToFrame(page);
          if (i >= 10) {
            clicks.push(t);
            frames.push(f);
          }
        }
        if (profiler) {
          const file = CLICK_PROFILE.replace(/(\.cpuprofile)?$/, `-${label.replace(/\W+/g, '-')}.cpuprofile`);
          writeFileSync(file, JSON.stringify(await profiler.stop()));
          console.log(`  the clicks' CPU profile (${label}): ${file}`);
        }
        const clicked = stats(clicks);
        results[`${count} products: quantity click -> order text painted (${label})`] = clicked;
        results[`${count} products: baseline, one-frame click (${label})`] = stats(frames);
        if (count === SMALL) {
          const many = results[`${MANY} products: quantity click -> order text painted (${label})`]?.median ?? Number.NaN;
          ratios.push(`${label}: ${(many / clicked.median).toFixed(2)}x`);
        }
      });
    }
    printJavascript(javascript);
    console.log(`\nOrder screen on a 390x844 phone (px from the top of the page):`);
    console.log(`| products | first quantity field top | Send top | viewport | page height | scroll to reach Send (top / end of list) |`);
    console.log(`|---:|---:|---:|---:|---:|---:|`);
    for (const [count, l] of Object.entries(layouts)) {
      console.log(`| ${count} | ${l.fieldTop} | ${l.sendTop} | ${l.viewport} | ${l.page} | ${l.scrollToSend} / ${l.scrollToSendAtEnd} |`);
    }
    console.log(
      `\nWeekly re-order (home, Go to my orders, the supplier, Re-order, Send): ${journey.taps} taps; sent ${journey.opened.slice(0, 60)}…`,
    );
    console.log(`\nOrder screen's first render, navigation to first rows painted (390x844, median of 5):`);
    console.log(`| order | median ms | p95 ms |\n|---|---:|---:|`);
    for (const [label, s] of Object.entries(renders)) console.log(`| ${label} | ${s.median.toFixed(1)} | ${s.p95.toFixed(1)} |`);
    console.log(`\nClick to updated order text, ${CLICKS} clicks on each order (390x844, headless Chromium):`);
    console.log(`| measurement | median ms | p95 ms |\n|---|---:|---:|`);
    for (const [name, s] of Object.entries(results)) console.log(`| ${name} | ${s.median.toFixed(1)} | ${s.p95.toFixed(1)} |`);
    console.log(`${MANY} products against ${SMALL} (medians): ${ratios.join(', ')}`);
    await context.close();
    await visitor.close();

    if (LIGHTHOUSE_RUNS === 0) return;
    const audits = await lighthouseOf([`${server.url}/`, `${server.url}/login`]);
    console.log(`\nLighthouse ${LIGHTHOUSE_RUNS} runs per page, mobile, default throttling (the run with the median performance score):`);
    console.log(
      `| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | benchmark index |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
    );
    for (const [page, r] of Object.entries(audits)) {
      console.log(
        `| ${page} | ${CATEGORIES.map((c) => r.scores[c]).join(' | ')} | ${METRICS.map((m) => r.metrics[m]).join(' | ')} | ${r.benchmarkIndex} |`,
      );
    }
  } finally {
    await browser.close();
    await close();
  }
}

await main();
