import type { Database } from '@reorder/db';
import { type Kysely, sql } from 'kysely';

/**
 * Every table's rows that still name a user, by id (any `user_id`, and the
 * user's own row) or by email anywhere in a text or JSON column: what an
 * erased account must leave none of (docs/decisions.md §7, "Account data").
 */
export async function tracesOfUser(db: Kysely<Database>, userId: number, email: string): Promise<string[]> {
  const columns = await sql<{ table_name: string; column_name: string; data_type: string; udt_name: string }>`
    SELECT table_name, column_name, data_type, udt_name FROM information_schema.columns
    WHERE table_schema = 'public' AND table_name NOT LIKE 'kysely_%'`.execute(db);
  const found: string[] = [];
  for (const c of columns.rows) {
    const table = sql.table(c.table_name);
    const column = sql.ref(c.column_name);
    if (c.column_name === 'user_id' || (c.table_name === 'users' && c.column_name === 'id')) {
      const rows = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${table} WHERE ${column} = ${userId}`.execute(db);
      if (rows.rows[0]!.n) found.push(`${c.table_name}.${c.column_name} = ${userId}`);
    } else if (['text', 'character varying'].includes(c.data_type) || c.udt_name === 'citext' || c.data_type === 'jsonb') {
      const rows = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${table} WHERE ${column}::text ILIKE ${`%${email}%`}`.execute(
        db,
      );
      if (rows.rows[0]!.n) found.push(`${c.table_name}.${c.column_name} holds the email`);
    }
  }
  return found;
}
