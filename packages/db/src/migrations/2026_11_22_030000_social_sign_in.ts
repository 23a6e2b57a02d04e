import type { Kysely } from 'kysely';

// Frozen in time. The provider's user id of Google and Facebook sign-in (issue 4).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('google_id', 'text', (c) => c.unique())
    .addColumn('facebook_id', 'text', (c) => c.unique())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('google_id').dropColumn('facebook_id').execute();
}
