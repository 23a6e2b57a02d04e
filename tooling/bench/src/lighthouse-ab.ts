// Lighthouse on `/login` and `/` of several builds taken in turn, each served
// by its own `npm start` server (embedded database, a fresh data folder), with
// two controls: a static page with a heading and a two-field form and no
// script, served bare and with the first build's own response headers (its
// Cross-Origin-Opener-Policy makes Chromium move the page out of the tab's
// first process, which Lighthouse counts). A run's total blocking time moves
// by a factor of four with the same build on this machine, so builds are
// compared by many runs taken in turn, and each run beside the controls,
// which show what the machine and the headers cost (docs/performance.md,
// Web app).
//
//   npx pnpm@10 --filter @reorder/bench bench:lighthouse -- [name=<a built checkout's absolute path> ...]
//
// Without arguments it measures this checkout's build. BENCH_LIGHTHOUSE_RUNS
// (4) sets the rounds; CHROMIUM_PATH the browser (/usr/bin/chromium);
// BENCH_CPU_SHARE=0.5 plays a machine at half this one's speed (lighthouse.ts).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnProcess, waitForPing } from '@reorder/testing';
import { LIGHTHOUSE, runLighthouse, throttlingLabel } from './lighthouse.ts';
import { median } from './stats.ts';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const rounds = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 4);
const given = process.argv
  .slice(2)
  .filter((arg) => arg.includes('='))
  .map((arg) => {
    const [name = '', dir = ''] = arg.split('=');
    return { name, dir: path.resolve(dir) };
  });
interface Build {
  name: string;
  dir: string;
  port: number;
}
const builds: Build[] = (given.length ? given : [{ name: 'this build', dir: repo }]).map((build, i) => ({ ...build, port: 4610 + i }));
const CONTROL = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in</title><meta name="description" content="A static page"></head><body><main><h1>Sign in</h1>
<form><label>Email <input type="email" name="email"></label><label>Password <input type="password" name="password"></label>
<button>Sign in</button></form></main></body></html>`;
const work = mkdtempSync(path.join(tmpdir(), 'reorder-lighthouse-ab-'));

/** A build's server, started as `npm start` starts it, on its own port and data folder. */
function startServer(build: Build) {
  const nodeArgs = JSON.parse(readFileSync(path.join(build.dir, 'services/server/node-args.json'), 'utf8'));
  return spawnProcess(process.execPath, [...nodeArgs, 'services/server/dist/main.js'], {
    cwd: build.dir,
    env: { PORT: String(build.port), HOST: '127.0.0.1', DATA_DIR: mkdtempSync(path.join(work, 'data-')) },
  });
}

/** One Lighthouse run, performance only: score, TBT, FCP, benchmark index. */
async function lighthouse(url: string) {
  const report = await runLighthouse(url, work, ['performance']);
  return {
    score: Math.round((report.categories.performance?.score ?? 0) * 100),
    tbt: Math.round(report.audits['total-blocking-time']?.numericValue ?? Number.NaN),
    fcp: Math.round(report.audits['first-contentful-paint']?.numericValue ?? Number.NaN),
    index: Math.round(report.environment.benchmarkIndex),
  };
}

/** What describes the body, the connection or the request, not the page: left out of the second control's headers. */
const NOT_COPIED = new Set([
  'content-length',
  'content-type',
  'etag',
  'date',
  'connection',
  'keep-alive',
  'vary',
  'x-request-id',
  'cache-control',
  'content-encoding',
  'transfer-encoding',
]);
/** `/login`'s answer headers from the first build's server, but those that describe the body or the connection. */
async function pageHeaders(build: Build) {
  const answer = await fetch(`http://127.0.0.1:${build.port}/login`);
  await answer.arrayBuffer();
  return Object.fromEntries([...answer.headers].filter(([name]) => !NOT_COPIED.has(name)));
}

const servers = builds.map(startServer);
const control = http.createServer();
try {
  for (const [i, build] of builds.entries()) await waitForPing(`http://127.0.0.1:${build.port}`, servers[i]!, 60_000);
  const headers = await pageHeaders(builds[0]!);
  control.on('request', (req: http.IncomingMessage, res: http.ServerResponse) =>
    res.writeHead(200, { ...(req.url === '/headers' ? headers : {}), 'content-type': 'text/html; charset=utf-8' }).end(CONTROL),
  );
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  const controlUrl = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;
  const targets = [
    ...builds.flatMap((build) =>
      ['/login', '/'].map((page) => ({ label: `${build.name} ${page}`, url: `http://127.0.0.1:${build.port}${page}` })),
    ),
    { label: 'control (static page)', url: `${controlUrl}/` },
    { label: `control with ${builds[0]!.name}'s headers`, url: `${controlUrl}/headers` },
  ];
  const runs = new Map(targets.map((target) => [target.label, [] as Awaited<ReturnType<typeof lighthouse>>[]]));
  for (let round = 0; round < rounds; round++) {
    // Taken in turn, the order reversed every other round.
    for (const target of round % 2 ? [...targets].reverse() : targets) {
      const result = await lighthouse(target.url);
      runs.get(target.label)?.push(result);
      console.log(
        `round ${round + 1}: ${target.label}: ${result.score}, TBT ${result.tbt} ms, FCP ${result.fcp} ms, index ${result.index}`,
      );
    }
  }
  console.log(`\nLighthouse ${LIGHTHOUSE.split('@')[1]}, ${throttlingLabel()}, ${rounds} runs each, in turn:`);
  console.log('| page | performance (runs) | TBT median (runs) | FCP median | benchmark index |\n|---|---|---|---:|---|');
  for (const [label, results] of runs) {
    const tbts = results.map((r) => r.tbt);
    const indexes = results.map((r) => r.index);
    console.log(
      `| ${label} | ${results.map((r) => r.score).join(', ')} | ${median(tbts)} ms (${tbts.join(', ')}) | ${median(results.map((r) => r.fcp))} ms | ${Math.min(...indexes)}–${Math.max(...indexes)} |`,
    );
  }
} finally {
  for (const server of servers) server.child.kill();
  control.close();
  rmSync(work, { recursive: true, force: true });
}
