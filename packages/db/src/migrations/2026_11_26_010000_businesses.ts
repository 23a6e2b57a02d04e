import { type Kysely, sql } from 'kysely';

// Frozen in time. Data belongs to a business, not to a user (docs/decisions.md
// §8.2). Every existing account becomes exactly one business, named after its
// `business_name`, with the user as its only member and owner. The business
// takes the user's id, so every row that named its owner by `user_id` names
// its business by the same number once the column is renamed `business_id`,
// and the composite keys that keep a row inside its tenant
// (`(order_id, business_id)` → orders…) hold as they were. New businesses
// take ids above every user's.
//
// Also: who sent each order (`sent_orders.sent_by`), who last counted each
// product (`products.counted_by`), API tokens bound to one business, and
// invitations (stored hashed, single use, 7 days). A change to a membership
// tells every process on `reorder_auth`, like a change to a user or a session:
// the cached sign-in check carries the memberships.

/** The tables whose rows belong to a tenant, named until now by `user_id`. */
const TENANT_TABLES = ['suppliers', 'orders', 'products', 'order_quantities', 'sent_orders'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('businesses')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('EUR').check(sql`currency ~ '^[A-Z]{3}$'`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`INSERT INTO businesses (id, name, created_at, updated_at)
    SELECT id, business_name, created_at, created_at FROM users ORDER BY id`.execute(db);
  await sql`SELECT setval(pg_get_serial_sequence('businesses', 'id'), GREATEST((SELECT max(id) FROM users), 1))`.execute(db);

  await db.schema
    .createTable('memberships')
    .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role IN ('owner', 'manager', 'staff')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('memberships_pkey', ['user_id', 'business_id'])
    .execute();
  await db.schema.createIndex('memberships_business_idx').on('memberships').columns(['business_id', 'role']).execute();
  await sql`INSERT INTO memberships (business_id, user_id, role, created_at) SELECT id, id, 'owner', created_at FROM users`.execute(db);
  await sql`CREATE TRIGGER memberships_notify_auth AFTER INSERT OR UPDATE OR DELETE ON memberships
    FOR EACH ROW EXECUTE FUNCTION reorder_notify_auth()`.execute(db);

  for (const table of TENANT_TABLES) {
    await sql`ALTER TABLE ${sql.table(table)} RENAME COLUMN user_id TO business_id`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT ${sql.ref(`${table}_user_id_fkey`)}`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.ref(`${table}_business_id_fkey`)}
      FOREIGN KEY (business_id) REFERENCES businesses (id) ON DELETE CASCADE`.execute(db);
  }

  await db.schema
    .alterTable('api_tokens')
    .addColumn('business_id', 'integer', (c) => c.references('businesses.id').onDelete('cascade'))
    .execute();
  await sql`UPDATE api_tokens SET business_id = user_id`.execute(db);
  await sql`ALTER TABLE api_tokens ALTER COLUMN business_id SET NOT NULL`.execute(db);

  await db.schema
    .alterTable('sent_orders')
    .addColumn('sent_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('counted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('email', sql`citext`, (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role IN ('owner', 'manager', 'staff')`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('invitations_business_idx').on('invitations').columns(['business_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invitations').execute();
  await db.schema.alterTable('products').dropColumn('counted_by').execute();
  await db.schema.alterTable('sent_orders').dropColumn('sent_by').execute();
  await db.schema.alterTable('api_tokens').dropColumn('business_id').execute();
  for (const table of TENANT_TABLES) {
    await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT ${sql.ref(`${table}_business_id_fkey`)}`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} RENAME COLUMN business_id TO user_id`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.ref(`${table}_user_id_fkey`)}
      FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE`.execute(db);
  }
  await db.schema.dropTable('memberships').execute();
  await db.schema.dropTable('businesses').execute();
}
