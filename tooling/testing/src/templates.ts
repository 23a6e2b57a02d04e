import { readFileSync } from 'node:fs';

/**
 * Where the run's migrated databases are, set by global-setup.ts before the
 * test workers start: a dumped PGlite data directory (a file), and the name
 * of a migrated PostgreSQL database to copy (with TEST_DB=postgres).
 */
export const PGLITE_TEMPLATE_ENV = 'REORDER_TEST_PGLITE_TEMPLATE';
export const POSTGRES_TEMPLATE_ENV = 'REORDER_TEST_POSTGRES_TEMPLATE';

/**
 * The template's bytes as PGlite's `loadDataDir` reads them: through
 * `arrayBuffer()`, once per database. Node 20's Blob gives them back through
 * a stream, chunk by chunk (170 ms of CPU for the 28 MB tarball); this one
 * copies them in one go (5 ms). Each database still gets bytes of its own.
 */
class TemplateBlob extends Blob {
  readonly #bytes: Uint8Array<ArrayBuffer>;
  constructor(bytes: Uint8Array<ArrayBuffer>) {
    super([bytes]);
    this.#bytes = bytes;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes.slice().buffer);
  }
}

let pgliteTemplate: { file: string; blob: Blob } | undefined;

/**
 * The run's migrated, empty PGlite (a tarball of its data directory) that
 * every test database starts as a copy of; undefined outside a vitest run
 * (each database then runs initdb and the migrations itself).
 */
export function migratedPgliteTemplate(): Blob | undefined {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  if (!file) return undefined;
  if (pgliteTemplate?.file !== file) pgliteTemplate = { file, blob: new TemplateBlob(new Uint8Array(readFileSync(file))) };
  return pgliteTemplate.blob;
}

/** The run's migrated PostgreSQL database to copy (CREATE DATABASE … TEMPLATE), if global-setup.ts made one. */
export function migratedPostgresTemplate(): string | undefined {
  return process.env[POSTGRES_TEMPLATE_ENV] || undefined;
}
