import { randomBytes } from 'node:crypto';
import type { Db } from '@reorder/db';
import type { TWebhookEvent } from '@reorder/schemas';
import { sql } from 'kysely';

/** An event's id: `evt_` and 16 random bytes, the same in every attempt of every delivery of it. */
export const newEventId = () => `evt_${randomBytes(16).toString('base64url')}`;

/** The business's endpoints that are on and receive `type`: the rows of `webhook_endpoints` an event goes to. */
const listening = (businessId: number, type: TWebhookEvent) =>
  sql`business_id = ${businessId} AND disabled_at IS NULL AND ${type} = ANY(events)`;

/**
 * Queues events for a business's webhooks (docs/decisions.md §8.5): one
 * delivery per event and endpoint that is on and receives `type`, due at
 * once. Called inside the transaction that makes the change, so an event
 * is queued exactly when its change is kept. One statement, whatever the
 * number of events and endpoints; nothing is written when no endpoint
 * wants the events.
 */
export async function emitEvents(db: Db, businessId: number, type: TWebhookEvent, items: readonly unknown[], now: number): Promise<void> {
  if (items.length === 0) return;
  const at = new Date(now);
  const events = JSON.stringify(items.map((data) => ({ id: newEventId(), data })));
  await sql`
    WITH endpoints AS (
      SELECT id FROM webhook_endpoints WHERE ${listening(businessId, type)}
    ), queued AS (
      INSERT INTO webhook_events (id, business_id, type, data, created_at)
      SELECT e.id, ${businessId}, ${type}, e.data, ${at}
      FROM jsonb_to_recordset(${events}::jsonb) AS e(id text, data jsonb)
      WHERE EXISTS (SELECT 1 FROM endpoints)
      RETURNING id
    )
    INSERT INTO webhook_deliveries (endpoint_id, event_id, next_attempt_at, created_at)
    SELECT endpoints.id, queued.id, ${at}, ${at} FROM endpoints CROSS JOIN queued`.execute(db);
}

/**
 * Whether any endpoint of the business that is on receives `type`: what an
 * event costs to describe (a query of its own) need not be paid when none does.
 */
export async function hasListeners(db: Db, businessId: number, type: TWebhookEvent): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM webhook_endpoints WHERE ${listening(businessId, type)} LIMIT 1`.execute(db);
  return rows.length > 0;
}

/** One event: see `emitEvents`. */
export function emitEvent(db: Db, businessId: number, type: TWebhookEvent, data: unknown, now: number): Promise<void> {
  return emitEvents(db, businessId, type, [data], now);
}
