import path from 'node:path';
import { connectDatabase, migrateToLatest } from '@reorder/db';
import { loadConfig } from './config.ts';
import { secureDataDir } from './data-dir.ts';
import { DataDirInUseError, type DataDirLock, lockDataDir } from './data-lock.ts';

/** `db:migrate`: brings the configured database to the latest migration and reports what ran. */
process.umask(0o077);
const loaded = loadConfig();
if (!loaded.ok) {
  for (const line of loaded.errors) process.stderr.write(`Configuration error: ${line}\n`);
  process.exit(1);
}
const { config } = loaded;
// The embedded database is one process's: migrating it beside a running server would lose data.
let lock: DataDirLock | undefined;
if (!config.databaseUrl) {
  try {
    lock = await lockDataDir(config.dataDir, (error) => {
      process.stderr.write(`Migration stopped: the database folder was taken by another process (${error.message})\n`);
      process.exit(1);
    });
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    process.stderr.write(`Could not migrate: ${error.message}\n`);
    process.exit(1);
  }
}
const database = await connectDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') });
try {
  const { results = [] } = await migrateToLatest(database.db);
  if (results.length === 0) process.stdout.write('Database is up to date.\n');
  for (const r of results) process.stdout.write(`${r.status}: ${r.migrationName}\n`);
} catch (error) {
  process.stderr.write(`Migration failed: ${(error as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
  if (database.kind === 'pglite') secureDataDir(config.dataDir);
  await lock?.release();
}
