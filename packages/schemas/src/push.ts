import { z } from 'zod';
import { zDateTime, zId, zOutboundUrl, zSafeString } from './fields.ts';

/** A push service's endpoint (`PushSubscription.endpoint`). */
const zEndpoint = zOutboundUrl('Endpoint', {
  typeError: 'Endpoint must be the subscription URL',
  description: "The push service URL of the browser's subscription (`PushSubscription.endpoint`)",
});

/** A base64url key of a subscription. */
const zKey = (label: string, min: number, max: number) =>
  zSafeString(label, { typeError: `${label} must be base64url text` })
    .regex(/^[A-Za-z0-9_-]+=*$/, { error: `${label} must be base64url text` })
    .min(min, { error: `${label} is not a valid key` })
    .max(max, { error: `${label} is not a valid key` });

export const ZPushSubscriptionInput = z.object({
  endpoint: zEndpoint,
  keys: z
    .object(
      {
        p256dh: zKey('p256dh', 80, 100).describe("The browser's P-256 public key (base64url)"),
        auth: zKey('auth', 16, 32).describe('The authentication secret (base64url)'),
      },
      { error: 'Keys must be the subscription keys {p256dh, auth}' },
    )
    .describe('`PushSubscription.toJSON().keys`'),
});
export type TPushSubscriptionInput = z.infer<typeof ZPushSubscriptionInput>;

export const ZPushEndpointInput = z.object({ endpoint: zEndpoint });

export const ZPushSubscription = z
  .object({ endpoint: z.string().describe('The subscribed endpoint') })
  .meta({ id: 'PushSubscription', description: 'A browser that receives reminders as notifications' });

export const ZPushDevice = z
  .object({
    id: z.number().int().describe('Device id'),
    createdAt: zDateTime('When notifications were allowed on it (ISO 8601)'),
    userAgent: z.string().describe('The browser that allowed them, as it named itself (empty for one allowed before devices were named)'),
    current: z.boolean().describe('Whether it was allowed from the session making the request (this browser)'),
  })
  .meta({ id: 'PushDevice', description: 'A browser that receives reminders and notices as notifications' });
export type TPushDevice = z.infer<typeof ZPushDevice>;

export const ZPushDeviceIdInput = z.object({ id: zId('Device id').describe('Device id') });
