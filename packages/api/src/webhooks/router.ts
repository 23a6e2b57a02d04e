import {
  LIMITS,
  WEBHOOK_EVENTS,
  ZCreatedWebhook,
  ZCreateWebhookInput,
  ZDeletedResult,
  ZWebhook,
  ZWebhookDelivery,
  ZWebhookIdInput,
  zNoInput,
} from '@reorder/schemas';
import { z } from 'zod';
import { nowOf } from '../context.ts';
import { AppError, found, notFound, SIGNED_IN_ERRORS } from '../errors.ts';
import { attemptDelivery, claimDelivery } from '../events/deliveries.ts';
import { newEventId } from '../events/emit.ts';
import { DEFAULT_WEBHOOK_TIMING } from '../events/timing.ts';
import { checkOutboundUrl, OutboundRefused } from '../platform/outbound.ts';
import { EMAIL_NOT_VERIFIED, memberProcedure, requireVerifiedEmail } from '../sessions/require-user.ts';
import { router } from '../trpc.ts';
import {
  deleteWebhook,
  insertWebhook,
  listDeliveries,
  listWebhooks,
  lockAndCountWebhooks,
  queueTestEvent,
  webhookExists,
} from './webhooks.repository.ts';

const tags = ['webhooks'];
const TOO_MANY = `A business has at most ${LIMITS.webhooksPerBusiness} webhooks: delete one to add another.`;
const NOT_FOUND = 'Webhook not found';

/** A 400 naming `url`. */
const urlError = (message: string) => new AppError('BAD_REQUEST', message, { issues: [{ path: 'url', message }] });

/**
 * A business's webhooks (docs/decisions.md §8.5, shared DECISIONS §8.5):
 * owners only. The URL must pass the outbound rule when it is added (and
 * again at each delivery); the secret is in the creation's answer only.
 */
export const webhooksRouter = router({
  list: memberProcedure
    .meta({
      role: 'owner',
      openapi: {
        method: 'GET',
        path: '/webhooks',
        tags,
        summary: "List the business's webhooks",
        description: 'Without their secrets, oldest first. Owners only.',
      },
      message: 'Webhooks loaded',
      errors: { ...SIGNED_IN_ERRORS },
    })
    .input(zNoInput)
    .output(z.array(ZWebhook))
    .query(({ ctx }) => listWebhooks(ctx.db, ctx.business.id)),

  create: memberProcedure
    .use(requireVerifiedEmail)
    .meta({
      role: 'owner',
      openapi: {
        method: 'POST',
        path: '/webhooks',
        tags,
        summary: 'Add a webhook',
        description: `Deliveries of \`events\` (${WEBHOOK_EVENTS.join(', ')}) are posted to \`url\` as \`{id, type, createdAt, data}\`, signed in \`Reorder-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the secret>\`. The URL must be https, on a host whose every address is public. The secret (\`whsec_…\`) is in this answer only. At most ${LIMITS.webhooksPerBusiness} per business; owners with a confirmed email only.`,
      },
      message: 'Webhook added: copy its secret now, it will not be shown again',
      errors: {
        ...SIGNED_IN_ERRORS,
        FORBIDDEN: EMAIL_NOT_VERIFIED,
        BAD_REQUEST: 'Endpoint must be on the public internet, not a private or local address',
      },
    })
    .input(ZCreateWebhookInput)
    .output(ZCreatedWebhook)
    .mutation(async ({ ctx, input }) => {
      try {
        await checkOutboundUrl(input.url, ctx.outbound);
      } catch (error) {
        if (error instanceof OutboundRefused) throw urlError(error.message.replace(/^Endpoint/, 'URL'));
        throw error;
      }
      const created = await ctx.db.transaction().execute(async (tx) => {
        if ((await lockAndCountWebhooks(tx, ctx.business.id)) >= LIMITS.webhooksPerBusiness) throw new AppError('BAD_REQUEST', TOO_MANY);
        return insertWebhook(tx, ctx.business.id, ctx.user.id, input);
      });
      ctx.logger.info('webhook added', { businessId: ctx.business.id, webhookId: created.id });
      return created;
    }),

  delete: memberProcedure
    .meta({
      role: 'owner',
      openapi: {
        method: 'DELETE',
        path: '/webhooks/{id}',
        tags,
        summary: 'Delete a webhook',
        description: 'It receives nothing more, and its deliveries log goes with it. Owners only.',
      },
      message: 'Webhook deleted',
      errors: { ...SIGNED_IN_ERRORS, NOT_FOUND },
    })
    .input(ZWebhookIdInput)
    .output(ZDeletedResult)
    .mutation(async ({ ctx, input }) => {
      if (!(await deleteWebhook(ctx.db, ctx.business.id, input.id))) throw notFound('Webhook');
      return { id: input.id };
    }),

  test: memberProcedure
    .meta({
      role: 'owner',
      openapi: {
        method: 'POST',
        path: '/webhooks/{id}/test',
        tags,
        summary: 'Send a test event',
        description:
          'Posts an event of type `webhook.test` to the endpoint now, signed like any other, and answers the delivery as it went (within the 10-second timeout). A test is not retried. A delivered test switches an endpoint that was switched off back on. Owners only.',
      },
      message: 'Test event sent',
      errors: { ...SIGNED_IN_ERRORS, NOT_FOUND },
    })
    .input(ZWebhookIdInput)
    .output(ZWebhookDelivery)
    .mutation(async ({ ctx, input }) => {
      if (!(await webhookExists(ctx.db, ctx.business.id, input.id))) throw notFound('Webhook');
      const deliveryId = await queueTestEvent(ctx.db, ctx.business.id, input.id, newEventId(), nowOf(ctx));
      const leaseMs = ctx.webhooks?.leaseMs ?? DEFAULT_WEBHOOK_TIMING.leaseMs;
      const claimed = await claimDelivery(ctx.db, deliveryId, nowOf(ctx), leaseMs);
      // Only a process's round can have taken it meanwhile: that one posts it.
      if (claimed) await attemptDelivery(ctx, claimed);
      return found((await listDeliveries(ctx.db, input.id, deliveryId))[0], 'Webhook delivery');
    }),

  deliveries: memberProcedure
    .meta({
      role: 'owner',
      openapi: {
        method: 'GET',
        path: '/webhooks/{id}/deliveries',
        tags,
        summary: "A webhook's deliveries log",
        description: `The last ${LIMITS.webhookDeliveriesShown} deliveries to the endpoint, newest first, each with its last attempt. Owners only.`,
      },
      message: 'Deliveries loaded',
      errors: { ...SIGNED_IN_ERRORS, NOT_FOUND },
    })
    .input(ZWebhookIdInput)
    .output(z.array(ZWebhookDelivery))
    .query(async ({ ctx, input }) => {
      if (!(await webhookExists(ctx.db, ctx.business.id, input.id))) throw notFound('Webhook');
      return listDeliveries(ctx.db, input.id);
    }),
});
