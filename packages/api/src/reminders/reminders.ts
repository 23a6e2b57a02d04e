import type { Db } from '@reorder/db';
import { translate } from '@reorder/i18n';
import { href } from '@reorder/schemas/web-paths';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import type { ApiDeps } from '../context.ts';
import { DAY_MS, nowOf } from '../context.ts';
import { reminderEmail } from '../mail/messages.ts';
import { notifyOwner, OWNER_COLUMNS } from '../mail/notify-owner.ts';
import { summarizeError } from '../platform/logger.ts';
import { cutoffsAfter, type Schedule } from '../schedule.ts';

/** How long a claim holds off the other processes: past it, a reminder whose process died is claimed again. */
export const DEFAULT_LEASE_MS = 2 * 60 * 1000;
/** Reminders delivered per round at most (the next round goes on). */
const PER_ROUND = 200;
/** After this many claims without success, a reminder is closed as failed. */
const MAX_ATTEMPTS = 5;

export type ReminderDeps = Pick<ApiDeps, 'db' | 'mailer' | 'logger' | 'settings' | 'clock' | 'push'>;

/** A supplier row's schedule columns (reminders and standing orders read them alike). */
export interface ScheduledRow {
  delivery_days: number[];
  cutoff_time: string | null;
  lead_days: number;
}

export const scheduleOf = (row: ScheduledRow): Schedule => ({
  deliveryDays: row.delivery_days.map(Number),
  cutoffTime: row.cutoff_time,
  leadDays: Number(row.lead_days),
});

/**
 * Plans the next reminder of every supplier that has a cut-off, for each
 * member of its business who wants reminders (docs/decisions.md §8.2), in
 * that member's time zone, unless one is planned (or was done) for them for
 * a cut-off still ahead. The unique (supplier, member, cut-off) key makes
 * planning by several processes at once plan each reminder once.
 */
