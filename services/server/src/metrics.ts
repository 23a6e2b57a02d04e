import { timingSafeEqual } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { DatabaseHandle } from '@reorder/db';
import type { RequestHandler } from 'express';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * What a request was, for the labels of the metrics: a procedure's dotted
 * path, or one of a few fixed names, so the number of series stays bounded
 * whatever paths clients ask for.
 */
export type RequestKind = string;

export interface Metrics {
  registry: Registry;
  /** Records one answered request. */
  observe(labels: { surface: 'rest' | 'trpc' | 'other'; procedure: RequestKind; method: string; status: number }, seconds: number): void;
  /** Records what became of a reminder this process claimed ("sent", "already sent", "failed"...). */
  reminded(outcome: string): void;
  /** The handler of `GET /api/metrics`: Prometheus text, only for `Authorization: Bearer <METRICS_TOKEN>`. */
  handler(token: string): RequestHandler;
}

/**
 * Prometheus metrics with prom-client (docs/decisions.md §7): requests counted and
 * timed by procedure and status, the database pool's use, and Node's own
 * process metrics. Each server process has its registry; a scraper reads
 * every process.
 */
export function createMetrics(database: DatabaseHandle): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'reorder_' });
  const labelNames = ['surface', 'procedure', 'method', 'status'] as const;
  const requests = new Counter({ name: 'reorder_http_requests_total', help: 'Requests answered', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'reorder_http_request_duration_seconds',
    help: 'Time to answer a request',
    labelNames,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const reminders = new Counter({
    name: 'reorder_reminders_total',
    help: 'Reminders this process claimed, by what became of them (sent, or why none was needed, or failed)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  new Gauge({
    name: 'reorder_db_pool_connections',
    help: 'Database connections by state (PostgreSQL pool; the embedded database has one)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = database.poolStats();
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });

  // docs/decisions.md §9.7: no request keeps the event loop busy over 100 ms. The delay a timer sees
  // between two 10 ms ticks is how long the loop was busy; the gauges tell it since the last scrape.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  new Gauge({
    name: 'reorder_event_loop_delay_seconds',
    help: 'Event-loop delay since the last scrape (max, p99, p50): how long the loop was kept busy at a time',
    labelNames: ['stat'],
    registers: [registry],
    collect() {
      const seconds = (ns: number) => (Number.isFinite(ns) ? ns / 1e9 : 0);
      this.set({ stat: 'max' }, seconds(loopDelay.max));
      this.set({ stat: 'p99' }, seconds(loopDelay.percentile(99)));
      this.set({ stat: 'p50' }, seconds(loopDelay.percentile(50)));
      loopDelay.reset();
    },
  });

  return {
    registry,
    observe(labels, seconds) {
      const values = { ...labels, status: String(labels.status) };
      requests.inc(values);
      duration.observe(values, seconds);
    },
    reminded(outcome) {
      reminders.inc({ outcome });
    },
    handler(token) {
      const expected = Buffer.from(`Bearer ${token}`);
      return async (req, res) => {
        const given = Buffer.from(req.headers.authorization ?? '');
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
          res.status(401).set('WWW-Authenticate', 'Bearer').type('text/plain').send('Unauthorized\n');
          return;
        }
        res.type(registry.contentType).send(await registry.metrics());
      };
    },
  };
}
