import { translate } from '@reorder/i18n';
import { href } from '@reorder/schemas/web-paths';
import { nowOf } from '../context.ts';
import { found } from '../errors.ts';
import { orderReadyEmail } from '../mail/messages.ts';
import { notifyOwner } from '../mail/notify-owner.ts';
import type { BusinessContext } from '../sessions/require-user.ts';

/**
 * "Ready to send" (docs/decisions.md §8.2, §9.3): a member tells the
 * business's owners and managers, by email in each one's language and by
 * push, that an order is prepared. The caller is not told of their own order.
 * The order keeps who said it and when (`ready`), until it is sent or changed
 * (the database clears it then: migration 2026_11_28_020000_order_ready).
 * Answers how many were told.
 */
export async function announceReady(ctx: BusinessContext, orderId: number): Promise<{ orderId: number; notified: number }> {
  const order = found(
    await ctx.db
      .selectFrom('orders')
      .innerJoin('suppliers', 'suppliers.id', 'orders.supplier_id')
      .innerJoin('businesses', 'businesses.id', 'orders.business_id')
      .select(['orders.id', 'orders.supplier_id', 'suppliers.name as supplier_name', 'businesses.name as business_name'])
      .where('orders.business_id', '=', ctx.business.id)
      .where('orders.id', '=', orderId)
      .executeTakeFirst(),
    'Order',
  );
  await ctx.rateLimiter.hit(ctx.rateRules.readyPerUser, String(ctx.user.id));
  await ctx.db
    .updateTable('orders')
    .set({ ready_by: ctx.user.id, ready_at: new Date(nowOf(ctx)) })
    .where('business_id', '=', ctx.business.id)
    .where('id', '=', order.id)
    .execute();
  const recipients = await ctx.db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['users.id', 'users.email', 'users.full_name', 'users.language'])
    .where('memberships.business_id', '=', ctx.business.id)
    .where('memberships.role', 'in', ['owner', 'manager'])
    .where('users.id', '<>', ctx.user.id)
    .execute();
  const link = `${ctx.settings.publicUrl}${href('orders.order', { supplierId: order.supplier_id })}`;
  for (const user of recipients) {
    const mail = orderReadyEmail({
      locale: user.language,
      name: user.full_name,
      member: ctx.user.full_name,
      supplier: order.supplier_name,
      business: order.business_name,
      link,
    });
    ctx.background.run('order ready notice', () =>
      notifyOwner(
        ctx,
        { userId: user.id, email: user.email },
        {
          mail,
          push: {
            title: translate(user.language, 'mail.orderReady.subject', { name: ctx.user.full_name, supplier: order.supplier_name }),
            body: order.business_name,
            url: link,
            tag: `ready-${order.id}`,
          },
        },
      ),
    );
  }
  return { orderId: order.id, notified: recipients.length };
}
