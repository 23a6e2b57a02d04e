import pg from 'pg';

export interface ScratchDatabase {
  /** The connection string of the new database. */
  url: string;
  /** Drops it, closing whatever is still connected. */
  drop(): Promise<void>;
}

/**
 * Creates an empty database next to the one `adminUrl` names, for one test
 * file or one benchmark run, so nothing depends on what an earlier run left;
 * with `template`, a copy of that database instead (`createMigratedTemplate`).
 */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
  options: { template?: string | undefined } = {},
): Promise<ScratchDatabase> {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(
    options.template
      ? `CREATE DATABASE ${name} TEMPLATE ${options.template}`
      : `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'`,
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
