/**
 * How deliveries are timed (docs/decisions.md §8.5). The defaults are the
 * product's; tests give a server shorter ones (WEBHOOK_* settings), never
 * a different rule.
 */
export interface WebhookTiming {
  /** The wait after a first failure; it doubles after each (30 s). */
  retryBaseMs: number;
  /** The longest wait between two attempts (1 hour). */
  retryMaxMs: number;
  /** How long an attempt may take before it counts as failed (10 s). */
  timeoutMs: number;
  /** How long a claim holds off the other processes (60 s): past it, a delivery whose process died is claimed again. */
  leaseMs: number;
}

export const DEFAULT_WEBHOOK_TIMING: WebhookTiming = { retryBaseMs: 30_000, retryMaxMs: 3_600_000, timeoutMs: 10_000, leaseMs: 60_000 };
