export {
  AUTH_CHANNEL,
  type ConnectOptions,
  connectDatabase,
  type DatabaseHandle,
  isRetryableConflict,
  listenerName,
  type NotificationHandlers,
  QueryTimeoutError,
} from './connect.ts';
export { withinDeadline } from './deadline.ts';
export { migrateTo, migrateToLatest } from './migrate.ts';
export { executePrepared, preparedQuery } from './prepared.ts';
export type * from './schema.ts';
export { createScratchDatabase, type ScratchDatabase } from './scratch.ts';
export { createMigratedTemplate, dumpMigratedPglite } from './templates.ts';
