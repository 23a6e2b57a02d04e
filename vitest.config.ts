import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { LongestFirst } from './tooling/testing/src/sequencer.ts';

/**
 * Projects:
 * - `unit`: no server; the domain tests beside each router use an in-memory PGlite.
 * - `pglite` and `postgres`: the HTTP integration tests, once per database
 *   (`postgres` only when TEST_DATABASE_URL is set). `*.pg.test.ts` need a real
 *   PostgreSQL server; `*.pglite.test.ts` test the embedded default itself.
 * - `browser`: Playwright in Debian's Chromium against the real server (on
 *   PostgreSQL when the run has one, else PGlite).
 */
const integration = ['services/server/test/**/*.test.ts'];
const browser = ['services/server/test/**/*.browser.test.ts', 'services/web/test/**/*.browser.test.ts'];
const postgresOnly = ['services/server/test/**/*.pg.test.ts'];
const pgliteOnly = ['services/server/test/**/*.pglite.test.ts'];
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
const timeouts = { testTimeout: 30_000, hookTimeout: 60_000 };
/**
 * What every project shares:
 * - one migrated PGlite (and, for `postgres`, one migrated PostgreSQL
 *   database), made before the workers start (tooling/testing's
 *   global-setup.ts): every test database of the run is a copy of it, so
 *   none runs initdb and the migrations again;
 * - `isolate: false`: a worker runs its files one after the other in one
 *   module graph, so the server, the API and PGlite load once per worker, not
 *   once per file. Each file still starts its own servers on databases of its
 *   own; no test mocks a module, and fake timers are put back after each.
 *
 * Every suite runs its longest files first (tooling/testing/src/sequencer.ts),
 * so that its workers end together.
 */
const everyProject = { globalSetup: ['tooling/testing/src/global-setup.ts'], isolate: false };
/**
 * A file's servers start in its `beforeAll` (several at once in some files,
 * and some files build or start whole processes). On a loaded 2-core machine
 * that can take over a minute: a setup limit, not a timing check.
 */
const slowSetup = { hookTimeout: 180_000 };
/**
 * The PGlite integration files wait on servers and child processes far more
 * than they compute, so three run at once even on a 2-core machine (where
 * vitest would otherwise run one at a time; docs/performance.md, "The test
 * run", has the figures). Each file has its own server and database, so they
 * cannot see each other. The PostgreSQL suite keeps one: it
 * runs beside the browser suite, whose timing checks need the second core.
 */
const integrationWorkers = { maxWorkers: 3 };

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      // Unit tests, and the domain rules called in-process on an in-memory PGlite (no server, no HTTP).
      {
        test: {
          name: 'unit',
          ...everyProject,
          include: ['packages/*/src/**/*.test.ts', 'services/*/src/**/*.test.ts', 'tooling/scripts/*.test.ts'],
          // startDomain opens an in-memory PGlite in beforeAll: a second alone, more on a busy machine.
          hookTimeout: 60_000,
          // A domain test makes several calls on PGlite: under a second alone, past 5 s on a loaded
          // 2-core machine. A limit, not a timing check (as the integration suites' 30 s).
          testTimeout: 30_000,
          // Two workers even on two cores (vitest would run one there): `npm test` builds the web app
          // and the client package beside this suite, and once they are done the second core would
          // idle. Alone on a 2-core machine: 64 s against 92 s with one.
          maxWorkers: Math.max(2, availableParallelism() - 1),
        },
      },
      {
        test: {
          name: 'pglite',
          ...everyProject,
          include: integration,
          exclude: [...configDefaults.exclude, ...postgresOnly, ...browser],
          env: { TEST_DB: 'pglite' },
          ...timeouts,
          ...slowSetup,
          ...integrationWorkers,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'postgres',
                ...everyProject,
                include: integration,
                exclude: [...configDefaults.exclude, ...pgliteOnly, ...browser],
                env: { TEST_DB: 'postgres' },
                ...timeouts,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'browser',
          ...everyProject,
          include: browser,
          // On PostgreSQL when the run has one: the server then spends its queries in PostgreSQL's native
          // processes, not in PGlite's WebAssembly inside the worker that drives Chromium (10 to 25% less
          // CPU on the same files; docs/performance.md, "The test run"). PGlite's own suite covers the
          // embedded default over HTTP. BROWSER_TEST_DB=pglite runs them on PGlite anyway.
          env: { TEST_DB: process.env.BROWSER_TEST_DB ?? (withPostgres ? 'postgres' : 'pglite') },
          ...timeouts,
          // A browser test is several steps that each may poll for 10 s: on a 2-core machine half as fast,
          // with the PostgreSQL suite beside it, one that takes 2.5 s alone ran past 30 s. A limit, not a check.
          testTimeout: 60_000,
          // A page answers in well under a second alone, but the PostgreSQL suite runs beside this one:
          // expect.poll waits up to 10 s (not vitest's 1 s) for the page to reach what is asserted.
          expect: { poll: { timeout: 10_000 } },
          // Two files at a time, each with its own server and database, sharing one Chromium per worker
          // (app.ts). The suite keeps Chromium busy far more than it waits: two at a time use both cores
          // (docs/performance.md, "The test run", has the figures, and why not three).
          maxWorkers: 2,
        },
      },
    ],
  },
});
