import type { Db } from '@reorder/db';
import { sql } from 'kysely';
import { DAY_MS } from '../context.ts';
import { cutoffsAfter, type Schedule } from '../schedule.ts';

/** How long before the cut-off an auto-sent order goes out (docs/decisions.md §9.5). */
export const AUTO_SEND_BEFORE_MS = 30 * 60 * 1000;

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
 * The time zone a business's schedules are read in for its standing orders:
 * its first owner's (the one who made it), as the business's mails are
 * written in that owner's language. Null when the business has no owner.
 */
export const firstOwnerTimeZone = sql<string | null>`(
  SELECT u.time_zone FROM memberships m JOIN users u ON u.id = m.user_id
  WHERE m.business_id = suppliers.business_id AND m.role = 'owner'
  ORDER BY m.created_at, m.user_id LIMIT 1)`;

/**
 * Plans the next delivery of every enabled standing order whose supplier has
 * delivery days and a cut-off time (docs/decisions.md §9.5): one row per
 * supplier and delivery day, whose moments (prepare at cut-off −
 * `prepareHoursBefore`, send at cut-off − 30 minutes with `autoSend`) follow
 * the standing order and the schedule until it is prepared (the send moment
 * until it is done). The unique (supplier, delivery day) key makes planning
 * by several processes at once plan each delivery once.
 */
export async function planStandingRuns(db: Db, now: number): Promise<void> {
  const rows = await db
    .selectFrom('standing_orders')
    .innerJoin('suppliers', 'suppliers.id', 'standing_orders.supplier_id')
    .select([
      'suppliers.id',
      'suppliers.delivery_days',
      'suppliers.cutoff_time',
      'suppliers.lead_days',
      'suppliers.message_service',
      'standing_orders.prepare_hours_before',
      'standing_orders.auto_send',
      firstOwnerTimeZone.as('time_zone'),
    ])
    .where('standing_orders.enabled', '=', true)
    .where('suppliers.cutoff_time', 'is not', null)
    .where(sql<boolean>`cardinality(suppliers.delivery_days) > 0`)
    .execute();
  const planned = rows.flatMap((row) => {
    if (row.time_zone === null) return [];
    const [next] = cutoffsAfter(scheduleOf(row), row.time_zone, now, now + 15 * DAY_MS);
    if (!next) return [];
    const cutoff = next.at.toMillis();
    const autoSend = row.auto_send && row.message_service === 'email';
    return [
      {
        supplier_id: row.id,
        delivery_day: next.deliveryDay,
        cutoff_at: new Date(cutoff),
        prepare_at: new Date(cutoff - Number(row.prepare_hours_before) * 3600_000),
        send_at: autoSend ? new Date(cutoff - AUTO_SEND_BEFORE_MS) : null,
      },
    ];
  });
  if (planned.length === 0) return;
  await db
    .insertInto('standing_runs')
    .values(planned)
    .onConflict((oc) =>
      oc
        .columns(['supplier_id', 'delivery_day'])
        .doUpdateSet({
          cutoff_at: sql`CASE WHEN standing_runs.prepared_at IS NULL THEN excluded.cutoff_at ELSE standing_runs.cutoff_at END`,
          prepare_at: sql`CASE WHEN standing_runs.prepared_at IS NULL THEN excluded.prepare_at ELSE standing_runs.prepare_at END`,
          send_at: sql`excluded.send_at`,
        })
        .where(sql<boolean>`standing_runs.done_at IS NULL AND (
          standing_runs.send_at IS DISTINCT FROM excluded.send_at OR (standing_runs.prepared_at IS NULL AND
            (standing_runs.cutoff_at, standing_runs.prepare_at) IS DISTINCT FROM (excluded.cutoff_at, excluded.prepare_at)))`),
    )
    .execute();
}

export interface ClaimedRun {
  id: number;
  supplier_id: number;
  delivery_day: string;
  cutoff_at: Date;
  send_at: Date | null;
  prepared_at: Date | null;
  outcome: string | null;
  announced_to: number[];
  announced_at: Date | null;
  sent_order_id: number | null;
  attempts: number;
}

/**
 * Claims the most overdue step of a standing order's delivery for this
 * process (FOR UPDATE SKIP LOCKED, held `leaseMs`, as reminders are): to
 * prepare it, to finish telling the members, or to send it by itself.
 */
export async function claimDueRun(db: Db, now: number, leaseMs: number): Promise<ClaimedRun | undefined> {
  const at = new Date(now);
  const result = await sql<ClaimedRun>`
    UPDATE standing_runs SET claimed_until = ${new Date(now + leaseMs)}, attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM standing_runs
      WHERE done_at IS NULL AND (claimed_until IS NULL OR claimed_until <= ${at})
        AND ((prepared_at IS NULL AND prepare_at <= ${at})
          OR (prepared_at IS NOT NULL AND announced_at IS NULL)
          OR (announced_at IS NOT NULL AND send_at <= ${at}))
      ORDER BY prepare_at
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, supplier_id, delivery_day, cutoff_at, send_at, prepared_at, outcome, announced_to, announced_at, sent_order_id, attempts`.execute(
    db,
  );
  const row = result.rows[0];
  if (!row) return undefined;
  const date = (value: Date | string | null) => (value === null ? null : new Date(value));
  return {
    ...row,
    cutoff_at: new Date(row.cutoff_at),
    send_at: date(row.send_at),
    prepared_at: date(row.prepared_at),
    announced_at: date(row.announced_at),
    announced_to: (row.announced_to ?? []).map(Number),
    attempts: Number(row.attempts),
  };
}

/** Ends a run: nothing more to do for that delivery. */
export async function closeRun(db: Db, id: number, now: number, outcome: string): Promise<void> {
  await db
    .updateTable('standing_runs')
    .set({ done_at: new Date(now), outcome, claimed_until: null })
    .where('id', '=', id)
    .execute();
}

/** Lets a run wait for its next moment (the auto-send) unclaimed. */
export async function releaseRun(db: Db, id: number): Promise<void> {
  await db.updateTable('standing_runs').set({ claimed_until: null }).where('id', '=', id).execute();
}
