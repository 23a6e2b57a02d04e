import { loadavg } from 'node:os';
import { launchChromium } from '@reorder/testing';
import type { Page } from 'playwright-core';
import { BENCH_PASSWORD } from './accounts.ts';
import { stats } from './stats.ts';
import { clickToFrame, startWebBenchServer, WEB_DIR } from './web-server.ts';

const ROUNDS = Number(process.env.BENCH_SCREENS_ROUNDS ?? 8);
const TAPS = Number(process.env.BENCH_SCREENS_TAPS ?? 30);
const SIZES = [5, 200] as const;

/**
 * Navigates inside the app to `url` and resolves, in ms, once `first` and `last` are in
 * the page and a frame has been painted after.
 */
async function openScreen(page: Page, url: string, first: string, last: string) {
  return page.evaluate(
    async ([to, firstSelector, lastSelector]) => {
      const start = performance.now();
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
      // A plain loop: tsx names inner functions with a helper the page does not have.
      while (!document.querySelector(firstSelector) || !document.querySelector(lastSelector))
        await new Promise((resolve) => requestAnimationFrame(resolve));
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      return performance.now() - start;
    },
    [url, first, last] as const,
  );
}

/** Clicks `button` and resolves, in ms, once `shown` is in the page and a frame has been painted. */
async function tapToShown(page: Page, button: string, shown: string) {
  return page.evaluate(
    ([buttonSelector, shownSelector]) => {
      const target = document.querySelector(buttonSelector) as HTMLButtonElement;
      return new Promise<number>((resolve) => {
        const start = performance.now();
        const observer = new MutationObserver(() => {
          if (!document.querySelector(shownSelector)) return;
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
        });
        observer.observe(document.body, { childList: true, subtree: true, attributes: true });
        target.click();
      });
    },
    [button, shown] as const,
  );
}

/**
 * Types `text` into a bill line's `field` as a keystroke does (React reads the input event) and
 * resolves, in ms, once the line's amount changed and a frame was painted.
 */
