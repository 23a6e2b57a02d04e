import type { Db } from '@reorder/db';
import { translate } from '@reorder/i18n';
import { LIMITS } from '@reorder/schemas';
import { escapeHtml } from '@reorder/schemas/html';
import { DateTime } from 'luxon';
import type { ApiDeps } from '../context.ts';
import { DAY_MS } from '../context.ts';
import { emitEvent } from '../events/emit.ts';
import { type ConfirmLinks, confirmLinks, newConfirmNonce } from '../orders/confirm-links.ts';
import { loadOrder, renewConfirmNonce } from '../orders/orders.repository.ts';
import { refreshUsual } from '../orders/quantities.repository.ts';
import { findSentOrder, insertSentOrder } from '../orders/sent-orders.repository.ts';
import { clearQuantities } from '../quantities.ts';
import type { ReminderDeps } from '../reminders/reminders.ts';
import { cutoffsAfter } from '../schedule.ts';
import { type ClaimedRun, closeRun, scheduleOf } from './runs.ts';

export type StandingDeps = ReminderDeps & Pick<ApiDeps, 'tokens'>;

/** What the supplier's mail needs, kept from the send's transaction. */
interface Recorded {
  sentOrderId: number;
}

/** The supplier, its standing order and the business's first owner (whose language the order is written in). */
async function sendingRow(db: Db, supplierId: number) {
  return db
    .selectFrom('standing_orders')
    .innerJoin('suppliers', 'suppliers.id', 'standing_orders.supplier_id')
    .innerJoin('orders', 'orders.supplier_id', 'suppliers.id')
    .innerJoin('memberships', (join) =>
      join.onRef('memberships.business_id', '=', 'suppliers.business_id').on('memberships.role', '=', 'owner'),
    )
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select([
      'standing_orders.auto_send',
      'standing_orders.paused_dates',
      'suppliers.business_id',
      'suppliers.message_service',
      'suppliers.contact_info',
      'suppliers.delivery_days',
      'suppliers.cutoff_time',
      'suppliers.lead_days',
      'orders.id as order_id',
      'users.language',
      'users.time_zone',
      'users.email as owner_email',
    ])
    .where('standing_orders.supplier_id', '=', supplierId)
    .orderBy('memberships.created_at')
    .orderBy('memberships.user_id')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Sends a prepared order by itself (docs/decisions.md §9.5), at the cut-off
 * minus 30 minutes, when nobody sent it since the previous cut-off: the send
 * is recorded as the app's own ("Pedido fijo": no member, `byStandingOrder`),
 * in one transaction that holds the run's row, with the order's text as a
 * member's send makes it (the confirmation link included), and the order is
 * cleared for the next delivery. Then the text goes to the supplier's address
 * through the server's mailer. A process that dies between the two leaves
 * the mail to the next claim, which finds the send already recorded.
 */
export async function autoSendRun(deps: StandingDeps, run: ClaimedRun, now: number): Promise<string> {
  const links = confirmLinks(deps);
  let sentOrderId = run.sent_order_id;
  if (sentOrderId === null) {
    const recorded = await deps.db.transaction().execute((tx) => recordSend(tx, run, now, links));
    if (typeof recorded === 'string') {
      await closeRun(deps.db, run.id, now, recorded);
      return recorded;
    }
    sentOrderId = recorded.sentOrderId;
  }
  const row = await sendingRow(deps.db, run.supplier_id);
  if (!row) {
    await closeRun(deps.db, run.id, now, 'supplier gone');
    return 'supplier gone';
  }
  const sent = await findSentOrder(deps.db, row.business_id, row.order_id, sentOrderId, links);
  if (sent) {
    const date = DateTime.fromISO(run.delivery_day, { zone: 'UTC' }).setLocale(row.language).toLocaleString(DateTime.DATE_HUGE);
    await deps.mailer.send({
      to: row.contact_info,
      subject: translate(row.language, 'mail.standingSend.subject', { date }),
      text: `${sent.text}\n`,
      html: `<!doctype html><html lang="${row.language}"><body><pre style="font-family:system-ui,sans-serif;white-space:pre-wrap">${escapeHtml(sent.text)}</pre></body></html>`,
      replyTo: row.owner_email,
    });
  }
  await closeRun(deps.db, run.id, now, 'sent');
  deps.logger.info('standing order sent', { supplierId: run.supplier_id, sentOrderId });
  return 'sent';
}

/** Records the send, or says why none is made. */
async function recordSend(tx: Db, run: ClaimedRun, now: number, links: ConfirmLinks): Promise<Recorded | string> {
  const locked = await tx
    .selectFrom('standing_runs')
    .select(['done_at', 'sent_order_id'])
    .where('id', '=', run.id)
    .forUpdate()
    .executeTakeFirst();
  if (!locked || locked.done_at !== null) return 'done elsewhere';
  if (locked.sent_order_id !== null) return { sentOrderId: locked.sent_order_id };
  const row = await sendingRow(tx, run.supplier_id);
  if (!row) return 'supplier gone';
  if (run.cutoff_at.getTime() <= now) return 'too late';
  if (!row.auto_send || row.message_service !== 'email') return 'auto-send off';
  if (row.paused_dates.includes(run.delivery_day)) return 'paused';
  const cutoff = run.cutoff_at.getTime();
  const around = cutoffsAfter(scheduleOf(row), row.time_zone, cutoff - 8 * DAY_MS, cutoff);
  const previous = around.at(-2)?.at.toMillis() ?? cutoff - 7 * DAY_MS;
  const already = await tx
    .selectFrom('sent_orders')
    .select('id')
    .where('order_id', '=', row.order_id)
    .where('sent_at', '>', new Date(previous))
    .executeTakeFirst();
  if (already) return 'already sent';
  await tx.selectFrom('orders').select('id').where('id', '=', row.order_id).forUpdate().executeTakeFirst();
  const reading = { language: row.language, links, timeZone: row.time_zone, now };
  const loaded = await loadOrder(tx, row.business_id, { id: row.order_id }, reading);
  if (!loaded) return 'supplier gone';
  const { order } = loaded;
  const lines = order.products
    .filter((p) => p.quantity > 0)
    .map(({ productId, name, unit, quantity, price }) => ({ productId, name, unit, quantity, price }));
  if (lines.length === 0) return 'nothing to send';
  let confirm = null;
  if (
    loaded.confirmNonce !== null &&
    (await renewConfirmNonce(tx, row.business_id, order.id, loaded.confirmNonce, newConfirmNonce(), links))
  ) {
    confirm = { nonce: loaded.confirmNonce, language: row.language, expiresAt: new Date(now + LIMITS.confirmationDays * DAY_MS) };
  }
  const sent = await insertSentOrder(
    tx,
    row.business_id,
    {
      orderId: order.id,
      supplierId: order.supplierId,
      channel: 'email',
      text: order.text,
      introduce: order.introduce,
      sentAt: new Date(now),
      lines,
      by: null,
      currency: order.currency,
      confirm,
    },
    links,
  );
  await refreshUsual(
    tx,
    row.business_id,
    order.id,
    lines.map((line) => line.productId),
  );
  await emitEvent(tx, row.business_id, 'order.sent', sent, now);
  // The next delivery starts from an empty order, so the standing order prepares it too.
  await clearQuantities(tx, row.business_id, order.id);
  await tx.updateTable('standing_runs').set({ sent_order_id: sent.id, outcome: 'sending' }).where('id', '=', run.id).execute();
  return { sentOrderId: sent.id };
}
