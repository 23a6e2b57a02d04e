import { type Kysely, sql } from 'kysely';

// Frozen in time. A push subscription is a device (docs/decisions.md §9.7):
// it keeps the session that made it and that device's user agent, so the
// profile can list it ("Chrome on Android, since 3 Nov") and ending the
// session ends it too. The trigger makes that exact whatever ends a session
// (signing out, "Sign out everywhere", a password change or reset, a proof of
// the address). A session pruned long after it expired leaves its device in
// place (SET NULL): such a device, like those made before this migration,
// goes at the next "Sign out everywhere" or password change.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('push_subscriptions')
    .addColumn('session_id', 'integer', (c) => c.references('sessions.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('push_subscriptions')
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('push_subscriptions_session_idx').on('push_subscriptions').column('session_id').execute();
  await sql`CREATE FUNCTION push_subscriptions_end_with_session() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM push_subscriptions WHERE session_id = NEW.id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER sessions_ended_push AFTER UPDATE OF ended_at ON sessions
    FOR EACH ROW WHEN (OLD.ended_at IS NULL AND NEW.ended_at IS NOT NULL)
    EXECUTE FUNCTION push_subscriptions_end_with_session()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER sessions_ended_push ON sessions`.execute(db);
  await sql`DROP FUNCTION push_subscriptions_end_with_session()`.execute(db);
  await db.schema.dropIndex('push_subscriptions_session_idx').execute();
  await db.schema.alterTable('push_subscriptions').dropColumn('user_agent').execute();
  await db.schema.alterTable('push_subscriptions').dropColumn('session_id').execute();
}
