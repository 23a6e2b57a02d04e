import { z } from 'zod';
import { zDateTime, zId, zOutboundUrl } from './fields.ts';

/** Every webhook secret starts with this (docs/decisions.md §8.5), so it is recognised wherever it leaks. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** The events an endpoint can receive (shared DECISIONS §8.5). */
export const WEBHOOK_EVENTS = ['order.sent', 'order.confirmed', 'product.price_changed', 'receipt.done', 'claim.answered'] as const;
export type TWebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** The type of the event "Send test event" delivers: never one of the real ones, so a script can tell it apart. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
/** The header a delivery is signed in: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Reorder-Signature';

const EVENTS_MESSAGE = `Events must be a list of one or more of ${WEBHOOK_EVENTS.join(', ')}`;

const zWebhookUrl = zOutboundUrl('URL', {
  typeError: 'URL must be the https address to post to',
  description: 'The https address deliveries are posted to',
});

export const ZCreateWebhookInput = z.object({
  url: zWebhookUrl,
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: EVENTS_MESSAGE }), { error: EVENTS_MESSAGE })
    .min(1, { error: EVENTS_MESSAGE })
    .max(WEBHOOK_EVENTS.length, { error: 'Events must not repeat an event' })
    .refine((events) => new Set(events).size === events.length, { error: 'Events must not repeat an event' })
    .describe(`The events to receive: one or more of ${WEBHOOK_EVENTS.map((e) => `\`${e}\``).join(', ')}`),
});
export type TCreateWebhookInput = z.infer<typeof ZCreateWebhookInput>;

export const ZWebhookIdInput = z.object({ id: zId('Webhook id').describe('Webhook id') });

/** The example of a webhook in the API's document. */
const WEBHOOK_EXAMPLE = {
  id: 4,
  url: 'https://hooks.example.com/reorder',
  events: ['order.sent', 'order.confirmed'],
  enabled: true,
  failingSince: null,
  disabledAt: null,
  createdAt: '2026-11-27T09:30:00.000Z',
};

export const ZWebhook = z
  .object({
    id: z.number().int().describe('Webhook id'),
    url: z.string().describe('Where deliveries are posted'),
    events: z.array(z.enum(WEBHOOK_EVENTS)).describe('The events it receives'),
    enabled: z.boolean().describe('false once it was switched off after failing for 24 hours; a successful test event turns it on again'),
    failingSince: z.iso
      .datetime()
      .nullable()
      .describe('When its deliveries began failing, every one since (ISO 8601); null while the last one succeeded'),
    disabledAt: z.iso.datetime().nullable().describe('When it was switched off (ISO 8601), or null'),
    createdAt: zDateTime('When it was added (ISO 8601)'),
  })
  .meta({
    id: 'Webhook',
    description: 'An endpoint that receives events, without its secret',
    example: WEBHOOK_EXAMPLE,
  });
export type TWebhook = z.infer<typeof ZWebhook>;

export const ZCreatedWebhook = ZWebhook.extend({
  secret: z
    .string()
    .describe("The signing secret, `whsec_…`: shown only in this answer. Check each delivery's `Reorder-Signature` with it."),
}).meta({
  id: 'CreatedWebhook',
  description: 'A new webhook endpoint, with its signing secret (shown once)',
  example: {
    ...WEBHOOK_EXAMPLE,
    secret: 'whsec_Qm9vX2V4YW1wbGVfc2VjcmV0X25vdF9yZWFsXzAwMDAw',
  },
});
export type TCreatedWebhook = z.infer<typeof ZCreatedWebhook>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const ZWebhookDelivery = z
  .object({
    id: z.number().int().describe('Delivery id'),
    eventId: z.string().describe("The event's id (`evt_…`): the same in every attempt, so a receiver can ignore one it has seen"),
    type: z.string().describe(`The event's type: ${WEBHOOK_EVENTS.join(', ')}, or ${WEBHOOK_TEST_EVENT}`),
    status: z
      .enum(WEBHOOK_DELIVERY_STATUSES)
      .describe('"pending" (not yet delivered: it is tried again), "delivered" (answered 2xx) or "failed" (given up after 24 hours)'),
    attempts: z.number().int().describe('How many times it was posted'),
    responseStatus: z.number().int().nullable().describe("The HTTP status of the last attempt's answer, or null when none came"),
    error: z.string().nullable().describe('Why the last attempt failed, or null'),
    createdAt: zDateTime('When the event happened (ISO 8601)'),
    lastAttemptAt: z.iso.datetime().nullable().describe('When it was last posted (ISO 8601), or null'),
    nextAttemptAt: z.iso.datetime().nullable().describe('When it is tried again (ISO 8601); null unless pending'),
  })
  .meta({
    id: 'WebhookDelivery',
    description: 'One event posted to one endpoint, with its last attempt',
    example: {
      id: 120,
      eventId: 'evt_3kQ9vX0m2kR8tLw5nB1cZp',
      type: 'order.sent',
      status: 'delivered',
      attempts: 1,
      responseStatus: 200,
      error: null,
      createdAt: '2026-11-27T09:31:00.000Z',
      lastAttemptAt: '2026-11-27T09:31:01.000Z',
      nextAttemptAt: null,
    },
  });
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;
