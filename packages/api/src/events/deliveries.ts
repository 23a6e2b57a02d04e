import { createHmac } from 'node:crypto';
import type { Db } from '@reorder/db';
import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TEST_EVENT } from '@reorder/schemas';
import { href } from '@reorder/schemas/web-paths';
import { sql } from 'kysely';
import { type ApiDeps, DAY_MS, nowOf } from '../context.ts';
import { webhookDisabledEmail } from '../mail/messages.ts';
import { summarizeError } from '../platform/logger.ts';
import { OutboundRefused, sendOutbound } from '../platform/outbound.ts';
import { DEFAULT_WEBHOOK_TIMING, type WebhookTiming } from './timing.ts';

/** How long a delivery is tried, and how long an endpoint may fail before it is switched off: 24 hours (shared DECISIONS §8.5). */
export const GIVE_UP_MS = DAY_MS;
/**
 * Deliveries one process posts at a time, each on its own (docs/decisions.md
 * §9.7): a slot that frees is filled at once from the queue, and an endpoint
 * has one delivery in flight per process, so one that hangs holds one slot.
 */
const CONCURRENCY = 16;
/** Attempts one `runWebhookDeliveries` call makes at most (a failing endpoint with a short retry would keep it going). */
const ATTEMPTS_PER_ROUND = 200;
const USER_AGENT = 'Reorder-Webhooks/1.0';

export type WebhookDeps = Pick<ApiDeps, 'db' | 'mailer' | 'logger' | 'settings' | 'clock' | 'outbound' | 'webhooks'>;

const timingOf = (deps: Pick<ApiDeps, 'webhooks'>): WebhookTiming => ({ ...DEFAULT_WEBHOOK_TIMING, ...deps.webhooks });

/**
 * The `Reorder-Signature` header of a body posted at `t` (unix seconds):
 * `t=<t>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the secret>`, the secret
 * being the whole `whsec_…` text (Stripe's scheme).
 */
export function signDelivery(secret: string, t: number, body: string): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/** The wait before attempt `attempts + 1`, after `attempts` failed ones: base, 2 × base, 4 × base… up to the maximum. */
export function retryDelay(timing: WebhookTiming, attempts: number): number {
  return Math.min(timing.retryMaxMs, timing.retryBaseMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30));
}

interface Claimed {
  id: number;
  attempts: number;
  created_at: Date;
  endpoint_id: number;
  business_id: number;
  url: string;
  secret: string;
  disabled_at: Date | null;
  event_id: string;
  type: string;
  data: unknown;
}

/**
 * Claims deliveries for this process: up to `which.limit` due ones, at most
 * one per endpoint and none of the endpoints in `which.busy` (those this
 * process is posting to), or the one `which.id` whenever it was due ("Send
 * test event" posts at once). Rows
 * another process is claiming at that instant are skipped (FOR UPDATE SKIP
 * LOCKED), and a claim lasts the lease, so each delivery is attempted by one
 * process at a time, and one whose process died is claimed again once the
 * lease ends.
 */
async function claim(
  db: Db,
  now: number,
  leaseMs: number,
  which: { limit: number; busy: readonly number[] } | { id: number },
): Promise<Claimed[]> {
  const at = new Date(now);
  const [chosen, taken] =
    'id' in which
      ? [sql`id = ${which.id}`, sql.raw('')]
      : [
          // The oldest due delivery of each endpoint not busy here (FOR UPDATE cannot go with DISTINCT ON: chosen first, locked below).
          sql`id IN (
            SELECT id FROM (
              SELECT DISTINCT ON (endpoint_id) id, next_attempt_at FROM webhook_deliveries
              WHERE status = 'pending' AND (claimed_until IS NULL OR claimed_until <= ${at}) AND next_attempt_at <= ${at}
                AND endpoint_id <> ALL(${sql.val([...which.busy])}::int[])
              ORDER BY endpoint_id, next_attempt_at, id
            ) due ORDER BY next_attempt_at, id LIMIT ${which.limit}
          ) AND next_attempt_at <= ${at}`,
          sql.raw(''),
        ];
  const result = await sql<Claimed>`
    WITH claimed AS (
      SELECT id FROM webhook_deliveries
      WHERE status = 'pending' AND (claimed_until IS NULL OR claimed_until <= ${at}) AND ${chosen}
      ${taken}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE webhook_deliveries d SET claimed_until = ${new Date(now + leaseMs)}, attempts = d.attempts + 1
    FROM claimed, webhook_endpoints e, webhook_events ev
    WHERE d.id = claimed.id AND e.id = d.endpoint_id AND ev.id = d.event_id
    RETURNING d.id, d.attempts, d.created_at, e.id AS endpoint_id, e.business_id, e.url, e.secret, e.disabled_at,
      ev.id AS event_id, ev.type, ev.data`.execute(db);
  return result.rows.map((row) => ({
    ...row,
    attempts: Number(row.attempts),
    created_at: new Date(row.created_at),
    disabled_at: row.disabled_at === null ? null : new Date(row.disabled_at),
    data: typeof row.data === 'string' ? JSON.parse(row.data) : row.data,
  }));
}

