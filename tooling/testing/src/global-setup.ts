import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createMigratedTemplate, dumpMigratedPglite } from '@reorder/db';
import type { TestProject } from 'vitest/node';
import { buildServerForTests, SERVER_BUILD_ENV } from './server-build.ts';
import { PGLITE_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV } from './templates.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const dbPackage = path.join(root, 'packages/db');

/**
 * Vitest's global setup (vitest.config.ts), once per run before the test
 * workers start, which inherit the variables it sets: a migrated PGlite and,
 * with TEST_DB=postgres, a migrated PostgreSQL database, for every test
 * database of the run to start as a copy of (templates.ts); and for the
 * integration suites, the server built once (server-build.ts). Each test file
 * still has a database of its own; only initdb and the migrations no longer
 * run again for each.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  process.env[PGLITE_TEMPLATE_ENV] = await pgliteTemplateFile();
  const adminUrl = process.env.TEST_DATABASE_URL;
  const postgres =
    project.config.env?.TEST_DB === 'postgres' && adminUrl ? await createMigratedTemplate(adminUrl, 'reorder_template') : undefined;
  if (postgres) process.env[POSTGRES_TEMPLATE_ENV] = postgres.name;
  // The suites that start the server as a process start the built one, as `npm start` does: loading
  // the TypeScript source through tsx took several seconds a process on a loaded 2-core machine.
  if (['pglite', 'postgres'].includes(project.name)) process.env[SERVER_BUILD_ENV] = buildServerForTests();
  return async () => {
    await postgres?.drop();
  };
}

/**
 * The migrated PGlite's dump (a tarball), kept under node_modules/.cache by the hash of
 * what makes it (the migrations, the connection's extensions, the dump's
 * settings, PGlite's version): made once (seconds) and then read by every run and suite until
 * one of those changes.
 */
async function pgliteTemplateFile(): Promise<string> {
  const hash = createHash('sha256');
  const migrations = path.join(dbPackage, 'src/migrations');
  for (const file of readdirSync(migrations).sort()) hash.update(file).update(readFileSync(path.join(migrations, file)));
  for (const file of ['src/migrate.ts', 'src/connect.ts', 'src/templates.ts', 'node_modules/@electric-sql/pglite/package.json']) {
    hash.update(readFileSync(path.join(dbPackage, file)));
  }
  const dir = path.join(root, 'node_modules/.cache/reorder-tests');
  const file = path.join(dir, `pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  // Written aside and renamed: a suite started beside this one never reads half a file.
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await (await dumpMigratedPglite()).arrayBuffer()));
  renameSync(partial, file);
  return file;
}
