import { z } from 'zod';
import { zSafeString } from './fields.ts';

/** A push service's endpoint: an https URL (http only for a local address, as in tests and development). */
const zEndpoint = zSafeString('Endpoint', { typeError: 'Endpoint must be the subscription URL' })
  .min(1, { error: 'Endpoint is required' })
  .max(2048, { error: 'Endpoint must be at most 2048 characters' })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' || (url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname));
      } catch {
        return false;
      }
    },
    { error: 'Endpoint must be an https URL' },
  )
  .describe("The push service URL of the browser's subscription (`PushSubscription.endpoint`)");

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
