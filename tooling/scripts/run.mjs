#!/usr/bin/env node
// The commands of the README, runnable with nothing but Node and npm:
//   npm start       -> install, build, start the app (embedded database, port 3000)
//   npm test        -> install, type-check, lint, run every test suite
//   npm run dev     -> install, the server in watch mode and Vite with hot reload, on one URL
//   npm run build   -> install, build
//   npm run db:migrate -> install, migrate the configured database
//   npm run bench   -> install, build the server, run the search latency benchmark
//   npm run bench:api -> install, build the server, compare its throughput with a bare baseline
// pnpm is fetched by npx at the version in package.json's packageManager field.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
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
  // The Node flags the server runs with everywhere (npm start, the container, the API benchmark).
  const nodeArgs = JSON.parse(readFileSync(path.join(root, 'services/server/node-args.json'), 'utf8'));
  const child = spawn(process.execPath, [...nodeArgs, 'services/server/dist/main.js'], { cwd: root, stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else if (command === 'build') {
  install();
  pnpm('--filter', './services/*', '--silent', 'run', 'build');
} else if (command === 'dev') {
  install();
  dev();
} else if (command === 'db:migrate') {
  install();
  pnpm('--filter', '@reorder/server', 'db:migrate');
} else if (command === 'bench') {
  install();
  pnpm('--filter', '@reorder/server', '--silent', 'run', 'build');
  pnpm('--filter', '@reorder/bench', 'bench');
} else if (command === 'bench:api') {
  install();
  pnpm('--filter', '@reorder/server', '--silent', 'run', 'build');
  pnpm('--filter', '@reorder/bench', 'bench:api');
} else if (command === 'test') {
  /** How long each step took, for the summary. */
  const times = [];
  const timed = (title, work) => {
    step(title);
    const started = Date.now();
    work();
    times.push({ title, seconds: (Date.now() - started) / 1000 });
  };
  timed('Installing dependencies', install);
  timed('Type-checking (TypeScript 7)', () => pnpm('run', 'typecheck'));
  timed('Linting (Biome)', () => pnpm('run', 'lint'));
  step('Running tests');
  await runTests(times);
} else {
  console.error('usage: node tooling/scripts/run.mjs start|test|dev|build|db:migrate|bench|bench:api');
  process.exit(2);
}

/**
 * Development on one URL (PORT, 3000 by default): Vite serves the web app
 * with hot reload and forwards /api to the server, which restarts on every
 * change of its code, on the next port (API_PORT). Ctrl-C stops both.
 */
function dev() {
  const port = Number(process.env.PORT ?? 3000);
  const apiPort = Number(process.env.API_PORT ?? port + 1);
  const host = process.env.HOST ?? '127.0.0.1';
  const pnpmArgs = ['--yes', pnpmSpec];
  const children = [
    spawn('npx', [...pnpmArgs, '--filter', '@reorder/server', 'dev'], {
      cwd: root,
      stdio: 'inherit',
      shell: isWindows,
      detached: !isWindows,
      // Links in emails point at the URL the developer opens.
      env: { ...env, PORT: String(apiPort), HOST: '127.0.0.1', PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}` },
    }),
    spawn('npx', [...pnpmArgs, '--filter', '@reorder/web', 'exec', 'vite', '--port', String(port), '--strictPort', '--host', host], {
      cwd: root,
      stdio: 'inherit',
      shell: isWindows,
      detached: !isWindows,
      env: { ...env, REORDER_API_URL: `http://127.0.0.1:${apiPort}` },
    }),
  ];
  console.log(`\n  Reorder (development): http://localhost:${port}  (the API server runs on port ${apiPort})\n`);
  // Each runs in its own process group, so the watcher and Vite under npx stop with it.
  const stop = (signal) => {
    for (const child of children) {
      if (child.exitCode !== null) continue;
      try {
        if (isWindows) child.kill(signal);
        else process.kill(-child.pid, signal);
      } catch {
        // Already gone.
      }
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
  for (const child of children) {
    child.on('exit', (code) => {
      stop('SIGTERM');
      process.exitCode = code ?? 1;
    });
  }
}

/** Runs `pnpm <args>` in the background, its output in `logFile`; resolves with its exit status and seconds. */
function buildBeside(what, args, logFile) {
  step(`Building ${what} (beside the tests; its log in .vitest-results)`);
  const started = Date.now();
  const log = openSync(logFile, 'w');
  const child = spawn('npx', ['--yes', pnpmSpec, ...args], {
    cwd: root,
    env,
    stdio: ['ignore', log, log],
    shell: isWindows,
  });
  return new Promise((resolve) => {
    child.on('close', (status) => {
      closeSync(log);
      resolve({ status, logFile, seconds: (Date.now() - started) / 1000 });
    });
  });
}

/** A duration as a person reads it: `48 s`, `3 min 05 s`. */
function formatSeconds(seconds) {
  const s = Math.round(seconds);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

/** Runs every suite there is here; `times` (the steps before, with their seconds) are printed in the summary. */
async function runTests(times) {
  const testsStarted = Date.now();
  const notRun = [];
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const browser = existsSync(chromiumPath);
  // The PostgreSQL suite waits on its database more than it computes, so it runs beside the browser
  // suite, its output after the browser's. The PGlite suite runs before them, alone: its workers
  // keep both cores busy, and beside the browser suite they slowed it more than twofold (docs/performance.md,
  // "The test run").
  const suites = [
    { project: 'unit', title: 'unit and domain tests (in-process)' },
    { project: 'pglite', title: 'integration tests on embedded PGlite' },
  ];
  if (process.env.TEST_DATABASE_URL) suites.push({ project: 'postgres', title: 'integration tests on PostgreSQL', beside: browser });
  else notRun.push('integration tests on PostgreSQL: TEST_DATABASE_URL is not set (see README)');
  if (browser) suites.push({ project: 'browser', title: `browser tests (Chromium at ${chromiumPath})` });
  else if (process.env.REQUIRE_BROWSER_TESTS) {
    console.error(`Browser tests are required but Chromium is not at ${chromiumPath}`);
    process.exit(1);
  } else notRun.push(`browser tests: Chromium not found at ${chromiumPath} (apt-get install chromium, or set CHROMIUM_PATH)`);

  const resultsDir = path.join(root, '.vitest-results');
  const { reportCounts } = await import('./vitest-report.mjs');
  rmSync(resultsDir, { recursive: true, force: true });
  mkdirSync(resultsDir, { recursive: true });

  // The web app (for the browser tests) builds beside the unit suite instead of on its own before
  // the browser suite, and so does the client package, which the PGlite suite's client-package test
  // would otherwise build; the unit suite's second worker takes the core they leave. The
  // package's build takes a lock: that test waits for this build, then finds it current.
  const webBuild = browser
    ? buildBeside('the web app', ['--filter', '@reorder/web', '--silent', 'run', 'build'], path.join(resultsDir, 'web-build.log'))
    : undefined;
  const clientBuild = buildBeside(
    'the client package',
    ['--filter', '@reorder/client', '--silent', 'run', 'build'],
    path.join(resultsDir, 'client-build.log'),
  );

  /** Runs one vitest project; with `logFile`, its output goes there instead of the terminal. */
  const runSuite = (suite, logFile) =>
    new Promise((resolve) => {
      const resultsFile = path.join(resultsDir, `${suite.project}.json`);
      const errorsFile = path.join(resultsDir, `${suite.project}.errors.json`);
      const args = [
        '--yes',
        pnpmSpec,
        'exec',
        'vitest',
        'run',
        '--project',
        suite.project,
        '--reporter=default',
        '--reporter=json',
        `--reporter=${path.join(root, 'tooling/scripts/vitest-errors-reporter.mjs')}`,
      ];
      const log = logFile ? openSync(logFile, 'w') : undefined;
      const started = Date.now();
      const child = spawn('npx', [...args, `--outputFile.json=${resultsFile}`], {
        cwd: root,
        env: { ...process.env, VITEST_ERRORS_FILE: errorsFile },
        stdio: log === undefined ? 'inherit' : ['ignore', log, log],
        shell: isWindows,
      });
      child.on('close', (status) => {
        if (log !== undefined) closeSync(log);
        const counts = { passed: 0, failed: 0, notPassed: [], errors: [] };
        if (existsSync(resultsFile)) {
          Object.assign(counts, reportCounts(JSON.parse(readFileSync(resultsFile, 'utf8')), root));
        } else counts.failed = 1;
        if (existsSync(errorsFile)) counts.errors = JSON.parse(readFileSync(errorsFile, 'utf8'));
        resolve({ ...suite, ...counts, status, seconds: (Date.now() - started) / 1000 });
      });
    });

  const summary = [];
  const beside = [];
  /** The suites beside the browser's, one after the other. */
  let besideChain = Promise.resolve();
  for (const suite of suites) {
    if (suite.beside) {
      step(`Tests: ${suite.title} (beside the browser tests; output below theirs)`);
      const logFile = path.join(resultsDir, `${suite.project}.log`);
      const done = besideChain.then(() => runSuite(suite, logFile)).then((result) => ({ result, logFile }));
      besideChain = done.then(() => undefined);
      beside.push(done);
      continue;
    }
    if (suite.project === 'browser' && webBuild) {
      const build = await webBuild;
      times.push({ title: 'Building the web app (beside the tests)', seconds: build.seconds });
      if (build.status !== 0) {
        process.stdout.write(readFileSync(build.logFile, 'utf8'));
        console.error(`\n✗ building the web app for the browser tests failed (exit ${build.status})`);
        process.exit(build.status || 1);
      }
    }
    step(`Tests: ${suite.title}`);
    summary.push(await runSuite(suite));
  }
  const client = await clientBuild;
  // Its failure is the client-package test's to report (it runs the same build); the log says why.
  times.push({ title: `Building the client package (beside the tests${client.status === 0 ? '' : ', failed'})`, seconds: client.seconds });
  for (const { result, logFile } of await Promise.all(beside)) {
    step(`Tests: ${result.title}`);
    process.stdout.write(readFileSync(logFile, 'utf8'));
    summary.push(result);
  }
  const ok = summary.every((s) => s.status === 0 && s.failed === 0 && s.passed > 0);

  console.log('\nSummary:');
  for (const t of times) console.log(`  ${t.title.padEnd(40)} ${formatSeconds(t.seconds)}`);
  for (const s of summary) {
    const exit = s.status === 0 ? '' : `, exit ${s.status ?? 'by signal'}`;
    console.log(`  ${s.title.padEnd(40)} ${s.passed} passed, ${s.failed} failed${exit}  ${formatSeconds(s.seconds)}`);
  }
  // The names again at the very end, so that the tail of a long log says what failed. A suite can
  // fail with every test passed: vitest exits 1 on an error outside the tests (an unhandled
  // rejection, a worker that timed out), printed under "Errors" in that suite's output.
  const notPassed = summary.flatMap((s) => s.notPassed ?? []);
  for (const s of summary) {
    for (const error of s.errors ?? []) notPassed.push(`${s.title}: an error outside the tests: ${error}`);
    if (s.status !== 0 && !s.notPassed?.length && !s.errors?.length) {
      notPassed.push(`${s.title}: vitest exited ${s.status ?? 'by signal'} with no failed test; see "Errors" in its output`);
    }
  }
  if (notPassed.length) {
    console.log('\nDid not pass:');
    for (const line of notPassed) console.log(`  - ${line.replace(/\s+/g, ' ').slice(0, 400)}`);
  }
  if (notRun.length) {
    console.log('\nNot run here:');
    for (const line of notRun) console.log(`  - ${line}`);
  }
  const passed = summary.reduce((n, s) => n + s.passed, 0);
  const failed = summary.reduce((n, s) => n + s.failed, 0);
  console.log(`\n${passed} passed, ${failed} failed; the tests took ${formatSeconds((Date.now() - testsStarted) / 1000)}`);
  process.exit(ok ? 0 : 1);
}
