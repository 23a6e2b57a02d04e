import { randomBytes } from 'node:crypto';
import type { Db } from '@reorder/db';
import {
  LIMITS,
  type TWebhook,
  type TWebhookDelivery,
  type TWebhookEvent,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TEST_EVENT,
} from '@reorder/schemas';

const COLUMNS = ['id', 'url', 'events', 'failing_since', 'disabled_at', 'created_at'] as const;

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

function toWebhook(row: {
  id: number;
  url: string;
  events: string[];
  failing_since: Date | null;
  disabled_at: Date | null;
  created_at: Date;
}): TWebhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as TWebhookEvent[],
    enabled: row.disabled_at === null,
    failingSince: iso(row.failing_since),
    disabledAt: iso(row.disabled_at),
    createdAt: row.created_at.toISOString(),
  };
}

/** A new signing secret: `whsec_` and 32 random bytes (as secret-tokens.ts makes link tokens), kept as is to sign with. */
export const newWebhookSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;

/** The business's endpoints, oldest first. */
export async function listWebhooks(db: Db, businessId: number): Promise<TWebhook[]> {
  const rows = await db.selectFrom('webhook_endpoints').select(COLUMNS).where('business_id', '=', businessId).orderBy('id').execute();
  return rows.map(toWebhook);
}

/** How many endpoints the business has, counted after locking its row (so concurrent additions respect the limit). */
export async function lockAndCountWebhooks(db: Db, businessId: number): Promise<number> {
  await db.selectFrom('businesses').select('id').where('id', '=', businessId).forUpdate().executeTakeFirst();
  const { count } = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('business_id', '=', businessId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function insertWebhook(
  db: Db,
  businessId: number,
  userId: number,
  fields: { url: string; events: readonly TWebhookEvent[] },
): Promise<TWebhook & { secret: string }> {
  const secret = newWebhookSecret();
  const row = await db
    .insertInto('webhook_endpoints')
    .values({ business_id: businessId, created_by: userId, url: fields.url, events: [...fields.events], secret })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return { ...toWebhook(row), secret };
}

/** Deletes one of the business's endpoints with its deliveries; false when it has none with that id. */
export async function deleteWebhook(db: Db, businessId: number, id: number): Promise<boolean> {
  const row = await db
    .deleteFrom('webhook_endpoints')
    .where('id', '=', id)
    .where('business_id', '=', businessId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function webhookExists(db: Db, businessId: number, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('id', '=', id)
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The endpoint's last deliveries (at most 100), newest first. */
export async function listDeliveries(db: Db, endpointId: number, deliveryId?: number): Promise<TWebhookDelivery[]> {
  let query = db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .select([
      'd.id',
      'd.event_id',
      'e.type',
      'd.status',
      'd.attempts',
      'd.response_status',
      'd.error',
      'd.created_at',
      'd.last_attempt_at',
      'd.next_attempt_at',
    ])
    .where('d.endpoint_id', '=', endpointId)
    .orderBy('d.id', 'desc')
    .limit(LIMITS.webhookDeliveriesShown);
  if (deliveryId !== undefined) query = query.where('d.id', '=', deliveryId);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    eventId: row.event_id,
    type: row.type,
    status: row.status,
    attempts: Number(row.attempts),
    responseStatus: row.response_status,
    error: row.error,
    createdAt: row.created_at.toISOString(),
    lastAttemptAt: iso(row.last_attempt_at),
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
  }));
}

/** Queues a test event for one endpoint (whether on or off), due now; returns its delivery's id. */
export async function queueTestEvent(db: Db, businessId: number, endpointId: number, eventId: string, now: number): Promise<number> {
  const at = new Date(now);
  await db
    .insertInto('webhook_events')
    .values({
      id: eventId,
      business_id: businessId,
      type: WEBHOOK_TEST_EVENT,
      data: JSON.stringify({ webhookId: endpointId, message: 'A test event from Reorder: your endpoint receives deliveries.' }),
      created_at: at,
    })
    .execute();
  const row = await db
    .insertInto('webhook_deliveries')
    .values({ endpoint_id: endpointId, event_id: eventId, next_attempt_at: at, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
