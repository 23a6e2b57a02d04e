import { nowOf } from '../context.ts';
import { summarizeError } from '../platform/logger.ts';
import { DEFAULT_LEASE_MS } from '../reminders/reminders.ts';
import { announceRun } from './announce.ts';
import { autoSendRun, type StandingDeps } from './auto-send.ts';
import { prepareRun } from './prepare.ts';
import { type ClaimedRun, claimDueRun, closeRun, planStandingRuns, releaseRun } from './runs.ts';

/** Steps taken per round at most (the next round goes on). */
const PER_ROUND = 200;
/** After this many claims without success, a run is closed as failed. */
const MAX_ATTEMPTS = 5;

export interface StandingOutcome {
  runId: number;
  supplierId: number;
  deliveryDay: string;
  outcome: string;
}

/**
 * One step of a claimed run: prepare it (then tell the members), finish
 * telling them, or send it by itself once its moment came.
 */
async function step(deps: StandingDeps, run: ClaimedRun, now: number): Promise<string> {
  if (run.prepared_at === null) {
    const prepared = await prepareRun(deps.db, run, now);
    if (prepared === undefined) {
      await releaseRun(deps.db, run.id);
      return 'prepared elsewhere';
    }
    if (prepared.kind === 'closed') return prepared.outcome;
    await announceRun(deps, run, prepared, nowOf(deps));
    return prepared.kind;
  }
  if (run.announced_at === null) {
    const kind = run.outcome === 'not empty' ? 'not empty' : 'prepared';
    await announceRun(deps, run, { kind, lines: await linesOf(deps, run) }, now);
    return `${kind} (told)`;
  }
  return autoSendRun(deps, run, now);
}

/** How many lines the order has now, for a message finished by another process than the one that prepared it. */
async function linesOf(deps: StandingDeps, run: ClaimedRun): Promise<number> {
  const row = await deps.db
    .selectFrom('order_quantities')
    .innerJoin('orders', 'orders.id', 'order_quantities.order_id')
    .select(deps.db.fn.countAll<number>().as('n'))
    .where('orders.supplier_id', '=', run.supplier_id)
    .where('order_quantities.quantity', '>', 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * One round of the standing orders (docs/decisions.md §9.5), run by every
 * server process on the reminders' interval: plan, then claim each step that
 * is due and take it. A step that fails stays claimed until its lease ends
 * and is taken again, at most MAX_ATTEMPTS times. Preparing and recording
 * the auto-send are each one transaction on the run's row, so they happen
 * once; a member's message or the supplier's mail is repeated only when a
 * process dies after the mail server took it and before the run says so.
 */
export async function runStandingOrders(deps: StandingDeps, leaseMs = DEFAULT_LEASE_MS): Promise<StandingOutcome[]> {
  await planStandingRuns(deps.db, nowOf(deps));
  const outcomes: StandingOutcome[] = [];
  for (let i = 0; i < PER_ROUND; i++) {
    const now = nowOf(deps);
    const run = await claimDueRun(deps.db, now, leaseMs);
    if (!run) break;
    const done = { runId: run.id, supplierId: run.supplier_id, deliveryDay: run.delivery_day };
    try {
      const outcome = await step(deps, run, now);
      if (outcome === 'prepared' || outcome === 'sent') deps.logger.info(`standing order ${outcome}`, done);
      outcomes.push({ ...done, outcome });
    } catch (error) {
      deps.logger.warn('standing order step failed', { ...done, attempts: run.attempts, ...summarizeError(error) });
      if (run.attempts >= MAX_ATTEMPTS) await closeRun(deps.db, run.id, nowOf(deps), 'failed');
      outcomes.push({ ...done, outcome: 'failed' });
    }
  }
  return outcomes;
}
