import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { launchChromium, startTestServer, type TestServer } from '@reorder/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SCREENSHOTS = path.resolve(import.meta.dirname, '../../../test-results/screenshots');

let t: TestServer;
let browser: Browser;
beforeAll(async () => {
  t = await startTestServer();
  browser = await launchChromium();
  mkdirSync(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('the API reference page in a real browser', () => {
  for (const viewport of [
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1280, height: 800 },
  ]) {
    it(`renders every operation from our own files, offline (${viewport.name})`, async () => {
      const page = await browser.newPage({ viewport });
      const foreign: string[] = [];
      // Anything not served by us is recorded and refused, as on a machine without internet.
      await page.route('**/*', (route) => {
        const url = new URL(route.request().url());
        if (url.origin === t.url) return route.continue();
        foreign.push(url.href);
        return route.abort();
      });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));

      await page.goto(`${t.url}/api/docs`);
      await expect.poll(() => page.locator('.opblock').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(22);
      await expect.poll(() => page.getByText('Reorder API').first().isVisible()).toBe(true);
      // The bearer scheme shows as an Authorize button; the envelope as a response schema.
      await expect
        .poll(() =>
          page
            .getByRole('button', { name: /authorize/i })
            .first()
            .isVisible(),
        )
        .toBe(true);
      // An operation opens with its envelope: the success shape and one example per error kind.
      await page.locator('.opblock-summary-path', { hasText: '/suppliers/{id}' }).first().click();
      const responses = page.locator('.responses-wrapper').first();
      await expect.poll(async () => (await responses.textContent()) ?? '', { timeout: 10_000 }).toContain('"kind": "NOT_FOUND"');
      const text = await responses.textContent();
      expect(text).toContain('"code": 1');
      expect(text).toContain('"orderId"');
      expect(text).toContain('"message": "Supplier not found"');

      await page.screenshot({ path: path.join(SCREENSHOTS, `api-docs-${viewport.name}.png`), fullPage: false });
      expect(foreign).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
