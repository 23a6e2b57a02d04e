import { type Kysely, sql } from 'kysely';

// Frozen in time. Every change to an account or one of its sessions or API
// tokens tells each server process, through NOTIFY on `reorder_auth` with the
// user id, so the processes that keep the sign-in check in memory forget that
// account at once (packages/api/src/sessions/session-cache.ts). A trigger, so
// no code path that changes these rows can forget to say so.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION reorder_notify_auth() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_TABLE_NAME = 'users' THEN
        PERFORM pg_notify('reorder_auth', COALESCE(NEW.id, OLD.id)::text);
      ELSE
        PERFORM pg_notify('reorder_auth', COALESCE(NEW.user_id, OLD.user_id)::text);
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  for (const table of ['users', 'sessions', 'api_tokens']) {
    await sql`CREATE TRIGGER ${sql.raw(`${table}_notify_auth`)} AFTER UPDATE OR DELETE ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION reorder_notify_auth()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['users', 'sessions', 'api_tokens']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${table}_notify_auth`)} ON ${sql.table(table)}`.execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS reorder_notify_auth()`.execute(db);
}