/** Claims one delivery now, whenever it was due; undefined when another process holds it (or it is no longer pending). */
export async function claimDelivery(db: Db, deliveryId: number, now: number, leaseMs: number): Promise<Claimed | undefined> {
  return (await claim(db, now, leaseMs, { id: deliveryId }))[0];
}

export type DeliveryOutcome = 'delivered' | 'retry' | 'failed';

/**
 * Why an attempt failed, as the deliveries log (and the owners' email) says
 * it: the outbound rule's refusal, no answer in time, or "Could not connect",
 * never the socket's or TLS's code (docs/decisions.md §9.7): those tell
 * whoever reads the log about the network behind the URL (a certificate's
 * name, a port closed or filtered), and the owner can act on none of them.
 */
function failureOf(error: unknown, timing: WebhookTiming): string {
  if (error instanceof OutboundRefused) return error.message;
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') return `No answer within ${timing.timeoutMs / 1000} s`;
  return 'Could not connect';
}

/**
 * Posts one claimed delivery and records what came of it: a 2xx answer
 * delivers it (and the endpoint is no longer failing); anything else (an
 * error status, a redirect, which is never followed, no answer within the
 * timeout, a URL the outbound rule refuses now) is a failure, tried again
 * after the backoff until the event is 24 hours old, then given up. An
 * endpoint whose deliveries have all failed for 24 hours is switched off
 * (its pending deliveries given up) and the business's owners are emailed.
 */
export async function attemptDelivery(deps: WebhookDeps, claimed: Claimed): Promise<DeliveryOutcome> {
  const { db } = deps;
  const timing = timingOf(deps);
  if (claimed.disabled_at !== null && claimed.type !== WEBHOOK_TEST_EVENT) {
    await finish(db, claimed.id, { status: 'failed', at: nowOf(deps), responseStatus: null, error: 'The endpoint is switched off' });
    return 'failed';
  }
  const body = JSON.stringify({
    id: claimed.event_id,
    type: claimed.type,
    createdAt: claimed.created_at.toISOString(),
    data: claimed.data,
  });
  const startedAt = nowOf(deps);
  let responseStatus: number | null = null;
  let error: string | null = null;
  try {
    const response = await sendOutbound(
      claimed.url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
          [WEBHOOK_SIGNATURE_HEADER]: signDelivery(claimed.secret, Math.floor(startedAt / 1000), body),
        },
        body: Buffer.from(body),
      },
      { ...deps.outbound, timeoutMs: timing.timeoutMs },
    );
    responseStatus = response.status;
    if (response.status >= 300 && response.status < 400) error = `Redirects are not followed (answered ${response.status})`;
    else if (response.status < 200 || response.status >= 300) error = `Answered ${response.status}`;
  } catch (caught) {
    error = failureOf(caught, timing);
  }
  const now = nowOf(deps);
  if (error === null) {
    await db.transaction().execute(async (tx) => {
      await finish(tx, claimed.id, { status: 'delivered', at: now, responseStatus, error: null });
      // A success ends the failures in a row (and a test event that reaches a switched-off endpoint turns it on again).
      await tx
        .updateTable('webhook_endpoints')
        .set({ failing_since: null, disabled_at: null })
        .where('id', '=', claimed.endpoint_id)
        .execute();
    });
    return 'delivered';
  }
  deps.logger.info('webhook delivery failed', {
    deliveryId: claimed.id,
    endpointId: claimed.endpoint_id,
    attempts: claimed.attempts,
    error,
  });
  const giveUpAt = claimed.created_at.getTime() + GIVE_UP_MS;
  const outcome: DeliveryOutcome = now >= giveUpAt || claimed.type === WEBHOOK_TEST_EVENT ? 'failed' : 'retry';
  if (outcome === 'failed') await finish(db, claimed.id, { status: 'failed', at: now, responseStatus, error });
  else {
    await db
      .updateTable('webhook_deliveries')
      .set({
        claimed_until: null,
        last_attempt_at: new Date(now),
        response_status: responseStatus,
        error,
        next_attempt_at: new Date(Math.min(now + retryDelay(timing, claimed.attempts), giveUpAt)),
      })
      .where('id', '=', claimed.id)
      .execute();
  }
  if (claimed.disabled_at === null) await noteEndpointFailure(deps, claimed, now, error);
  return outcome;
}

