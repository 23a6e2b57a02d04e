#!/usr/bin/env node
// The commands of the README, runnable with nothing but Node and npm:
//   npm start       -> install, build, start the app (embedded database, port 3000)
//   npm test        -> install, type-check, lint, run every test suite
//   npm run dev     -> install, start the server in watch mode
//   npm run build   -> install, build
//   npm run db:migrate -> install, migrate the configured database
//   npm run bench   -> install, run the search latency benchmark
// pnpm is fetched by npx at the version in package.json's packageManager field.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const command = process.argv[2];
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Reorder needs Node.js 20.19 or newer (this is ${process.versions.node}).`);
  process.exit(1);
}

const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const pnpmSpec = pkg.packageManager ?? 'pnpm@10';
const isWindows = process.platform === 'win32';

/** Runs a command in the repository, inheriting the terminal; exits on failure. */
function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', shell: isWindows, ...options });
  if (result.status !== 0) {
    console.error(`\n✗ ${[cmd, ...args].join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}
// `./data` means the repository's data folder, whichever package folder pnpm runs a script in.
const env = { ...process.env, npm_config_update_notifier: 'false', DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data') };
const pnpm = (...args) => run('npx', ['--yes', pnpmSpec, ...args], { env });

function install() {
  pnpm('install', '--frozen-lockfile', '--reporter=append-only', '--loglevel=warn');
}

function step(title) {
  console.log(`\n▶ ${title}`);
}

if (command === 'start') {
  step('Installing dependencies');
  install();
  step('Building');
  pnpm('--filter', './services/*', '--silent', 'run', 'build');
  step('Starting');
  const child = spawn(process.execPath, ['--enable-source-maps', 'services/server/dist/main.js'], { cwd: root, stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else if (command === 'build') {
  install();
  pnpm('--filter', './services/*', '--silent', 'run', 'build');
} else if (command === 'dev') {
  install();
  pnpm('--filter', '@reorder/server', 'dev');
} else if (command === 'db:migrate') {
  install();
  pnpm('--filter', '@reorder/server', 'db:migrate');
} else if (command === 'bench') {
  install();
  pnpm('--filter', '@reorder/bench', 'bench');
} else if (command === 'test') {
  step('Installing dependencies');
  install();
  step('Type-checking (TypeScript 7)');
  pnpm('exec', 'tsc', '-p', 'tsconfig.json');
  pnpm('exec', 'tsc', '-p', 'services/web/tsconfig.json');
  pnpm('exec', 'tsc', '-p', 'tooling/bench/tsconfig.json');
  step('Linting (Biome)');
  pnpm('exec', 'biome', 'check', '.');
  step('Running tests');
  runTests();
} else {
  console.error('usage: node tooling/scripts/run.mjs start|test|dev|build|db:migrate|bench');
  process.exit(2);
}

function runTests() {
  const suites = [
    { project: 'unit', title: 'unit tests (no database)' },
    { project: 'pglite', title: 'integration tests on embedded PGlite' },
  ];
  const notRun = [];
  if (process.env.TEST_DATABASE_URL) suites.push({ project: 'postgres', title: 'integration tests on PostgreSQL' });
  else notRun.push('integration tests on PostgreSQL: TEST_DATABASE_URL is not set (see README)');
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(chromiumPath)) suites.push({ project: 'browser', title: `browser tests (Chromium at ${chromiumPath})` });
  else if (process.env.REQUIRE_BROWSER_TESTS) {
    console.error(`Browser tests are required but Chromium is not at ${chromiumPath}`);
    process.exit(1);
  } else notRun.push(`browser tests: Chromium not found at ${chromiumPath} (apt-get install chromium, or set CHROMIUM_PATH)`);

  const resultsDir = path.join(root, '.vitest-results');
  rmSync(resultsDir, { recursive: true, force: true });
  mkdirSync(resultsDir, { recursive: true });
  const summary = [];
  let ok = true;
  for (const suite of suites) {
    if (suite.project === 'browser') {
      step('Building the web app for the browser tests');
      pnpm('--filter', '@reorder/web', '--silent', 'run', 'build');
    }
    step(`Tests: ${suite.title}`);
    const resultsFile = path.join(resultsDir, `${suite.project}.json`);
    const result = spawnSync(
      'npx',
      [
        '--yes',
        pnpmSpec,
        'exec',
        'vitest',
        'run',
        '--project',
        suite.project,
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${resultsFile}`,
      ],
      { cwd: root, stdio: 'inherit', shell: isWindows },
    );
    const counts = { passed: 0, failed: 0 };
    if (existsSync(resultsFile)) {
      const report = JSON.parse(readFileSync(resultsFile, 'utf8'));
      counts.passed = report.numPassedTests ?? 0;
      // Anything that did not pass (failed, skipped, todo) counts against the run.
      counts.failed = (report.numTotalTests ?? 0) - counts.passed;
    } else counts.failed = 1;
    if (result.status !== 0 || counts.failed > 0 || counts.passed === 0) ok = false;
    summary.push({ ...suite, ...counts, status: result.status });
  }

  console.log('\nSummary:');
  for (const s of summary) console.log(`  ${s.title.padEnd(40)} ${s.passed} passed, ${s.failed} failed`);
  if (notRun.length) {
    console.log('\nNot run here:');
    for (const line of notRun) console.log(`  - ${line}`);
  }
  const passed = summary.reduce((n, s) => n + s.passed, 0);
  const failed = summary.reduce((n, s) => n + s.failed, 0);
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(ok ? 0 : 1);
}
