/**
 * The main thread of a first visit, from a Chromium trace (Playwright's
 * `browser.startTracing`) at full speed: for each visit, the sum over the
 * tasks after the first contentful paint of 4 × duration − 50 ms (the
 * arithmetic of Lighthouse's total blocking time at its 4× CPU slowdown,
 * without its simulation's noise), the main thread's busy time after that
 * paint, and the tasks over 12.5 ms (start:duration, ms from navigation).
 *
 *   npm run build
 *   CHROMIUM_PATH=/usr/bin/chromium npx pnpm@10 --filter @reorder/bench bench:web-trace
 *
 * BENCH_TRACE_PATH (/login), BENCH_TRACE_VISITS (5), BENCH_WEB_DIR (another
 * build, e.g. the one before a change, measured the same way).
 *
 * Playwright enables the inspector's Runtime domain, under which each Error a
 * module makes as it loads has V8 parse the functions on its stack again:
 * React DOM's makes the entry's evaluation 26-38 ms here, 5-9 ms in
 * Lighthouse's own trace (docs/performance.md, "What a Playwright trace
 * overstates"). Compare builds side by side; don't read that task alone.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchChromium } from '@reorder/testing';
import { startWebBenchServer, WEB_DIR } from './web-server.ts';

const PAGE = process.env.BENCH_TRACE_PATH ?? '/login';
const VISITS = Number(process.env.BENCH_TRACE_VISITS ?? 5);
const CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'blink.user_timing'];

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/** The renderer's main thread of the visit: the CrRendererMain that ran the most. */
function mainThread(events: TraceEvent[]) {
  const busy = new Map<string, number>();
  for (const e of events)
    if (e.name === 'RunTask' && e.ph === 'X') busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
  const threads = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`);
  const [pid, tid] = (threads.sort((a, b) => (busy.get(b) ?? 0) - (busy.get(a) ?? 0))[0] ?? '0:0').split(':').map(Number);
  return { pid: pid as number, tid: tid as number };
}

function readVisit(file: string) {
  const events = (JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const { pid, tid } = mainThread(events);
  const start = events.find((e) => e.name === 'navigationStart' && e.pid === pid)?.ts ?? 0;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid)?.ts ?? start;
  const tasks = events.filter((e) => e.pid === pid && e.tid === tid && e.name === 'RunTask' && e.ph === 'X' && e.ts >= fcp);
  const ms = (us: number) => us / 1000;
  return {
    fcp: ms(fcp - start),
    blocking: tasks.reduce((sum, t) => sum + Math.max(0, 4 * ms(t.dur ?? 0) - 50), 0),
    busy: tasks.reduce((sum, t) => sum + ms(t.dur ?? 0), 0),
    long: tasks.filter((t) => ms(t.dur ?? 0) > 12.5).map((t) => `${ms(t.ts - start).toFixed(0)}:${ms(t.dur ?? 0).toFixed(1)}`),
  };
}

const bench = await startWebBenchServer(WEB_DIR);
const browser = await launchChromium();
const dir = mkdtempSync(path.join(tmpdir(), 'reorder-trace-'));
try {
  console.log(`First visits of ${PAGE} (${WEB_DIR}), traced at full speed:`);
  console.log('| visit | FCP ms | Σ(4 × task − 50) after FCP, ms | busy after FCP, ms | tasks over 12.5 ms (start:duration) |');
  console.log('|---:|---:|---:|---:|---|');
  for (let visit = 1; visit <= VISITS; visit++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const file = path.join(dir, `visit-${visit}.json`);
    await browser.startTracing(page, { path: file, categories: CATEGORIES });
    await page.goto(`${bench.server.url}${PAGE}`);
    await page.waitForTimeout(3000);
    await browser.stopTracing();
    await context.close();
    const v = readVisit(file);
    console.log(`| ${visit} | ${v.fcp.toFixed(0)} | ${v.blocking.toFixed(0)} | ${v.busy.toFixed(0)} | ${v.long.join(' ')} |`);
  }
} finally {
  await browser.close();
  await bench.close();
  rmSync(dir, { recursive: true, force: true });
}
