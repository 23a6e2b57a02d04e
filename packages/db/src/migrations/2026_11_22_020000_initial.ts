import { type Kysely, sql } from 'kysely';

// Frozen in time: this file imports nothing from the app and never changes once landed.
// Uses nothing newer than PostgreSQL 15, since both PGlite (18) and the server (15) run it.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS citext`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('username', sql`citext`, (c) => c.notNull().unique())
    .addColumn('email', sql`citext`, (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('business_name', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en').check(sql`language IN ('en', 'es')`))
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('suppliers')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('contact_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('message_service', 'text', (c) => c.notNull())
    .addColumn('contact_info', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('sort_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Lets child rows name their owner in their foreign keys, so no row can point across tenants.
    .addUniqueConstraint('suppliers_id_user_key', ['id', 'user_id'])
    .execute();
  // Lists are per user, sorted by name; `COLLATE "C"` gives the same order on every server locale.
  await sql`CREATE INDEX suppliers_user_sort_idx ON suppliers (user_id, sort_key COLLATE "C", id)`.execute(db);
  await sql`CREATE INDEX suppliers_search_trgm_idx ON suppliers USING gin (search_text gin_trgm_ops)`.execute(db);

  await db.schema
    .createTable('orders')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('supplier_id', 'integer', (c) => c.notNull().unique())
    .addColumn('introduce', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('orders_id_user_key', ['id', 'user_id'])
    .addForeignKeyConstraint('orders_supplier_fkey', ['supplier_id', 'user_id'], 'suppliers', ['id', 'user_id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .execute();
  await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('sort_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('products_id_order_key', ['id', 'order_id'])
    .addForeignKeyConstraint('products_order_fkey', ['order_id', 'user_id'], 'orders', ['id', 'user_id'], (fk) => fk.onDelete('cascade'))
    .execute();
  await sql`CREATE INDEX products_order_sort_idx ON products (order_id, sort_key COLLATE "C", id)`.execute(db);
  await sql`CREATE INDEX products_user_sort_idx ON products (user_id, sort_key COLLATE "C", id)`.execute(db);
  await sql`CREATE INDEX products_search_trgm_idx ON products USING gin (search_text gin_trgm_ops)`.execute(db);

  await db.schema
    .createTable('order_quantities')
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('quantity', sql`numeric(8, 3)`, (c) => c.notNull().defaultTo(0).check(sql`quantity >= 0 AND quantity <= 99999`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('order_quantities_pkey', ['order_id', 'product_id'])
    .addForeignKeyConstraint('order_quantities_order_fkey', ['order_id', 'user_id'], 'orders', ['id', 'user_id'], (fk) =>
      fk.onDelete('cascade'),
    )
    // The product must belong to this very order.
    .addForeignKeyConstraint('order_quantities_product_fkey', ['product_id', 'order_id'], 'products', ['id', 'order_id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .execute();
  await db.schema.createIndex('order_quantities_product_idx').on('order_quantities').column('product_id').execute();

  await db.schema
    .createTable('feedback')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('feedback_user_idx').on('feedback').column('user_id').execute();

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('password_reset_tokens_user_idx').on('password_reset_tokens').column('user_id').execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('rate_limits_pkey', ['bucket', 'window_start'])
    .execute();
  await db.schema.createIndex('rate_limits_window_idx').on('rate_limits').column('window_start').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'rate_limits',
    'password_reset_tokens',
    'feedback',
    'order_quantities',
    'products',
    'orders',
    'suppliers',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
