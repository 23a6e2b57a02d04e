import { z } from 'zod';
import { zSafeString } from './fields.ts';

/**
 * A push service's endpoint: an https URL. Where it may lead (public
 * addresses only; http and local addresses only on a server with
 * ALLOW_PRIVATE_ENDPOINTS=1, for tests) is the server's outbound rule,
 * which resolves the host (docs/decisions.md §8.6).
 */
const zEndpoint = zSafeString('Endpoint', { typeError: 'Endpoint must be the subscription URL' })
  .min(1, { error: 'Endpoint is required' })
  .max(2048, { error: 'Endpoint must be at most 2048 characters' })
  .refine(
    (value) => {
      try {
        return ['https:', 'http:'].includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { error: 'Endpoint must be an https URL' },
  )
  .meta({ pattern: '^https://' })
  .describe(
    "The push service URL of the browser's subscription (`PushSubscription.endpoint`): https, on a host whose every address is public (a server started with ALLOW_PRIVATE_ENDPOINTS=1, for tests, also takes http and local hosts)",
  );

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
