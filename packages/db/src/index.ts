export { type ConnectOptions, connectDatabase, type DatabaseHandle } from './connect.ts';
export { migrateToLatest } from './migrate.ts';
export type * from './schema.ts';
export { createScratchDatabase, type ScratchDatabase } from './scratch.ts';
