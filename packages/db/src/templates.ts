import { connectDatabase } from './connect.ts';
import { migrateToLatest } from './migrate.ts';
import { createScratchDatabase, type ScratchDatabase } from './scratch.ts';

/**
 * A new embedded database, migrated and empty, as a tarball that
 * `connectDatabase({ loadDataDir })` opens a copy of. A test run makes it
 * once and starts every test database from it: a new PGlite runs initdb and
 * then the migrations, seconds each time, where loading the copy takes a
 * fraction of that.
 */
export async function dumpMigratedPglite(): Promise<Blob> {
  const database = await connectDatabase({ dataDir: 'memory://' });
  try {
    await migrateToLatest(database.db);
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
