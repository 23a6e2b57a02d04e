import type { Db } from '@reorder/db';
import webpush from 'web-push';
import { type Logger, summarizeError } from '../platform/logger.ts';
import { type OutboundPolicy, OutboundRefused, sendOutbound } from '../platform/outbound.ts';

/** A browser the owner allowed to notify: its push service endpoint and keys (`PushSubscription.toJSON()`). */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What a notification shows, and the page its click opens. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  /** One notification per tag: a newer one replaces it. */
  tag: string;
}

/** Sends Web Push messages signed with the server's VAPID key. */
export interface PushSender {
  readonly publicKey: string;
  /**
   * "sent", or "gone" when the push service says the subscription no longer
   * exists (404, 410). Throws `OutboundRefused`, without contacting it, when
   * the endpoint breaks the outbound rule.
   */
  send(target: PushTarget, message: PushMessage): Promise<'sent' | 'gone'>;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** A fresh VAPID key pair (P-256, base64url), for a server that has none yet. */
export function generateVapidKeys(): VapidKeys {
  return webpush.generateVAPIDKeys();
}

/**
 * The web-push library, with our VAPID keys: it encrypts the payload for the
 * browser (aes128gcm, RFC 8291) and signs a VAPID JWT for the push service
 * (RFC 8292); the outbound module posts it (platform/outbound.ts: https to
 * public addresses only, the checked address, no redirects, 10 s). `subject`
 * is how the push service may contact us (a mailto: or https: URL). A message
 * lives 12 hours at most: a reminder is stale after its cut-off anyway.
 */
export function createPushSender(keys: VapidKeys, subject: string, logger: Logger, outbound: OutboundPolicy = {}): PushSender {
  return {
    publicKey: keys.publicKey,
    async send(target, message) {
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(message),
        { TTL: 12 * 3600, urgency: 'high', vapidDetails: { subject, ...keys } },
      );
      const res = await sendOutbound(
        details.endpoint,
        {
          method: details.method,
          headers: details.headers as Record<string, string>,
          body: details.body ? new Uint8Array(details.body) : undefined,
        },
        outbound,
      );
      if (res.status === 404 || res.status === 410) return 'gone';
      // A redirect is a failure like any other: it is never followed.
      if (res.status < 200 || res.status >= 300) {
        logger.warn('push failed', { status: res.status, host: new URL(target.endpoint).host });
        throw new Error(`The push service answered ${res.status}`);
      }
      return 'sent';
    },
  };
}

/**
 * Pushes `message` to every browser where the owner allowed notifications,
 * and removes the subscriptions the push service says are gone, and those the
 * outbound rule refuses for good (not https, not public: they were stored
 * before the rule, or their host now answers a private address) without
 * contacting them. One browser's push service failing is logged and does
 * not hold back the others.
 */
export async function pushToOwner(
  deps: { db: Db; push?: PushSender | undefined; logger: Logger },
  userId: number,
  message: PushMessage,
): Promise<void> {
  const { push } = deps;
  if (!push) return;
  const targets = await deps.db
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'p256dh', 'auth'])
    .where('user_id', '=', userId)
    .execute();
  for (const target of targets) {
    try {
      if ((await push.send(target, message)) === 'gone')
        await deps.db.deleteFrom('push_subscriptions').where('id', '=', target.id).execute();
    } catch (error) {
      if (error instanceof OutboundRefused && error.reason !== 'unresolved') {
        await deps.db.deleteFrom('push_subscriptions').where('id', '=', target.id).execute();
        deps.logger.warn('push endpoint refused by the outbound rule: dropped', { tag: message.tag, reason: error.reason });
      } else deps.logger.warn('push failed', { tag: message.tag, ...summarizeError(error) });
    }
  }
}