export async function planReminders(db: Db, now: number): Promise<number> {
  const rows = await db
    .selectFrom('suppliers')
    .innerJoin('memberships', 'memberships.business_id', 'suppliers.business_id')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select([
      'suppliers.id',
      'users.id as user_id',
      'suppliers.delivery_days',
      'suppliers.cutoff_time',
      'suppliers.lead_days',
      'users.time_zone',
      'users.reminder_minutes',
    ])
    .where('users.reminders', '=', true)
    .where('suppliers.cutoff_time', 'is not', null)
    .where(sql<boolean>`cardinality(suppliers.delivery_days) > 0`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('reminders')
            .select('reminders.id')
            .whereRef('reminders.supplier_id', '=', 'suppliers.id')
            .whereRef('reminders.user_id', '=', 'users.id')
            .where('reminders.cutoff_at', '>', new Date(now)),
        ),
      ),
    )
    .execute();
  const planned = rows.flatMap((row) => {
    const [next] = cutoffsAfter(scheduleOf(row), row.time_zone, now, now + 15 * DAY_MS);
    if (!next) return [];
    const cutoff = next.at.toMillis();
    return [
      {
        user_id: row.user_id,
        supplier_id: row.id,
        cutoff_at: new Date(cutoff),
        delivery_day: next.deliveryDay,
        due_at: new Date(cutoff - Number(row.reminder_minutes) * 60_000),
      },
    ];
  });
  if (planned.length === 0) return 0;
  const inserted = await db
    .insertInto('reminders')
    .values(planned)
    .onConflict((oc) => oc.columns(['supplier_id', 'user_id', 'cutoff_at']).doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

interface Claimed {
  id: number;
  user_id: number;
  supplier_id: number;
  cutoff_at: Date;
  delivery_day: string;
  attempts: number;
}

/**
 * Claims the most overdue reminder for this process: a row another process is
 * claiming at that instant is skipped (FOR UPDATE SKIP LOCKED), and a claim
 * lasts `leaseMs`, so a process that dies holding one delays it by the lease,
 * never loses it. One at a time, so the lease covers one delivery only.
 */
export async function claimDueReminder(db: Db, now: number, leaseMs: number): Promise<Claimed | undefined> {
  const at = new Date(now);
  const result = await sql<Claimed>`
    UPDATE reminders SET claimed_until = ${new Date(now + leaseMs)}, attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM reminders
      WHERE done_at IS NULL AND due_at <= ${at} AND (claimed_until IS NULL OR claimed_until <= ${at})
      ORDER BY due_at
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, user_id, supplier_id, cutoff_at, delivery_day, attempts`.execute(db);
  const row = result.rows[0];
  return row && { ...row, cutoff_at: new Date(row.cutoff_at), attempts: Number(row.attempts) };
}

async function close(db: Db, id: number, now: number, outcome: string): Promise<void> {
  await db
    .updateTable('reminders')
    .set({ done_at: new Date(now), outcome, claimed_until: null })
    .where('id', '=', id)
    .execute();
}

/**
 * Delivers one claimed reminder, or closes it as needless: reminders were
 * switched off, the cut-off has passed or is no longer in the schedule, or
 * the order was sent since the supplier's previous cut-off, or the member
 * left the business. Delivery is an email in the member's language and a push to each of their browsers
 * (subscriptions the push service says are gone are removed).
 */
async function deliver(deps: ReminderDeps, reminder: Claimed, now: number): Promise<string> {
  const { db } = deps;
  const row = await db
    .selectFrom('suppliers')
    // The member the reminder was planned for, while still a member of the supplier's business.
    .innerJoin('users', (join) => join.on('users.id', '=', reminder.user_id))
    .leftJoin('memberships', (join) =>
      join.onRef('memberships.business_id', '=', 'suppliers.business_id').onRef('memberships.user_id', '=', 'users.id'),
    )
    .innerJoin('orders', 'orders.supplier_id', 'suppliers.id')
    .select([
      'suppliers.name as supplier_name',
      'suppliers.delivery_days',
      'suppliers.cutoff_time',
      'suppliers.lead_days',
      ...OWNER_COLUMNS,
      'users.reminders',
      'memberships.role',
      'orders.id as order_id',
    ])
    .where('suppliers.id', '=', reminder.supplier_id)
    .executeTakeFirst();
  if (!row) return 'supplier gone';
  if (row.role === null) return 'not a member';
  if (!row.reminders) return 'reminders off';
  const cutoff = reminder.cutoff_at.getTime();
  if (cutoff <= now) return 'too late';
  const schedule = scheduleOf(row);
  const around = cutoffsAfter(schedule, row.time_zone, cutoff - 8 * DAY_MS, cutoff);
  if (around.at(-1)?.at.toMillis() !== cutoff) return 'schedule changed';
  const previous = around.at(-2)?.at.toMillis() ?? cutoff - 7 * DAY_MS;
  const sent = await db
    .selectFrom('sent_orders')
    .select('id')
    .where('order_id', '=', row.order_id)
    .where('sent_at', '>', new Date(previous))
    .executeTakeFirst();
  if (sent) return 'already sent';

  const locale = row.language;
  const at = DateTime.fromMillis(cutoff, { zone: row.time_zone }).setLocale(locale);
  const time = at.toFormat('HH:mm');
  const sameDay = at.hasSame(DateTime.fromMillis(now, { zone: row.time_zone }), 'day');
  const when = sameDay
    ? translate(locale, 'mail.reminder.today', { time })
    : translate(locale, 'mail.reminder.onDay', { day: at.toFormat('cccc'), time });
  const delivery = DateTime.fromISO(reminder.delivery_day, { zone: row.time_zone }).setLocale(locale).toFormat('cccc');
  const link = `${deps.settings.publicUrl}${href('orders.order', { supplierId: reminder.supplier_id })}`;
  await notifyOwner(
    deps,
    { userId: reminder.user_id, email: row.email },
    {
      mail: { ...reminderEmail({ locale, name: row.full_name, supplier: row.supplier_name, time, when, delivery, link }), hasLink: true },
      push: {
        title: row.supplier_name,
        body: translate(locale, 'mail.reminder.push', { when, delivery }),
        url: link,
        tag: `reminder-${reminder.supplier_id}`,
      },
    },
  );
  return 'sent';
}

/**
 * One round of the reminder schedule, run by every server process on an
 * interval: plan, then claim what is due one by one and deliver or close it.
 * A delivery that fails stays claimed until its lease ends and is tried
 * again (by any process), at most MAX_ATTEMPTS times. What is not promised:
 * a process that dies after the SMTP server took the email but before the
 * reminder is closed leaves it to be sent again after the lease, and a
 * delivery slower than the lease may be taken over; the lease (2 minutes by
 * default) is far longer than a delivery. Returns what each claimed reminder
 * became.
 */
export async function runReminders(
  deps: ReminderDeps,
  leaseMs = DEFAULT_LEASE_MS,
): Promise<{ id: number; supplierId: number; outcome: string }[]> {
  await planReminders(deps.db, nowOf(deps));
  const outcomes: { id: number; supplierId: number; outcome: string }[] = [];
  for (let i = 0; i < PER_ROUND; i++) {
    const now = nowOf(deps);
    const reminder = await claimDueReminder(deps.db, now, leaseMs);
    if (!reminder) break;
    try {
      const outcome = await deliver(deps, reminder, now);
      await close(deps.db, reminder.id, nowOf(deps), outcome);
      if (outcome === 'sent') deps.logger.info('reminder sent', { reminderId: reminder.id, supplierId: reminder.supplier_id });
      outcomes.push({ id: reminder.id, supplierId: reminder.supplier_id, outcome });
    } catch (error) {
      deps.logger.warn('reminder failed', { reminderId: reminder.id, attempts: reminder.attempts, ...summarizeError(error) });
      if (reminder.attempts >= MAX_ATTEMPTS) await close(deps.db, reminder.id, nowOf(deps), 'failed');
      outcomes.push({ id: reminder.id, supplierId: reminder.supplier_id, outcome: 'failed' });
    }
  }
  return outcomes;
}
