import { createLogger, summarizeError } from '@reorder/api';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirInUseError } from './data-lock.ts';
import { startServer } from './server.ts';

// Everything the server writes (the embedded database, the outbox, the key) is its user's alone.
process.umask(0o077);
const logger = createLogger();
const loaded = loadConfig();
if (!loaded.ok) {
  for (const line of loaded.errors) process.stderr.write(`Configuration error: ${line}\n`);
  process.exit(1);
}
const { config } = loaded;

try {
  const server = await startServer(config, { logger });
  logger.info('server started', {
    url: server.url,
    database: server.database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL',
    mail: config.smtpUrl ? 'SMTP' : `outbox folder in ${config.dataDir}`,
  });
  process.stdout.write(`\n  Reorder is running at ${server.url}  (API reference: ${server.url}/api/docs)\n\n`);

  const stop = (signal: string) => {
    logger.info('shutting down', { signal });
    // A stuck request must not keep the process alive forever.
    setTimeout(() => {
      logger.error('shutdown timed out; exiting');
      process.exit(1);
    }, 10_000).unref();
    server.close().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error('shutdown failed', summarizeError(error));
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`Configuration error: ${error.message}\n`);
    process.exit(1);
  }
  if (error instanceof DataDirInUseError) {
    process.stderr.write(`Could not start: ${error.message}\n`);
    process.exit(1);
  }
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
  const summary = summarizeError(error);
  const reason = (summary.errorCode as string | undefined) ?? (summary.errorMessage as string | undefined) ?? 'unknown error';
  process.stderr.write(
    `Could not start: ${(error as NodeJS.ErrnoException).code === 'EADDRINUSE' ? `port ${config.port} is already in use (set PORT)` : `${where} failed: ${reason}`}\n`,
  );
  process.exit(1);
}
