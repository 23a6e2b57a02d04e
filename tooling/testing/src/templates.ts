import { readFileSync } from 'node:fs';

/**
 * Where the run's migrated databases are, set by global-setup.ts before the
 * test workers start: a dumped PGlite data directory (a file), and the name
 * of a migrated PostgreSQL database to copy (with TEST_DB=postgres).
 */
export const PGLITE_TEMPLATE_ENV = 'REORDER_TEST_PGLITE_TEMPLATE';
export const POSTGRES_TEMPLATE_ENV = 'REORDER_TEST_POSTGRES_TEMPLATE';

let pgliteTemplate: { file: string; blob: Blob } | undefined;

/**
 * The run's migrated, empty PGlite (a tarball of its data directory) that
 * every test database starts as a copy of; undefined outside a vitest run
 * (each database then runs initdb and the migrations itself).
 */
export function migratedPgliteTemplate(): Blob | undefined {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  if (!file) return undefined;
  if (pgliteTemplate?.file !== file) pgliteTemplate = { file, blob: new Blob([readFileSync(file)]) };
  return pgliteTemplate.blob;
}

/** The run's migrated PostgreSQL database to copy (CREATE DATABASE … TEMPLATE), if global-setup.ts made one. */
export function migratedPostgresTemplate(): string | undefined {
  return process.env[POSTGRES_TEMPLATE_ENV] || undefined;
}
