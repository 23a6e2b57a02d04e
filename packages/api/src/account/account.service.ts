import type { Db } from '@reorder/db';
import type { TAccountExport } from '@reorder/schemas';
import { listApiTokens } from '../api-tokens/api-tokens.repository.ts';
import { billsForExport } from '../bills/files.ts';
import { accountDeletedEmail } from '../mail/messages.ts';
import { findOrderBySupplier } from '../orders/orders.repository.ts';
import { orderReading } from '../orders/orders.service.ts';
import { listSentOrders } from '../orders/sent-orders.repository.ts';
import { claimsForExport } from '../receipts/claims.service.ts';
import { receiptsForExport } from '../receipts/receipts.service.ts';
import type { AuthedContext } from '../sessions/require-user.ts';
import { listLiveSessions } from '../sessions/sessions.repository.ts';
import { standingOrdersForExport } from '../standing/standing.service.ts';
import { listSuppliers, readingTime } from '../suppliers/suppliers.repository.ts';
import { toUser } from '../users/users.repository.ts';
import { confirmIdentity } from '../users/users.service.ts';
import { listWebhooks } from '../webhooks/webhooks.repository.ts';

/**
 * Everything of the owner's account as one document (docs/decisions.md §7): the
 * profile, every supplier with its current order, products and history, the
 * feedback sent, the signed-in devices, the API tokens and, for an owner, the
 * business's standing orders, deliveries received and claims, webhook
 * endpoints, and bills with their files (never a secret: no password hash, no
 * token, no signing secret).
 */
export async function exportAccount(ctx: AuthedContext): Promise<TAccountExport> {
  const { db, user } = ctx;
  // The business's data is its owners' to take away (docs/decisions.md §8.2): the active one, for an owner.
  const business = ctx.activeBusiness?.role === 'owner' ? ctx.activeBusiness : undefined;
  const suppliers = business ? await listSuppliers(db, business.id, readingTime(ctx)) : [];
  const reading = orderReading(ctx);
  const withOrders = [];
  for (const supplier of suppliers) {
    const order = business && (await findOrderBySupplier(db, business.id, supplier.id, reading));
    withOrders.push({
      ...supplier,
      order: { id: supplier.orderId, introduce: order?.introduce ?? '', products: order?.products ?? [], text: order?.text ?? '' },
      history: business ? await listSentOrders(db, business.id, supplier.orderId, reading.links, null) : [],
    });
  }
  const feedback = await db
    .selectFrom('feedback')
    .select(['id', 'full_name', 'email', 'note', 'created_at'])
    .where('user_id', '=', user.id)
    .orderBy('id')
    .execute();
  const devices = await listLiveSessions(db, user.id);
  return {
    exportedAt: new Date().toISOString(),
    profile: { ...toUser(user), createdAt: user.created_at.toISOString() },
    suppliers: withOrders,
    feedback: feedback.map((f) => ({
      id: f.id,
      fullName: f.full_name,
      email: f.email,
      note: f.note,
      createdAt: f.created_at.toISOString(),
    })),
    devices: devices.map((d) => ({
      id: d.id,
      createdAt: d.created_at.toISOString(),
      lastSeenAt: d.last_seen_at.toISOString(),
      userAgent: d.user_agent,
      current: d.id === ctx.session.id,
    })),
    apiTokens: await listApiTokens(db, user.id),
    webhooks: business ? await listWebhooks(db, business.id) : [],
    standingOrders: business ? await standingOrdersForExport(db, business.id) : [],
    receipts: business ? await receiptsForExport(db, business.id) : [],
    claims: business ? await claimsForExport(ctx, business.id) : [],
    bills: business ? await billsForExport(db, business.id) : [],
  };
}

/**
 * Erases the account and everything in it (docs/decisions.md §7), once the owner has
 * confirmed who they are: the user row and all that hangs on it (suppliers,
 * orders, products, history, sessions, tokens, links), the feedback sent from
 * it, and the rate-limit counters kept for its email. A notice goes to the
 * address, whose owner may not be the one who asked.
 */
export async function deleteAccount(ctx: AuthedContext, currentPassword: string | undefined): Promise<null> {
  await confirmIdentity(ctx, currentPassword, 'delete');
  const { user, rateLimiter, rateRules } = ctx;
  await ctx.db.transaction().execute(async (tx) => {
    await tx.deleteFrom('feedback').where('user_id', '=', user.id).execute();
    // A business the user is the only owner of goes with its data (docs/decisions.md §8.2);
    // the others keep theirs and only lose this member.
    await tx.deleteFrom('businesses').where('id', 'in', soleOwnerships(tx, user.id)).execute();
    await tx.deleteFrom('users').where('id', '=', user.id).execute();
  });
  for (const rule of [
    rateRules.loginFailuresPerEmailIp,
    rateRules.loginFailuresPerEmail,
    rateRules.forgotPerEmail,
    rateRules.registerPerEmail,
    rateRules.resetPerEmail,
  ]) {
    await rateLimiter.clear(rule, user.email);
  }
  for (const rule of [rateRules.feedbackPerUser, rateRules.resendVerificationPerUser]) await rateLimiter.clear(rule, String(user.id));
  ctx.logger.info('account deleted', { userId: user.id });
  ctx.background.run('account deleted email', () =>
    ctx.mailer.send({ to: user.email, ...accountDeletedEmail({ locale: user.language, name: user.full_name }) }),
  );
  return null;
}

/** The businesses whose only owner is the user: what erasing the account erases with it. */
function soleOwnerships(db: Db, userId: number) {
  return db
    .selectFrom('memberships as mine')
    .select('mine.business_id')
    .where('mine.user_id', '=', userId)
    .where('mine.role', '=', 'owner')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('memberships as other')
            .select('other.user_id')
            .whereRef('other.business_id', '=', 'mine.business_id')
            .where('other.role', '=', 'owner')
            .where('other.user_id', '<>', userId),
        ),
      ),
    );
}
