import { defineConfig } from 'vitest/config';

/**
 * Three projects: `unit` (no database), and the HTTP integration tests once
 * per database: `pglite` always, `postgres` when TEST_DATABASE_URL is set.
 */
const integration = ['services/server/test/**/*.test.ts'];
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['packages/*/src/**/*.test.ts', 'services/*/src/**/*.test.ts'] } },
      { test: { name: 'pglite', include: integration, env: { TEST_DB: 'pglite' }, testTimeout: 30_000, hookTimeout: 60_000 } },
      ...(withPostgres
        ? [{ test: { name: 'postgres', include: integration, env: { TEST_DB: 'postgres' }, testTimeout: 30_000, hookTimeout: 60_000 } }]
        : []),
    ],
  },
});
