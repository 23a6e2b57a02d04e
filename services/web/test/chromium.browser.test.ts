import { readFileSync } from 'node:fs';
import { CHROMIUM_ARGS, CHROMIUM_PATH, launchChromium, PLAYWRIGHT_DISABLED_FEATURES } from '@reorder/testing';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The tests' Chromium (tooling/testing's browser.ts) turns off the address bar's popup, which
 * headless windows draw unseen, in the one `--disable-features` Chromium keeps: the last. That
 * list must still carry every feature Playwright turns off itself.
 */
const opened: Browser[] = [];
afterAll(async () => {
  await Promise.all(opened.map((browser) => browser.close()));
});

/** The pages Chromium draws for itself (not the test's): the address bar's popup is one. */
async function browserUi(browser: Browser): Promise<string[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('data:text/html,<p>hi</p>');
  const session = await browser.newBrowserCDPSession();
  const { targetInfos } = await session.send('Target.getTargets');
  await context.close();
  return targetInfos.filter((target) => target.type === 'browser_ui').map((target) => target.url);
}

describe("the tests' Chromium", () => {
  it('keeps every feature Playwright turns off', async () => {
    const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
    try {
      const commandLine = readFileSync(`/proc/${server.process().pid}/cmdline`, 'utf8').split('\0');
      const lists = commandLine.filter((arg) => arg.startsWith('--disable-features='));
      expect(lists).toHaveLength(1);
      const playwrights = (lists[0] ?? '').slice('--disable-features='.length).split(',');
      // On a Playwright upgrade: copy its list into PLAYWRIGHT_DISABLED_FEATURES.
      expect([...PLAYWRIGHT_DISABLED_FEATURES].sort()).toEqual([...playwrights].sort());
    } finally {
      await server.close();
    }
  });

  it('draws no address bar popup in its windows, which Chromium alone does', async () => {
    const plain = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
    opened.push(plain);
    expect((await browserUi(plain)).some((url) => url.startsWith('chrome://omnibox-popup'))).toBe(true);
    const ours = await launchChromium();
    opened.push(ours);
    expect(await browserUi(ours)).toEqual([]);
  });
});
