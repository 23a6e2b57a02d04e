import {
  type ApiDeps,
  pruneProductListChanges,
  pruneSessions,
  pruneWebhookEvents,
  runReminders,
  runStandingOrders,
  summarizeError,
  WebhookDispatcher,
} from '@reorder/api';
import type { Config } from '../config.ts';
import type { Metrics } from '../metrics.ts';

/** The background work of a running server, as its shutdown stops it. */
export interface Jobs {
  /** Starts no further round: clears every timer. */
  stopTimers(): void;
  /** Waits for the reminder round under way, then stops the webhook deliveries. */
  settle(): Promise<void>;
}

/**
 * Starts the work every process does on timers beside answering requests:
 * pruning (rate limits, sessions, the webhook log, the product list's changes), the reminder schedule and
 * webhook deliveries. Timers are unref'd: they never keep the process alive.
 */
export function startJobs(deps: ApiDeps, config: Config, metrics: Metrics): Jobs {
  const logger = deps.logger;
  const prune = setInterval(
    () => {
      deps.rateLimiter.prune().catch((error: unknown) => logger.warn('rate limit pruning failed', summarizeError(error)));
      pruneSessions(deps.db).catch((error: unknown) => logger.warn('session pruning failed', summarizeError(error)));
      pruneWebhookEvents(deps.db).catch((error: unknown) => logger.warn('webhook log pruning failed', summarizeError(error)));
      pruneProductListChanges(deps.db).catch((error: unknown) => logger.warn('product list change pruning failed', summarizeError(error)));
    },
    10 * 60 * 1000,
  );
  prune.unref();

  // Every process runs the reminder schedule; the database makes each reminder go out once (docs/decisions.md §6.3).
  let reminderRound: Promise<unknown> | undefined;
  const reminders =
    config.reminderIntervalMs > 0
      ? setInterval(() => {
          reminderRound ??= runReminders(deps, config.reminderLeaseMs)
            .then((outcomes) => {
              for (const { outcome } of outcomes) metrics.reminded(outcome);
            })
            .catch((error: unknown) => logger.warn('reminder round failed', summarizeError(error)))
            // The standing orders run on the same schedule and tick (docs/decisions.md §9.5).
            .then(() => runStandingOrders(deps, config.reminderLeaseMs))
            .catch((error: unknown) => logger.warn('standing order round failed', summarizeError(error)))
            .finally(() => {
              reminderRound = undefined;
            });
        }, config.reminderIntervalMs)
      : undefined;
  reminders?.unref();

  // Every process delivers webhooks; the queue's claims make each delivery one process's at a time (docs/decisions.md §8.5),
  // and each is posted on its own, so none waits for another (§9.7): the interval only looks for newly due ones.
  const webhookDispatcher = new WebhookDispatcher(deps);
  const webhooks =
    config.webhookIntervalMs > 0
      ? setInterval(() => {
          webhookDispatcher.poll().catch((error: unknown) => logger.warn('webhook round failed', summarizeError(error)));
        }, config.webhookIntervalMs)
      : undefined;
  webhooks?.unref();

  return {
    stopTimers() {
      clearInterval(prune);
      clearInterval(reminders);
      clearInterval(webhooks);
    },
    async settle() {
      await reminderRound;
      await webhookDispatcher.stop();
    },
  };
}
