export { type ConnectOptions, connectDatabase, type DatabaseHandle } from './connect.ts';
export { migrateToLatest } from './migrate.ts';
export type * from './schema.ts';
