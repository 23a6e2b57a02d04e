import { type Kysely, sql } from 'kysely';

// Frozen in time. The bill and the accountant (docs/decisions.md §9.6): the
// tax data (a business's and a supplier's tax id, a product's tax rate with
// the business's default, and what the Xero export names its account and
// tax types), the supplier's invoices (bills) with their lines as entered,
// the match made when they were saved, and the invoice's photo or PDF, kept
// in the database (its own tables, read only when asked, its bytes in parts)
// so backups and account exports hold it. Deleting a supplier deletes its bills.

const rate = (name: string) => sql`${sql.raw(name)} >= 0 AND ${sql.raw(name)} <= 30`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('businesses')
    .addColumn('tax_id', 'text', (c) => c.notNull().defaultTo('').check(sql`char_length(tax_id) <= 20`))
    .addColumn('default_tax_rate', sql`numeric(5, 2)`, (c) => c.notNull().defaultTo(0).check(rate('default_tax_rate')))
    .addColumn('xero_account_code', 'text', (c) => c.notNull().defaultTo('300'))
    .addColumn('xero_tax_types', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
  await db.schema
    .alterTable('suppliers')
    .addColumn('tax_id', 'text', (c) => c.notNull().defaultTo('').check(sql`char_length(tax_id) <= 20`))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('tax_rate', sql`numeric(5, 2)`, (c) => c.check(rate('tax_rate')))
    .execute();
  // The whole-business product list reads the name-order index alone: it carries the new column.
  await sql`DROP INDEX products_business_sort_cover_idx`.execute(db);
  await sql`CREATE INDEX products_business_sort_cover_idx ON products (business_id, sort_key COLLATE "C", id)
    INCLUDE (name, unit, order_id, search_text, par, on_hand, counted_at, counted_by, usual, price, step, note, tax_rate,
      price_change_from, price_change_to, price_change_at)`.execute(db);

  await db.schema
    .createTable('bills')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('supplier_id', 'integer', (c) => c.notNull().references('suppliers.id').onDelete('cascade'))
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('issued_on', 'date', (c) => c.notNull())
    .addColumn('due_on', 'date')
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
    // [sentOrderId, ...]: the sent orders it bills (their deletion leaves the id, matched against nothing).
    .addColumn('sent_order_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // [{productId, description, quantity, unitPrice, taxRate}] as entered.
    .addColumn('lines', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // {lines, difference} as matched when it was last saved, or null without sent orders.
    .addColumn('match', 'jsonb')
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('draft').check(sql`status IN ('draft', 'matched', 'mismatch', 'approved', 'exported')`),
    )
    .addColumn('approved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('approved_at', 'timestamptz')
    .addColumn('exported_at', 'timestamptz')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('bills_supplier_number_key', ['business_id', 'supplier_id', 'number'])
    .execute();
  await sql`CREATE INDEX bills_business_status_idx ON bills (business_id, status, issued_on DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX bills_business_issued_idx ON bills (business_id, issued_on, id)`.execute(db);

  await db.schema
    .createTable('bill_files')
    .addColumn('bill_id', 'integer', (c) => c.primaryKey().references('bills.id').onDelete('cascade'))
    .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('content_type', 'text', (c) =>
      c.notNull().check(sql`content_type IN ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')`),
    )
    .addColumn('size', 'integer', (c) => c.notNull().check(sql`size > 0 AND size <= 5242880`))
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('uploaded_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // The bytes, in parts of at most 256 KiB: written and read a part per query, so neither database holds the
  // event loop long (PGlite runs in the server's thread; a 5 MB value in one query took seconds).
  await db.schema
    .createTable('bill_file_parts')
    .addColumn('bill_id', 'integer', (c) => c.notNull().references('bill_files.bill_id').onDelete('cascade'))
    .addColumn('part', 'integer', (c) => c.notNull())
    .addColumn('data', 'bytea', (c) => c.notNull())
    .addPrimaryKeyConstraint('bill_file_parts_pkey', ['bill_id', 'part'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bill_file_parts').execute();
  await db.schema.dropTable('bill_files').execute();
  await db.schema.dropTable('bills').execute();
  await sql`DROP INDEX products_business_sort_cover_idx`.execute(db);
  await sql`CREATE INDEX products_business_sort_cover_idx ON products (business_id, sort_key COLLATE "C", id)
    INCLUDE (name, unit, order_id, search_text, par, on_hand, counted_at, counted_by, usual, price, step, note,
      price_change_from, price_change_to, price_change_at)`.execute(db);
  await db.schema.alterTable('products').dropColumn('tax_rate').execute();
  await db.schema.alterTable('suppliers').dropColumn('tax_id').execute();
  await db.schema
    .alterTable('businesses')
    .dropColumn('tax_id')
    .dropColumn('default_tax_rate')
    .dropColumn('xero_account_code')
    .dropColumn('xero_tax_types')
    .execute();
}
