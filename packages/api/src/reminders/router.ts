import { ZPushEndpointInput, ZPushSubscription, ZPushSubscriptionInput } from '@reorder/schemas';
import { notFound, SIGNED_IN_ERRORS } from '../errors.ts';
import { authedProcedure, EMAIL_NOT_VERIFIED, requireVerifiedEmail } from '../sessions/require-user.ts';
import { router } from '../trpc.ts';

const tags = ['push'];

/**
 * The browsers that receive reminders as notifications (docs/decisions.md §6).
 * An endpoint belongs to one browser, so to one account: subscribing it again
 * (after a sign-in as someone else, or with new keys) moves it.
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
        description: "The browser's `PushSubscription.toJSON()`: its endpoint and keys.",
      },
      message: 'Notifications are on for this browser',
      errors: { ...SIGNED_IN_ERRORS, FORBIDDEN: EMAIL_NOT_VERIFIED, BAD_REQUEST: 'Endpoint must be an https URL' },
    })
    .input(ZPushSubscriptionInput)
    .output(ZPushSubscription)
    .mutation(async ({ ctx, input }) => {
      const row = { user_id: ctx.user.id, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth };
      await ctx.db
        .insertInto('push_subscriptions')
        .values(row)
        .onConflict((oc) => oc.column('endpoint').doUpdateSet({ user_id: row.user_id, p256dh: row.p256dh, auth: row.auth }))
        .execute();
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
