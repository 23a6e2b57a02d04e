import { type Kysely, sql } from 'kysely';

// Frozen in time. The delivery arrives (docs/decisions.md §9.4): a sent order
// has at most one receipt, checked line by line; a closed receipt with a
// difference may have one claim, answered by the supplier from a link whose
// token is an HMAC of the claim's nonce (only the token's hash is kept, as the
// confirmation links do). Deleting the sent order (or its supplier) deletes
// its receipt, the receipt's lines and claim, and with it the claim's link.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('receipts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('sent_order_id', 'integer', (c) => c.notNull().unique().references('sent_orders.id').onDelete('cascade'))
    .addColumn('supplier_id', 'integer', (c) => c.notNull().references('suppliers.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('checking').check(sql`status IN ('checking', 'done')`))
    .addColumn('received_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('done_at', 'timestamptz')
    .addColumn('delivery_note', 'text', (c) => c.notNull().defaultTo(''))
    // What the last close added to each product's count, {productId: quantity}: a reopen takes it back.
    .addColumn('stocked', 'jsonb')
    .execute();
  await sql`CREATE INDEX receipts_business_started_idx ON receipts (business_id, started_at DESC, id DESC)`.execute(db);
  const amount = (name: string) => sql`${sql.raw(name)} >= 0 AND ${sql.raw(name)} <= 99999`;
  await db.schema
    .createTable('receipt_lines')
    .addColumn('receipt_id', 'integer', (c) => c.notNull().references('receipts.id').onDelete('cascade'))
    .addColumn('business_id', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('expected', sql`numeric(8, 3)`, (c) => c.notNull().check(amount('expected')))
    .addColumn('received', sql`numeric(8, 3)`, (c) => c.check(amount('received')))
    .addColumn('outcome', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`outcome IN ('pending', 'ok', 'short', 'damaged', 'wrong', 'substituted', 'extra', 'refused')`),
    )
    .addColumn('expected_price', sql`numeric(11, 4)`)
    .addColumn('charged_price', sql`numeric(11, 4)`)
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('receipt_lines_pkey', ['receipt_id', 'product_id'])
    .execute();
  await db.schema
    .createTable('claims')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('receipt_id', 'integer', (c) => c.notNull().unique().references('receipts.id').onDelete('cascade'))
    .addColumn('supplier_id', 'integer', (c) => c.notNull().references('suppliers.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('open').check(sql`status IN ('open', 'credited', 'redelivered', 'rejected', 'closed')`),
    )
    // [{productId, quantity, amount, reason}] as claimed.
    .addColumn('lines', 'jsonb', (c) => c.notNull())
    .addColumn('amount', sql`numeric(16, 2)`, (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull().check(sql`language IN ('en', 'es')`))
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    // {answer, note, creditNote, at} once the supplier answers.
    .addColumn('supplier_answer', 'jsonb')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('closed_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX claims_business_status_idx ON claims (business_id, status, supplier_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('claims').execute();
  await db.schema.dropTable('receipt_lines').execute();
  await db.schema.dropTable('receipts').execute();
}
