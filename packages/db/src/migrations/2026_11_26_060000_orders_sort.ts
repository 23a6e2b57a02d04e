import { type Kysely, sql } from 'kysely';

// Frozen in time. How the member's orders list is sorted (issue 32): kept on
// the account, so that every device of theirs shows it the same.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('orders_sort', 'text', (c) => c.notNull().defaultTo('name').check(sql`orders_sort IN ('name', 'cutoff', 'inOrder')`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('orders_sort').execute();
}
