import { type Kysely, sql } from 'kysely';

// Frozen in time. Spend by product (docs/decisions.md §8.4) read every line
// from each sent order's JSON: 383 ms at 50,000 orders a year
// (docs/performance.md, Spend). Each product of a sent order is now a row of
// `sent_lines`, and each product's sends of a day (UTC) a row of
// `sent_line_days`, both kept by triggers as sent orders are inserted or
// deleted (a send, a seed, a restore, a supplier deleted alike) and filled
// here for the orders already sent. A sent order's lines and time never
// change. `amount` is quantity × price exactly as the JSON gives them
// (numeric), null for a line sent without a price; a product twice in one
// order (never sent so) is one row, its amounts summed.

/** The rows of `sent_lines` of the sent orders in `orders` (a table or a transition table). */
const linesOf = (orders: string) => `
  SELECT so.id AS sent_order_id, so.business_id, so.sent_at, l."productId" AS product_id,
    coalesce((array_agg(l.name))[1], '') AS name, sum(l.quantity * l.price) AS amount
  FROM ${orders} so
  CROSS JOIN LATERAL jsonb_to_recordset(so.lines) AS l("productId" int, name text, quantity numeric, price numeric)
  WHERE l."productId" IS NOT NULL
  GROUP BY so.id, so.business_id, so.sent_at, l."productId"`;

/** The rows of `sent_line_days` those lines add up to. */
const daysOf = (orders: string) => `
  SELECT business_id, (sent_at AT TIME ZONE 'UTC')::date AS day, product_id, coalesce(sum(amount), 0) AS total, count(*)::int AS orders
  FROM (${linesOf(orders)}) lines GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`; // rows locked in one order by concurrent sends

/** Adds the lines of the sent orders in `orders` to both tables. */
const add = (orders: string) => `
  INSERT INTO sent_lines (sent_order_id, business_id, sent_at, product_id, name, amount) ${linesOf(orders)};
  INSERT INTO sent_line_days AS d (business_id, day, product_id, total, orders) ${daysOf(orders)}
  ON CONFLICT (business_id, day, product_id) DO UPDATE SET total = d.total + excluded.total, orders = d.orders + excluded.orders;`;

/** Takes the lines of the sent orders in `orders` off the days (their `sent_lines` go with them, or are deleted by the caller). */
const subtract = (orders: string) => `
  UPDATE sent_line_days d SET total = d.total - gone.total, orders = d.orders - gone.orders
  FROM (${daysOf(orders)}) gone
  WHERE d.business_id = gone.business_id AND d.day = gone.day AND d.product_id = gone.product_id;
  DELETE FROM sent_line_days d USING (SELECT DISTINCT business_id, (sent_at AT TIME ZONE 'UTC')::date AS day FROM ${orders} o) gone
  WHERE d.business_id = gone.business_id AND d.day = gone.day AND d.orders <= 0;`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE sent_lines (
    sent_order_id integer NOT NULL REFERENCES sent_orders (id) ON DELETE CASCADE,
    business_id integer NOT NULL,
    sent_at timestamptz NOT NULL,
    product_id integer NOT NULL,
    name text NOT NULL,
    amount numeric,
    PRIMARY KEY (sent_order_id, product_id)
  )`.execute(db);
  await sql`CREATE TABLE sent_line_days (
    business_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    day date NOT NULL,
    product_id integer NOT NULL,
    total numeric NOT NULL,
    orders integer NOT NULL,
    PRIMARY KEY (business_id, day, product_id)
  )`.execute(db);
  await sql`CREATE FUNCTION sent_lines_of_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN ${sql.raw(add('inserted'))} RETURN NULL; END $$`.execute(db);
  await sql`CREATE FUNCTION sent_lines_of_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN ${sql.raw(subtract('deleted'))} RETURN NULL; END $$`.execute(db);
  // A changed time or lines (a test placing a send in time; no request changes them) moves the order's lines.
  const changed = (side: 'old_orders' | 'new_orders') => `(SELECT ${side}.* FROM old_orders JOIN new_orders ON new_orders.id = old_orders.id
    WHERE old_orders.sent_at IS DISTINCT FROM new_orders.sent_at OR old_orders.lines IS DISTINCT FROM new_orders.lines)`;
  await sql`CREATE FUNCTION sent_lines_of_updated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${sql.raw(subtract(changed('old_orders')))}
      DELETE FROM sent_lines WHERE sent_order_id IN (SELECT id FROM ${sql.raw(changed('new_orders'))} moved);
      ${sql.raw(add(changed('new_orders')))}
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER sent_lines_of_inserted AFTER INSERT ON sent_orders
    REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION sent_lines_of_inserted()`.execute(db);
  await sql`CREATE TRIGGER sent_lines_of_deleted AFTER DELETE ON sent_orders
    REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION sent_lines_of_deleted()`.execute(db);
  await sql`CREATE TRIGGER sent_lines_of_updated AFTER UPDATE ON sent_orders
    REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION sent_lines_of_updated()`.execute(db);
  await sql`INSERT INTO sent_lines (sent_order_id, business_id, sent_at, product_id, name, amount) ${sql.raw(linesOf('sent_orders'))}`.execute(
    db,
  );
  await sql`INSERT INTO sent_line_days (business_id, day, product_id, total, orders) ${sql.raw(daysOf('sent_orders'))}`.execute(db);
  // Partial days at a range's ends read the lines by time; the latest name of a product, by product and time.
  await sql`CREATE INDEX sent_lines_business_sent_idx ON sent_lines (business_id, sent_at) INCLUDE (product_id, amount)`.execute(db);
  await sql`CREATE INDEX sent_lines_business_product_idx ON sent_lines (business_id, product_id, sent_at) INCLUDE (name)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER sent_lines_of_inserted ON sent_orders`.execute(db);
  await sql`DROP TRIGGER sent_lines_of_deleted ON sent_orders`.execute(db);
  await sql`DROP TRIGGER sent_lines_of_updated ON sent_orders`.execute(db);
  await sql`DROP FUNCTION sent_lines_of_updated()`.execute(db);
  await sql`DROP FUNCTION sent_lines_of_inserted()`.execute(db);
  await sql`DROP FUNCTION sent_lines_of_deleted()`.execute(db);
  await sql`DROP TABLE sent_line_days`.execute(db);
  await sql`DROP TABLE sent_lines`.execute(db);
}
