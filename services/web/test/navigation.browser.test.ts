import type { RegisteredUser } from '@reorder/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, expectVisible, openPage, startApp } from './app.ts';

let app: AppUnderTest;
let user: RegisteredUser;
beforeAll(async () => {
  app = await startApp();
  user = await app.t.api.register();
  await app.t.api.createSupplier(user.token);
});
afterAll(() => app?.close());

/** Holds the order screen's code back for `ms`, as a slow network would. */
const slowOrderChunk = (ms: number) => async (route: { continue(): Promise<void> }) => {
  await new Promise((r) => setTimeout(r, ms));
  await route.continue();
};

describe('loading a screen', () => {
  it('shows nothing at first, then the loading view after 400 ms when a screen is slow', async () => {
    const { page, context } = await openPage(app, { user });
    await page.clock.install();
    await page.route('**/assets/Order-*.js', slowOrderChunk(2000));
    await page.goto('/orders');
    await expectVisible(page, /Frutas Pepe/);
    // The page's clock stands still from here, so a loaded machine cannot move it past the 400 ms between two looks.
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.getByRole('link', { name: /Frutas Pepe/ }).click();
    expect(await page.getByText('Loading…').isVisible()).toBe(false);
    await page.clock.runFor(350);
    expect(await page.getByText('Loading…').isVisible()).toBe(false);
    await page.clock.runFor(100);
    await expect.poll(() => page.getByText('Loading…').isVisible(), { timeout: 5000 }).toBe(true);
    // The progress bar runs while the screen loads.
    expect(await page.locator('.progress--busy').count()).toBe(1);
    await page.clock.resume();
    await expect.poll(() => page.getByTestId('order-text').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.locator('.progress--busy').count()).toBe(0);
    await context.close();
  });

  it('shows the error view when a screen takes over 10 s', async () => {
    const { page, context } = await openPage(app, { user });
    // The page's clock moves on by itself; `fastForward` jumps it past the 10 s instead of waiting them out.
    await page.clock.install();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/Order-*.js', async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    await page.goto('/orders');
    await page.getByRole('link', { name: /Frutas Pepe/ }).click();
    await expectVisible(page, 'Loading…');
    await page.clock.fastForward(9000);
    expect(await page.getByText('This screen is taking too long to load.').isVisible()).toBe(false);
    await page.clock.fastForward(1500);
    await expectVisible(page, 'This screen is taking too long to load.');
    release();
    await context.close();
  });
});

describe('forms', () => {
  it('scroll to the first field that needs attention, 30 px below the top, and focus it', async () => {
    const { page, context } = await openPage(app, { user, viewport: { width: 390, height: 500 } });
    await page.goto('/suppliers/new');
    await page.getByLabel('Contact person').fill('Pepe');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('button', { name: 'Add supplier' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    // After the 300 ms animation the field sits 30 px below the top of the page's scroll position.
    await page.waitForTimeout(450);
    const offset = await page.evaluate(() => (document.querySelector('[name="name"]') as HTMLElement).getBoundingClientRect().top);
    expect(Math.round(offset)).toBe(30);
    await expect.poll(() => page.getByText('This field is required').first().isVisible()).toBe(true);
    await context.close();
  });
});
