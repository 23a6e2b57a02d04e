#!/usr/bin/env node
// Cold install-and-start: clones the repository's HEAD into a temporary
// folder, runs the README's `npm start` there and times it until
// HEAD /api/ping answers. With --empty-store, pnpm starts from an empty
// package store, so every package is downloaded from the registry.
//
//   node tooling/bench/src/cold-start.mjs [--empty-store]
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const emptyStore = process.argv.includes('--empty-store');
const work = mkdtempSync(path.join(tmpdir(), 'reorder-cold-'));
const clone = path.join(work, 'clone');

const port = await new Promise((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = s.address();
    s.close(() => resolve(p));
  });
});

execFileSync('git', ['clone', '--quiet', repo, clone]);
const env = { ...process.env, PORT: String(port), DATA_DIR: path.join(work, 'data') };
if (emptyStore) env.npm_config_store_dir = path.join(work, 'store');

const started = performance.now();
const child = spawn('npm', ['start'], { cwd: clone, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
let output = '';
child.stdout.on('data', (d) => (output += d));
child.stderr.on('data', (d) => (output += d));

let seconds;
for (;;) {
  if (child.exitCode !== null) break;
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/ping`, { method: 'HEAD' });
    if (res.ok) {
      seconds = (performance.now() - started) / 1000;
      break;
    }
  } catch {
    // not up yet
  }
  if (performance.now() - started > 600_000) break;
  await new Promise((r) => setTimeout(r, 100));
}
try {
  process.kill(-child.pid, 'SIGTERM');
} catch {}
await new Promise((r) => setTimeout(r, 1000));
rmSync(work, { recursive: true, force: true });

if (seconds === undefined) {
  console.error(`npm start did not answer:\n${output.slice(-3000)}`);
  process.exit(1);
}
console.log(
  `fresh clone -> npm start -> HEAD /api/ping answered in ${seconds.toFixed(1)} s (${emptyStore ? 'empty package store: every package downloaded' : "warm package store: pnpm's store already holds the packages"})`,
);
