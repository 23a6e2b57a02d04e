import { type Kysely, sql } from 'kysely';

// Frozen in time. Which transactions changed what a business's product list
// shows (docs/decisions.md §9.8, "The product list kept"), so a process that
// kept a page of it can tell, in one statement, whether the page still holds:
// whether a transaction that changed the business committed after the
// snapshot the page was read in.
//
// - `product_list_changes`: one row per business and writing transaction, for
//   every statement that writes `products` or `order_quantities`, whoever
//   makes it (procedure, import, trigger, cascade). Only inserts, so writers
//   never queue on each other here.
// - `product_list_horizon`: one row. A page read in a snapshot whose xmin is
//   below it is stale. Pruning moves it up as it deletes the changes below it,
//   and a change of a user's name moves it past the renaming transaction (a
//   name is shown as who counted, in every business where they counted).

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE product_list_changes (
    business_id integer NOT NULL,
    xid xid8 NOT NULL,
    PRIMARY KEY (business_id, xid)
  )`.execute(db);
  await sql`CREATE TABLE product_list_horizon (
    single boolean PRIMARY KEY DEFAULT true CHECK (single),
    horizon xid8 NOT NULL
  )`.execute(db);
  await sql`INSERT INTO product_list_horizon (horizon) VALUES ('0')`.execute(db);

  await sql`CREATE FUNCTION product_list_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO product_list_changes (business_id, xid)
        SELECT DISTINCT business_id, pg_current_xact_id() FROM changed
        ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$`.execute(db);
  // A trigger with transition tables takes one event, so three per table.
  for (const table of ['products', 'order_quantities']) {
    for (const [event, rows] of [
      ['INSERT', 'NEW'],
      ['UPDATE', 'NEW'],
      ['DELETE', 'OLD'],
    ] as const) {
      await sql`CREATE TRIGGER ${sql.ref(`${table}_list_${event.toLowerCase()}`)} AFTER ${sql.raw(event)} ON ${sql.table(table)}
        REFERENCING ${sql.raw(rows)} TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION product_list_changed()`.execute(db);
    }
  }

  await sql`CREATE FUNCTION product_list_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- Past this transaction: a page read before it committed has an xmin at or below its id.
      UPDATE product_list_horizon SET horizon = greatest(horizon, (pg_current_xact_id()::text::bigint + 1)::text::xid8);
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER users_list_renamed AFTER UPDATE OF full_name ON users
    FOR EACH ROW WHEN (OLD.full_name IS DISTINCT FROM NEW.full_name) EXECUTE FUNCTION product_list_renamed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER users_list_renamed ON users`.execute(db);
  await sql`DROP FUNCTION product_list_renamed()`.execute(db);
  for (const table of ['products', 'order_quantities']) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`DROP TRIGGER ${sql.ref(`${table}_list_${event}`)} ON ${sql.table(table)}`.execute(db);
    }
  }
  await sql`DROP FUNCTION product_list_changed()`.execute(db);
  await sql`DROP TABLE product_list_horizon`.execute(db);
  await sql`DROP TABLE product_list_changes`.execute(db);
}
