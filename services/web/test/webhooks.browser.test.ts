import { startWebhookReceiver, verifyWebhookSignature } from '@reorder/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectVisible, openPage, screenshot, useApp } from './app.ts';

/**
 * The owners' webhooks, on the Integrations screen (docs/decisions.md §8.5): add an endpoint (its
 * secret shown once), send it a test event, read its deliveries log. The
 * receiver runs on this machine, so the server allows private endpoints.
 */
const app = useApp({ ALLOW_PRIVATE_ENDPOINTS: '1' });
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
});

describe('the webhooks on the Integrations screen', () => {
  it('adds an endpoint, shows its secret once, sends a test event and lists the delivery', async () => {
    const owner = await app.t.api.register();
    await app.t.confirmEmail(owner.email, owner.token);
    owner.user = { ...owner.user, emailVerified: true };
    const { page, errors } = await openPage(app, { user: owner });
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Integrations', exact: true }).click();
    await page.waitForURL('**/profile/integrations');
    await expectVisible(page, 'No webhooks yet.');

    await page.getByLabel('Address (https)').fill(`${receiver.origin}/screen`);
    await page.getByLabel('Price changed').uncheck();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const secret = page.getByLabel('Signing secret');
    await expect.poll(() => secret.inputValue(), { timeout: 10_000 }).toMatch(/^whsec_/);
    const value = await secret.inputValue();
    await expectVisible(page, 'Order sent, Supplier answered, Delivery checked, Claim answered · On');
    await screenshot(page, 'en-phone_webhooks-added');
    await expectAccessible(page, 'webhooks, secret shown');

    await page.getByRole('button', { name: 'Send test event' }).click();
    await expectVisible(page, 'Test event delivered (HTTP 200).');
    const [delivery] = receiver.at('/screen');
    expect(delivery?.event.type).toBe('webhook.test');
    expect(verifyWebhookSignature(value, delivery?.headers['reorder-signature'] as string, delivery?.body ?? '').ok).toBe(true);

    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Deliveries', exact: true }).click();
    await expectVisible(page, 'webhook.test · Delivered');
    // The secret is gone from the page for good.
    await page.reload();
    await expectVisible(page, 'Order sent, Supplier answered, Delivery checked, Claim answered · On');
    expect(await page.content()).not.toContain(value);
    await page.getByRole('button', { name: 'Deliveries', exact: true }).click();
    await expectVisible(page, 'webhook.test · Delivered');
    await expectVisible(page, '1 attempt · HTTP 200');
    await screenshot(page, 'en-phone_webhooks-deliveries');
    expect(errors).toEqual([]);
  });
});
