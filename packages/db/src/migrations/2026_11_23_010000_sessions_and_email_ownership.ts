import { type Kysely, sql } from 'kysely';

// Frozen in time. Server-side sessions and email ownership (issue 8):
// - `sessions` replace the per-user token version: a token names its session,
//   and a session that ended refuses its token on every server at once;
// - `users.email_verified`, and one-use links that verify an address or
//   confirm a new one (`email_tokens`, stored as hashes like reset tokens).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('email_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  // A provider verified the email of every account it created or was linked to.
  await sql`UPDATE users SET email_verified = true WHERE google_id IS NOT NULL OR facebook_id IS NOT NULL`.execute(db);
  await db.schema.alterTable('users').dropColumn('token_version').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ended_at', 'timestamptz')
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('email_tokens')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 'verify': the account's own address; 'change': a new address, applied when the link is opened.
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose IN ('verify', 'change')`))
    .addColumn('email', sql`citext`, (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('email_tokens_user_idx').on('email_tokens').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_tokens').ifExists().execute();
  await db.schema.dropTable('sessions').ifExists().execute();
  await db.schema
    .alterTable('users')
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').dropColumn('email_verified').execute();
}
