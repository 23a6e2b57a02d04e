import { businessIdOf, useDomain } from '@reorder/testing';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertWebhook } from '../webhooks/webhooks.repository.ts';
import { pruneWebhookEvents, WEBHOOK_LOG_DAYS } from './deliveries.ts';

/** The webhook log's retention (docs/decisions.md §8.5): events and their deliveries go after 30 days, never while one is pending. */
const t = useDomain();

/** An event `daysAgo` old for a new endpoint of the owner's business, with one delivery in `status`. */
async function eventWith(id: string, daysAgo: number, status: 'pending' | 'delivered' | 'failed') {
  const db = t.domain.deps.db;
  const businessId = await businessIdOf(db, t.owner.user.id);
  const endpoint = await insertWebhook(db, businessId, t.owner.user.id, {
    url: 'https://hooks.example.com/reorder',
    events: ['order.sent'],
  });
  const at = sql<Date>`now() - make_interval(days => ${daysAgo})`;
  await db.insertInto('webhook_events').values({ id, business_id: businessId, type: 'order.sent', data: '{}', created_at: at }).execute();
  await db
    .insertInto('webhook_deliveries')
    .values({ endpoint_id: endpoint.id, event_id: id, status, next_attempt_at: at, created_at: at })
    .execute();
}

const left = async () => {
  const db = t.domain.deps.db;
  const events = await db.selectFrom('webhook_events').select('id').orderBy('id').execute();
  const deliveries = await db.selectFrom('webhook_deliveries').select('event_id').orderBy('event_id').execute();
  return { events: events.map((e) => e.id), deliveries: deliveries.map((d) => d.event_id) };
};

describe('the webhook log', () => {
  it(`keeps ${WEBHOOK_LOG_DAYS} days, then the events and their deliveries go, unless one is still pending`, async () => {
    await eventWith('evt_old_delivered', WEBHOOK_LOG_DAYS + 1, 'delivered');
    await eventWith('evt_old_failed', WEBHOOK_LOG_DAYS + 1, 'failed');
    await eventWith('evt_old_pending', WEBHOOK_LOG_DAYS + 1, 'pending');
    await eventWith('evt_recent', WEBHOOK_LOG_DAYS - 1, 'delivered');

    expect(await pruneWebhookEvents(t.domain.deps.db)).toBe(2);
    const kept = ['evt_old_pending', 'evt_recent'];
    expect(await left()).toEqual({ events: kept, deliveries: kept });
    // Nothing more to do the second time.
    expect(await pruneWebhookEvents(t.domain.deps.db)).toBe(0);
  });
});
