import { LIMITS, ZPushEndpointInput, ZPushSubscription, ZPushSubscriptionInput } from '@reorder/schemas';
import { AppError, notFound, SIGNED_IN_ERRORS } from '../errors.ts';
import { checkOutboundUrl, OutboundRefused } from '../platform/outbound.ts';
import { authedProcedure, EMAIL_NOT_VERIFIED, requireVerifiedEmail } from '../sessions/require-user.ts';
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
 */
export const pushRouter = router({
  subscribe: authedProcedure
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
      await ctx.db.transaction().execute(async (tx) => {
        // The user row locked: concurrent subscriptions count one after another.
        await tx.selectFrom('users').select('id').where('id', '=', ctx.user.id).forUpdate().executeTakeFirst();
        const held = await tx.selectFrom('push_subscriptions').select('user_id').where('endpoint', '=', input.endpoint).executeTakeFirst();
        if (held && held.user_id !== ctx.user.id) throw endpointError('CONFLICT', TAKEN);
        if (held) {
          await tx.updateTable('push_subscriptions').set(keys).where('endpoint', '=', input.endpoint).execute();
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
          .values({ user_id: ctx.user.id, endpoint: input.endpoint, ...keys })
          .onConflict((oc) => oc.column('endpoint').doNothing())
          .returning('id')
          .executeTakeFirst();
        // Another account subscribed it in the meantime.
        if (!inserted) throw endpointError('CONFLICT', TAKEN);
      });
      return { endpoint: input.endpoint };
    }),

  unsubscribe: authedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/push/subscriptions',
        tags,
        summary: 'Stop reminders on this browser',
        description: 'Takes the endpoint in a JSON body.',
      },
      message: 'Notifications are off for this browser',
      errors: { ...SIGNED_IN_ERRORS, NOT_FOUND: 'Push subscription not found' },
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
});