async function finish(
  db: Db,
  id: number,
  result: { status: 'delivered' | 'failed'; at: number; responseStatus: number | null; error: string | null },
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({
      status: result.status,
      claimed_until: null,
      last_attempt_at: new Date(result.at),
      response_status: result.responseStatus,
      error: result.error,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Counts a failure against the endpoint: the first of a run sets
 * `failing_since`; one 24 hours or more after it switches the endpoint off.
 * The switch is one conditional UPDATE, so of several processes failing at
 * once one switches it and emails the owners.
 */
async function noteEndpointFailure(deps: WebhookDeps, claimed: Claimed, now: number, error: string): Promise<void> {
  const at = new Date(now);
  const switchedOff = await deps.db.transaction().execute(async (tx) => {
    await tx
      .updateTable('webhook_endpoints')
      .set({ failing_since: sql`COALESCE(failing_since, ${at})` })
      .where('id', '=', claimed.endpoint_id)
      .execute();
    const row = await tx
      .updateTable('webhook_endpoints')
      .set({ disabled_at: at })
      .where('id', '=', claimed.endpoint_id)
      .where('disabled_at', 'is', null)
      .where('failing_since', '<=', new Date(now - GIVE_UP_MS))
      .returning(['id', 'url', 'business_id'])
      .executeTakeFirst();
    if (!row) return undefined;
    await tx
      .updateTable('webhook_deliveries')
      .set({ status: 'failed', claimed_until: null, error: 'Given up: the endpoint was switched off after 24 hours of failures' })
      .where('endpoint_id', '=', row.id)
      .where('status', '=', 'pending')
      .execute();
    return row;
  });
  if (!switchedOff) return;
  deps.logger.warn('webhook endpoint switched off', { endpointId: switchedOff.id, businessId: switchedOff.business_id });
  await emailOwners(deps, switchedOff, error);
}

/** Tells every owner of the business, in their language, that the endpoint was switched off and why. */
async function emailOwners(deps: WebhookDeps, endpoint: { url: string; business_id: number }, error: string): Promise<void> {
  const owners = await deps.db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .innerJoin('businesses', 'businesses.id', 'memberships.business_id')
    .select(['users.email', 'users.full_name', 'users.language', 'businesses.name as business_name'])
    .where('memberships.business_id', '=', endpoint.business_id)
    .where('memberships.role', '=', 'owner')
    .execute();
  const link = `${deps.settings.publicUrl}${href('profile.webhooks')}`;
  for (const owner of owners) {
    try {
      await deps.mailer.send({
        to: owner.email,
        ...webhookDisabledEmail({
          locale: owner.language,
          name: owner.full_name,
          business: owner.business_name,
          url: endpoint.url,
          error,
          link,
        }),
      });
    } catch (caught) {
      deps.logger.warn('webhook switch-off email failed', summarizeError(caught));
    }
  }
}

/**
 * This process's share of the delivery queue (docs/decisions.md §8.5, §9.7).
 * Each claimed delivery is posted and recorded on its own: none waits for
 * another, so an endpoint that hangs until the timeout holds one slot and
 * delays no other endpoint, of its business or another. Whenever a slot
 * frees (and on every `poll`), due deliveries are claimed for the free
 * slots, one per endpoint that has none in flight here. What is promised:
 * each delivery is attempted by one process at a time (the claim's lease)
 * and retried until it is delivered or 24 hours old (at least once). What
 * is not: a process that dies after the receiver took a delivery but before
 * it is recorded leaves it to be posted again after the lease, so receivers
 * ignore an event id they have seen.
 */
export class WebhookDispatcher {
  readonly #deps: WebhookDeps;
  readonly #attemptsLeft: { n: number };
  readonly #onOutcome: ((id: number, outcome: DeliveryOutcome) => void) | undefined;
  readonly #inFlight = new Set<Promise<void>>();
  /** The endpoints this process is posting to. */
  readonly #busy = new Set<number>();
  #claiming: Promise<void> | undefined;
  #pollAgain = false;
  #stopped = false;

  constructor(deps: WebhookDeps, options: { attempts?: number; onOutcome?: (id: number, outcome: DeliveryOutcome) => void } = {}) {
    this.#deps = deps;
    this.#attemptsLeft = { n: options.attempts ?? Number.POSITIVE_INFINITY };
    this.#onOutcome = options.onOutcome;
  }

  /** Claims due deliveries for the free slots and starts them; resolves once claimed (not delivered). */
  poll(): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    if (this.#claiming) {
      // A slot freed while claiming: claim again right after.
      this.#pollAgain = true;
      return this.#claiming;
    }
    this.#claiming = this.#fill().finally(() => {
      this.#claiming = undefined;
      if (this.#pollAgain) {
        this.#pollAgain = false;
        this.#pollQuietly();
      }
    });
    return this.#claiming;
  }

  /** Resolves once nothing is being claimed or posted (what was started has been recorded). */
  async idle(): Promise<void> {
    while (this.#claiming || this.#inFlight.size > 0) await Promise.allSettled([this.#claiming, ...this.#inFlight]);
  }

  /** Claims nothing more; resolves once what is in flight has been recorded (shutdown). */
  async stop(): Promise<void> {
    this.#stopped = true;
    await this.idle();
  }

  #pollQuietly(): void {
    this.poll().catch((error: unknown) => this.#deps.logger.warn('webhook claim failed', summarizeError(error)));
  }

  async #fill(): Promise<void> {
    const timing = timingOf(this.#deps);
    for (;;) {
      const free = Math.min(CONCURRENCY - this.#inFlight.size, this.#attemptsLeft.n);
      if (free <= 0 || this.#stopped) return;
      const claimed = await claim(this.#deps.db, nowOf(this.#deps), timing.leaseMs, { limit: free, busy: [...this.#busy] });
      for (const delivery of claimed) this.#start(delivery);
      if (claimed.length < free) return;
    }
  }

  #start(delivery: Claimed): void {
    this.#attemptsLeft.n -= 1;
    this.#busy.add(delivery.endpoint_id);
    const posted: Promise<void> = attemptDelivery(this.#deps, delivery)
      .catch((error: unknown) => {
        // Left claimed: tried again once the lease ends.
        this.#deps.logger.warn('webhook delivery could not be recorded', { deliveryId: delivery.id, ...summarizeError(error) });
        return 'retry' as const;
      })
      .then((outcome) => this.#onOutcome?.(delivery.id, outcome))
      .finally(() => {
        this.#busy.delete(delivery.endpoint_id);
        this.#inFlight.delete(posted);
        this.#pollQuietly();
      });
    this.#inFlight.add(posted);
  }
}

/**
 * One round of the queue, for tests and tools: a `WebhookDispatcher` that
 * claims and posts until nothing due is left (at most 200 attempts), and the
 * outcome of each attempt. The server keeps one dispatcher instead, polled
 * every `WEBHOOK_INTERVAL_MS`.
 */
export async function runWebhookDeliveries(deps: WebhookDeps): Promise<{ id: number; outcome: DeliveryOutcome }[]> {
  const outcomes: { id: number; outcome: DeliveryOutcome }[] = [];
  const dispatcher = new WebhookDispatcher(deps, {
    attempts: ATTEMPTS_PER_ROUND,
    onOutcome: (id, outcome) => outcomes.push({ id, outcome }),
  });
  await dispatcher.poll();
  await dispatcher.idle();
  return outcomes;
}

/** How long an event and its deliveries' log are kept once nothing is left to deliver: 30 days. */
export const WEBHOOK_LOG_DAYS = 30;

/**
 * Deletes the events older than `days` that have no delivery still pending
 * (their deliveries go with them: the log the Webhooks screen shows); returns
 * how many events went. A delivery stays pending 24 hours at most, so in
 * practice every event goes once it is `days` old. Run by every server
 * process beside the sessions' pruning; two at once delete each row once.
 */
export async function pruneWebhookEvents(db: Db, days = WEBHOOK_LOG_DAYS): Promise<number> {
  const result = await db
    .deleteFrom('webhook_events')
    .where('created_at', '<', sql<Date>`now() - make_interval(days => ${days})`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('webhook_deliveries')
            .select('webhook_deliveries.id')
            .whereRef('webhook_deliveries.event_id', '=', 'webhook_events.id')
            .where('webhook_deliveries.status', '=', 'pending'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