async function typeToText(page: Page, field: string, text: string) {
  return page.evaluate(
    ([fieldSelector, value]) => {
      const input = document.querySelector(fieldSelector) as HTMLInputElement;
      const target = input.closest('.bill-line')?.querySelector('.bill-line__amount strong') as HTMLElement;
      const before = target.textContent;
      return new Promise<number>((resolve) => {
        const start = performance.now();
        const observer = new MutationObserver(() => {
          if (target.textContent === before) return;
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
        });
        observer.observe(target, { childList: true, characterData: true, subtree: true });
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set as (v: string) => void;
        setValue.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    },
    [field, text] as const,
  );
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
    const db = server.deps.db;
    /** A supplier of `lines` products, each ordered and priced, the order sent; a bill made of it. */
    const delivery = async (lines: number) => {
      const { data: supplier } = await api('/suppliers', { name: `Proveedor ${lines}`, messageService: 'other' }, session.token);
      const { business_id } = await db
        .selectFrom('orders')
        .select('business_id')
        .where('id', '=', supplier.orderId)
        .executeTakeFirstOrThrow();
      const rows = Array.from({ length: lines }, (_, i) => {
        const name = `Artículo ${String(i + 1).padStart(3, '0')}`;
        const normal = name
          .normalize('NFD')
          .replace(/\p{Diacritic}/gu, '')
          .toLowerCase();
        return { business_id, order_id: supplier.orderId, name, unit: 'Kg', search_text: normal, sort_key: normal, price: (i % 40) + 1.25 };
      });
      const products = await db.insertInto('products').values(rows).returning('id').execute();
      await db
        .insertInto('order_quantities')
        .values(products.map((p, i) => ({ order_id: supplier.orderId, product_id: p.id, business_id, quantity: (i % 9) + 1 })))
        .execute();
      const { data: sent } = await api(`/orders/${supplier.orderId}/send`, {}, session.token);
      const { data: bill } = await api(
        '/bills',
        { supplierId: supplier.id, number: `F-${lines}`, issuedOn: '2026-11-28', sentOrderIds: [sent.id] },
        session.token,
      );
      if (bill.lines.length !== lines) throw new Error(`The bill has ${bill.lines.length} lines, not ${lines}`);
      return {
        lines,
        receiptUrl: `/orders/${supplier.id}/history/${sent.id}/receipt`,
        billUrl: `/bills/${bill.id}`,
      };
    };
    const deliveries: Awaited<ReturnType<typeof delivery>>[] = [];
    for (const lines of SIZES) deliveries.push(await delivery(lines));

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    await context.addInitScript(
      ([token, user]) => {
        localStorage.setItem('token', token);
        localStorage.setItem('user', user);
        localStorage.setItem('language', 'en');
      },
      [session.token, JSON.stringify(session.user)] as const,
    );
    const page = await context.newPage();
    // Each screen once as a first visit: its code loaded, its data fetched, the receipt started.
    for (const d of deliveries) {
      await page.goto(`${server.url}${d.receiptUrl}`);
      await page.getByRole('button', { name: 'All good' }).waitFor();
      await page.goto(`${server.url}${d.billUrl}`);
      await page.locator('.bill-line').first().waitFor();
    }
    await page.goto(`${server.url}/orders`);
    await page.waitForLoadState('networkidle');

    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const samples: Record<string, number[]> = {};
    const add = (name: string, ms: number) => {
      samples[name] ??= [];
      samples[name].push(ms);
    };
    // Usable: the first line, and what ends the screen (the hint under "Close the check" while lines are pending; the bill's match).
    const openReceipt = (d: (typeof deliveries)[number]) =>
      openScreen(page, d.receiptUrl, '[data-testid="receipt-line"]', '#receipt-close-hint');
    const openBill = (d: (typeof deliveries)[number]) => openScreen(page, d.billUrl, '.bill-line', '.bill-difference');
    for (let round = -1; round < ROUNDS; round++) {
      for (const d of deliveries) {
        const receipt = await openReceipt(d);
        await page.goto(`${server.url}/orders`);
        await page.waitForLoadState('networkidle');
        const bill = await openBill(d);
        await page.goto(`${server.url}/orders`);
        await page.waitForLoadState('networkidle');
        if (round < 0) continue;
        add(`open the receipt check, ${d.lines} lines`, receipt);
        add(`open the bill, ${d.lines} lines`, bill);
      }
    }

    for (const d of deliveries) {
      await openReceipt(d);
      await page.getByRole('button', { name: 'All good' }).waitFor();
      for (let i = -3; i < TAPS; i++) {
        // A line on screen, a different one each time.
        const names = await page.$$eval('[data-testid="receipt-line"] .receipt-line__name', (spans) =>
          spans.filter((s) => s.getBoundingClientRect().top < innerHeight).map((s) => s.textContent as string),
        );
        const name = names[Math.abs(i * 3) % names.length] as string;
        const ms = await tapToShown(page, `button[aria-label="${name} differs"]`, 'dialog.sheet[open] input[id^="received-"]');
        const frame = await clickToFrame(page);
        await page.keyboard.press('Escape');
        await page
          .locator('dialog.sheet[open]')
          .waitFor({ state: 'detached' })
          .catch(() => {});
        await page.waitForFunction(() => !document.querySelector('dialog.sheet[open]'));
        if (i < 0) continue;
        add(`receipt: tap "differs" -> sheet painted, ${d.lines} lines`, ms);
        add(`baseline: one-frame click (receipt, ${d.lines} lines)`, frame);
      }
      await page.goto(`${server.url}/orders`);
      await page.waitForLoadState('networkidle');

      await openBill(d);
      for (let i = -3; i < TAPS; i++) {
        const line = Math.abs(i * 3) % Math.min(d.lines, 3);
        const field = `input[name="lines.${line}.quantity"]`;
        const current = await page.locator(field).inputValue();
        const ms = await typeToText(page, field, current.endsWith('1') ? current.slice(0, -1) || '2' : `${current}1`);
        const frame = await clickToFrame(page);
        if (i < 0) continue;
        add(`bill: type in a line's quantity -> its amount painted, ${d.lines} lines`, ms);
        add(`baseline: one-frame click (bill, ${d.lines} lines)`, frame);
      }
      await page.goto(`${server.url}/orders`);
      await page.waitForLoadState('networkidle');
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    console.log(`\nThe receipt check and the bill, 390x844, CPU slowed 4x (${ROUNDS} opens, ${TAPS} taps each):`);
    console.log(`| measurement | median ms | p95 ms |\n|---|---:|---:|`);
    const medians: Record<string, number> = {};
    for (const [name, s] of Object.entries(samples)) {
      const { median, p95 } = stats(s);
      medians[name] = median;
      console.log(`| ${name} | ${median.toFixed(1)} | ${p95.toFixed(1)} |`);
    }
    console.log(`\n| ratio, ${SIZES[1]} lines ÷ ${SIZES[0]} lines (medians) | × |\n|---|---:|`);
    for (const name of Object.keys(medians).filter((n) => n.endsWith(`, ${SIZES[0]} lines`))) {
      const large = medians[name.replace(`, ${SIZES[0]} lines`, `, ${SIZES[1]} lines`)] as number;
      console.log(`| ${name.replace(`, ${SIZES[0]} lines`, '')} | ${(large / (medians[name] as number)).toFixed(2)} |`);
    }
    console.log(
      `\nload average: ${loadavg()
        .map((n) => n.toFixed(1))
        .join(', ')}`,
    );
    await context.close();
  } finally {
    await browser.close();
    await close();
  }
}

await main();
