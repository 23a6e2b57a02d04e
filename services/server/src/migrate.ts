import path from 'node:path';
import { connectDatabase, migrateToLatest } from '@reorder/db';
import { loadConfig } from './config.ts';

/** `db:migrate`: brings the configured database to the latest migration and reports what ran. */
const loaded = loadConfig();
if (!loaded.ok) {
  for (const line of loaded.errors) process.stderr.write(`Configuration error: ${line}\n`);
  process.exit(1);
}
const { config } = loaded;
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
}
