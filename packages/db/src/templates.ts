import { sql } from 'kysely';
import { connectDatabase } from './connect.ts';
import { migrateToLatest } from './migrate.ts';
import { createScratchDatabase, type ScratchDatabase } from './scratch.ts';

/**
 * A new embedded database, migrated and empty, as a tarball that
 * `connectDatabase({ loadDataDir })` opens a copy of. A test run makes it
 * once and starts every test database from it: a new PGlite runs initdb and
 * then the migrations, seconds each time, where loading the copy takes a
 * fraction of that.
 *
 * Three things make each copy open in 0.4 s of CPU, not 1.3 s
 * (docs/performance.md, "The test run"), none of which the app sees:
 * - shared buffers of 4 MB, not 128 MB: PostgreSQL zeroes them at every start,
 *   which in WebAssembly was the largest part of an open;
 * - no template0 and template1, which only `CREATE DATABASE` reads: they were
 *   14 of the tarball's 43 MB, and each open copies every byte of it;
 * - a checkpoint before the dump, so a copy starts with nothing to replay.
 */
export async function dumpMigratedPglite(): Promise<Blob> {
  const database = await connectDatabase({ dataDir: 'memory://' });
  try {
    await migrateToLatest(database.db);
    await sql`ALTER SYSTEM SET shared_buffers = '4MB'`.execute(database.db);
    await sql`UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`.execute(database.db);
    await sql`DROP DATABASE template0`.execute(database.db);
    await sql`DROP DATABASE template1`.execute(database.db);
    await sql`CHECKPOINT`.execute(database.db);
    return await database.dumpDataDir!();
  } finally {
    await database.close();
  }
}

/**
 * A migrated, empty PostgreSQL database next to the one `adminUrl` names,
 * for `createScratchDatabase(..., { template })` to copy (CREATE DATABASE …
 * TEMPLATE copies the files, without running the migrations again). Nothing
 * stays connected to it, as a template requires.
 */
export async function createMigratedTemplate(adminUrl: string, prefix: string): Promise<ScratchDatabase & { name: string }> {
  const scratch = await createScratchDatabase(adminUrl, prefix);
  const database = await connectDatabase({ databaseUrl: scratch.url, maxConnections: 1 });
  try {
    await migrateToLatest(database.db);
  } finally {
    await database.close();
  }
  return { ...scratch, name: new URL(scratch.url).pathname.slice(1) };
}
