import {
  LIMITS,
  ZDeletedResult,
  ZPushDevice,
  ZPushDeviceIdInput,
  ZPushEndpointInput,
  ZPushSubscription,
  ZPushSubscriptionInput,
  zNoInput,
} from '@reorder/schemas';
import { z } from 'zod';
import { AppError, notFound, SIGNED_IN_ERRORS } from '../errors.ts';
import { checkOutboundUrl, OutboundRefused } from '../platform/outbound.ts';
import { accountProcedure, EMAIL_NOT_VERIFIED, requireVerifiedEmail, TOKEN_FORBIDDEN } from '../sessions/require-user.ts';
import { cleanUserAgent } from '../sessions/sessions.repository.ts';
import { router } from '../trpc.ts';

const tags = ['push'];
const TOO_MANY_BROWSERS = `You receive notifications on ${LIMITS.pushSubscriptionsPerAccount} browsers already: turn them off on one you no longer use.`;
const TAKEN = "This browser receives another account's notifications: turn them off there (or sign in as that account) first.";

/** A 400 or 409 naming `endpoint`. */
const endpointError = (kind: 'BAD_REQUEST' | 'CONFLICT', message: string) =>
  new AppError(kind, message, { issues: [{ path: 'endpoint', message }] });

/**
 * The browsers that receive reminders as notifications (docs/decisions.md §6.3,
 * §8.6). An endpoint is a URL the server will post to, so it must pass the
 * outbound rule now (and again at each send); an account has at most 10. An
 * endpoint belongs to one browser, so to one account: subscribing it from
 * another account is refused (409), never moved, so nobody can take another
 * person's notifications away (or receive them). The browser's own account
 * turns them off first, or the app subscribes the browser anew (a new
 * endpoint).
 *
 * A subscription is a device of the account (§9.7): only a signed-in device
 * makes one (an API token gets 403), it is tied to that device's session (a
 * subscription made again moves to the session making it), the profile lists
 * them and removes any, and it ends with its session (a trigger on
 * `sessions`: sign-out, "Sign out everywhere", a password change or reset).
 */
export const pushRouter = router({
  subscribe: accountProcedure
    .use(requireVerifiedEmail)
    .meta({
      openapi: {
        method: 'POST',
        path: '/push/subscriptions',
        tags,
        summary: 'Receive reminders on this browser',
        description:
          "The browser's `PushSubscription.toJSON()`: its endpoint and keys. The endpoint must be https, on a host whose every address is public (it is posted to, never to a private or local address); at most 10 browsers per account; an endpoint another account holds answers 409. Needs a confirmed email.",
      },
      message: 'Notifications are on for this browser',
      errors: {
        ...SIGNED_IN_ERRORS,
        FORBIDDEN: EMAIL_NOT_VERIFIED,
        BAD_REQUEST: 'Endpoint must be on the public internet, not a private or local address',
        CONFLICT: TAKEN,
      },
    })
    .input(ZPushSubscriptionInput)
    .output(ZPushSubscription)
    .mutation(async ({ ctx, input }) => {
      try {
        await checkOutboundUrl(input.endpoint, ctx.outbound);
      } catch (error) {
        if (error instanceof OutboundRefused) throw endpointError('BAD_REQUEST', error.message);
        throw error;
      }
      const keys = { p256dh: input.keys.p256dh, auth: input.keys.auth };
      const device = { ...keys, session_id: ctx.session.id, user_agent: cleanUserAgent(ctx.request.userAgent ?? '') };
      await ctx.db.transaction().execute(async (tx) => {
        // The user row locked: concurrent subscriptions count one after another.
        await tx.selectFrom('users').select('id').where('id', '=', ctx.user.id).forUpdate().executeTakeFirst();
        const held = await tx.selectFrom('push_subscriptions').select('user_id').where('endpoint', '=', input.endpoint).executeTakeFirst();
        if (held && held.user_id !== ctx.user.id) throw endpointError('CONFLICT', TAKEN);
        if (held) {
          await tx.updateTable('push_subscriptions').set(device).where('endpoint', '=', input.endpoint).execute();
          return;
        }
        const { count } = await tx
          .selectFrom('push_subscriptions')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('user_id', '=', ctx.user.id)
          .executeTakeFirstOrThrow();
        if (Number(count) >= LIMITS.pushSubscriptionsPerAccount) throw endpointError('BAD_REQUEST', TOO_MANY_BROWSERS);
        const inserted = await tx
          .insertInto('push_subscriptions')
          .values({ user_id: ctx.user.id, endpoint: input.endpoint, ...device })
          .onConflict((oc) => oc.column('endpoint').doNothing())
          .returning('id')
          .executeTakeFirst();
        // Another account subscribed it in the meantime.
        if (!inserted) throw endpointError('CONFLICT', TAKEN);
      });
      return { endpoint: input.endpoint };
    }),

  unsubscribe: accountProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/push/subscriptions',
        tags,
        summary: 'Stop reminders on this browser',
        description: 'Takes the endpoint in a JSON body.',
      },
      message: 'Notifications are off for this browser',
      errors: { ...SIGNED_IN_ERRORS, FORBIDDEN: TOKEN_FORBIDDEN, NOT_FOUND: 'Push subscription not found' },
    })
    .input(ZPushEndpointInput)
    .output(ZPushSubscription)
    .mutation(async ({ ctx, input }) => {
      const deleted = await ctx.db
        .deleteFrom('push_subscriptions')
        .where('endpoint', '=', input.endpoint)
        .where('user_id', '=', ctx.user.id)
        .returning('endpoint')
        .executeTakeFirst();
      if (!deleted) throw notFound('Push subscription');
      return { endpoint: deleted.endpoint };
    }),

  list: accountProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/push/subscriptions',
        tags,
        summary: 'List the browsers that receive notifications',
        description:
          'Every browser where notifications are on for this account, newest first; `current` marks the one allowed from the session making the request.',
      },
      message: 'Devices loaded',
      errors: { ...SIGNED_IN_ERRORS, FORBIDDEN: TOKEN_FORBIDDEN },
    })
    .input(zNoInput)
    .output(z.array(ZPushDevice))
    .query(async ({ ctx }) => {
      const rows = await ctx.db
        .selectFrom('push_subscriptions')
        .select(['id', 'created_at', 'user_agent', 'session_id'])
        .where('user_id', '=', ctx.user.id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        createdAt: row.created_at.toISOString(),
        userAgent: row.user_agent,
        current: row.session_id === ctx.session.id,
      }));
    }),

  remove: accountProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/push/subscriptions/{id}',
        tags,
        summary: 'Stop notifications on one browser',
        description: 'It receives nothing more from now on. Another account’s device, or one already removed, is a 404.',
      },
      message: 'Notifications are off for that browser',
      errors: { ...SIGNED_IN_ERRORS, FORBIDDEN: TOKEN_FORBIDDEN, NOT_FOUND: 'Device not found' },
    })
    .input(ZPushDeviceIdInput)
    .output(ZDeletedResult)
    .mutation(async ({ ctx, input }) => {
      const deleted = await ctx.db
        .deleteFrom('push_subscriptions')
        .where('id', '=', input.id)
        .where('user_id', '=', ctx.user.id)
        .returning('id')
        .executeTakeFirst();
      if (!deleted) throw notFound('Device');
      return { id: deleted.id };
    }),
});
