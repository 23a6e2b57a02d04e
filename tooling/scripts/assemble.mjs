#!/usr/bin/env node
// Builds the app and lays out what it needs to run, and nothing else, in one
// folder: the container image copies it whole (see the Dockerfile), and the
// container test starts the server from it.
//
//   node tooling/scripts/assemble.mjs <out>
//
//   <out>/services/server/dist/main.js    the bundled server (dist/migrate.js migrates)
//   <out>/services/server/node_modules    its production dependencies, as the lockfile pins them
//   <out>/services/server/healthcheck.mjs the HEALTHCHECK
//   <out>/services/web/dist               the built web app, where the server looks for it
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const target = process.argv[2];
if (!target) {
  console.error('usage: node tooling/scripts/assemble.mjs <out>');
  process.exit(2);
}
const out = path.resolve(target);
const pnpmSpec = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).packageManager ?? 'pnpm@10';

function pnpm(...args) {
  const result = spawnSync('npx', ['--yes', pnpmSpec, ...args], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
  if (result.status !== 0) {
    console.error(`✗ pnpm ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}

rmSync(out, { recursive: true, force: true });
pnpm('--filter', './services/*', '--silent', 'run', 'build');
// The server's package with only its production dependencies (its "files": dist and the health check).
pnpm('--filter', '@reorder/server', 'deploy', '--prod', '--legacy', path.join(out, 'services/server'));
cpSync(path.join(root, 'services/web/dist'), path.join(out, 'services/web/dist'), { recursive: true });
for (const needed of ['services/server/dist/main.js', 'services/server/dist/migrate.js', 'services/web/dist/index.html']) {
  if (!existsSync(path.join(out, needed))) {
    console.error(`✗ ${needed} is missing from ${out}`);
    process.exit(1);
  }
}
console.log(`Assembled in ${out}`);
