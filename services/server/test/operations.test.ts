import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestServer, type TestServer } from '@reorder/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 14 for operators (docs/decisions.md §7): readiness, real 404s for paths that
 * look like files or probes, and Prometheus metrics behind METRICS_TOKEN.
 */
const METRICS_TOKEN = 'a-metrics-token-for-the-tests';
let t: TestServer;
let bare: TestServer;
let web: TestServer;
let webDir: string;
beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'reorder-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(path.join(webDir, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  [t, bare, web] = await Promise.all([
    // Reminder rounds on a timer here, as in production, so their counter moves.
    startTestServer({ env: { METRICS_TOKEN, REMINDER_INTERVAL_MS: '100' } }),
    startTestServer(),
    startTestServer({ webDir }),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), bare?.close(), web?.close()]);
  rmSync(webDir, { recursive: true, force: true });
});

describe('GET /api/ready', () => {
  it('answers 200 when the database answers, without a token, never cached', async () => {
    const res = await t.api.get('/api/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 1, data: { database: 'ok' }, message: 'ready' });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${t.url}/api/ready`, { method: 'HEAD' })).status).toBe(200);
  });
});

describe('paths that are not screens', () => {
  it('get a real 404, not the web app, unless the file exists', async () => {
    for (const server of [web, bare]) {
      for (const p of ['/metrics', '/healthz', '/robots.txt.bak', '/manifest.json', '/wp-login.php', '/favicon.ico', '/orders/1.json']) {
        if (server === web && p === '/robots.txt') continue;
        const res = await fetch(`${server.url}${p}`);
        expect(res.status, `${p} on ${server === web ? 'the built app' : 'no build'}`).toBe(404);
        expect(res.headers.get('content-type')).toMatch(/text\/plain/);
      }
    }
    const robots = await fetch(`${web.url}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(await robots.text()).toContain('User-agent');
    // The app's own routes still get the app.
    for (const p of ['/', '/orders', '/orders/12/products/new', '/reset-password/abc_DEF-123', '/nowhere/at/all']) {
      const res = await fetch(`${web.url}${p}`);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type'), p).toMatch(/text\/html/);
    }
  });

  it('the web app ships a robots.txt that keeps crawlers to the public pages', async () => {
    const { readFileSync } = await import('node:fs');
    const robots = readFileSync(path.resolve(import.meta.dirname, '../../web/public/robots.txt'), 'utf8');
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Disallow: \/$/m);
    expect(robots).toMatch(/^Allow: \/privacy$/m);
  });
});

/** Prometheus text as samples: name, labels and value per line. */
function parseMetrics(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  const samples = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not Prometheus text: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1]!] = pair[2]!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

describe('GET /api/metrics', () => {
  it('is not served without METRICS_TOKEN', async () => {
    const res = await bare.api.get('/api/metrics');
    expect(res.status).toBe(404);
  });

  it('is served only to the bearer of METRICS_TOKEN', async () => {
    expect((await fetch(`${t.url}/api/metrics`)).status).toBe(401);
    expect((await fetch(`${t.url}/api/metrics`, { headers: { authorization: 'Bearer wrong-token-of-same-size!!!!' } })).status).toBe(401);
    const user = await t.api.register();
    expect((await fetch(`${t.url}/api/metrics`, { headers: { authorization: `Bearer ${user.token}` } })).status).toBe(401);
  });

  it('counts and times requests by procedure and status, and shows the database pool', async () => {
    const user = await t.api.register();
    for (let i = 0; i < 3; i++) await t.api.get('/api/suppliers', user.token);
    await t.api.get('/api/suppliers/999999', user.token);
    await t.api.request('GET', `/api/trpc/suppliers.list?input=${encodeURIComponent('{}')}`, { token: user.token });
    await fetch(`${t.url}/api/nowhere`);
    await fetch(`${t.url}/api/suppliers`, { method: 'PATCH' });
    const res = await fetch(`${t.url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const samples = parseMetrics(await res.text());
    const count = (labels: Record<string, string>) =>
      samples
        .filter((s) => s.name === 'reorder_http_requests_total' && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
        .reduce((sum, s) => sum + s.value, 0);
    expect(count({ surface: 'rest', procedure: 'suppliers.list', method: 'GET', status: '200' })).toBe(3);
    expect(count({ surface: 'rest', procedure: 'suppliers.byId', status: '404' })).toBe(1);
    expect(count({ surface: 'trpc', procedure: 'suppliers.list', status: '200' })).toBe(1);
    expect(count({ procedure: 'auth.register', status: '200' })).toBe(2);
    expect(count({ procedure: 'not_found', status: '404' })).toBe(1);
    // A known path with a method it does not take is not an unknown path.
    expect(count({ procedure: 'method_not_allowed', method: 'PATCH', status: '405' })).toBe(1);
    expect(count({ procedure: 'not_found', status: '405' })).toBe(0);
    // Latency histograms per procedure: cumulative buckets ending at +Inf with the count.
    const buckets = samples.filter(
      (s) =>
        s.name === 'reorder_http_request_duration_seconds_bucket' && s.labels.procedure === 'suppliers.list' && s.labels.surface === 'rest',
    );
    expect(buckets.length).toBeGreaterThan(5);
    expect(buckets.find((b) => b.labels.le === '+Inf')?.value).toBe(3);
    const sum = samples.find(
      (s) =>
        s.name === 'reorder_http_request_duration_seconds_sum' && s.labels.procedure === 'suppliers.list' && s.labels.surface === 'rest',
    );
    expect(sum?.value).toBeGreaterThan(0);
    for (const state of ['total', 'idle', 'waiting']) {
      expect(samples.some((s) => s.name === 'reorder_db_pool_connections' && s.labels.state === state)).toBe(true);
    }
    expect(samples.some((s) => s.name === 'reorder_process_resident_memory_bytes')).toBe(true);
    // The event loop's delay since the last scrape (docs/decisions.md §9.7): a real measure, about its 10 ms tick
    // or more. Node records the time between two ticks, but libuv sets the next one from the time its loop turn
    // began, in whole milliseconds, so a tick may come early (9.978 ms was seen under load): half a tick is the floor.
    // An empty histogram (nothing measured) gives 0.
    for (const stat of ['max', 'p99', 'p50']) {
      const delay = samples.find((s) => s.name === 'reorder_event_loop_delay_seconds' && s.labels.stat === stat);
      expect(delay?.value, stat).toBeGreaterThanOrEqual(0.005);
      expect(delay?.value, stat).toBeLessThan(60);
    }
    // Nothing about the callers leaks into labels.
    expect(JSON.stringify(samples)).not.toContain(user.email);
  });

  it('counts the reminders the process delivered, by outcome', async () => {
    const user = await t.api.register({ timeZone: 'UTC' });
    await t.api.put('/api/users/me', { reminderMinutes: 15 }, user.token);
    // A cut-off ten minutes away (same-day delivery): its reminder, 15 minutes before, is due at once.
    const cutoff = new Date(Math.floor((Date.now() + 10 * 60_000) / 60_000) * 60_000);
    await t.api.createSupplier(user.token, {
      deliveryDays: [((cutoff.getUTCDay() + 6) % 7) + 1],
      cutoffTime: cutoff.toISOString().slice(11, 16),
      leadDays: 0,
    });
    const sent = async () => {
      const res = await fetch(`${t.url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      const samples = parseMetrics(await res.text());
      return samples.find((s) => s.name === 'reorder_reminders_total' && s.labels.outcome === 'sent')?.value ?? 0;
    };
    await expect.poll(sent, { timeout: 10_000 }).toBe(1);
    expect((await t.outbox()).filter((m) => m.subject.startsWith('Order from'))).toHaveLength(1);
  });
});
