import { type Kysely, sql } from 'kysely';

// Frozen in time. Spend by month, week and supplier (docs/decisions.md §8.4)
// read every sent order of the range from an index: 50,000 rows for a year
// at 100,000 sent orders, 54 to 82 ms; by product read a row per product
// and day of `sent_line_days`, 58,000 (docs/performance.md, Spend). Now
// each supplier's sends of a day (UTC) are a row of `sent_supplier_days`
// (total, unpriced lines, orders), and each product's sends of a month
// (UTC) a row of `sent_line_months` (total, orders), kept by triggers as
// sent orders are inserted, deleted or changed, the way `sent_line_days` is
// (migration 2026_11_28_180000), and filled here for the orders already
// sent. The sums are numeric, so a range read from them sums to the same
// value as its orders (or lines) read one by one.

/** A sent order's lines, one row per product (the rows of `sent_lines`, migration 2026_11_28_180000). */
const linesOf = (orders: string) => `
  SELECT so.id, so.business_id, so.sent_at, l."productId" AS product_id, sum(l.quantity * l.price) AS amount
  FROM ${orders} so
  CROSS JOIN LATERAL jsonb_to_recordset(so.lines) AS l("productId" int, quantity numeric, price numeric)
  WHERE l."productId" IS NOT NULL
  GROUP BY so.id, so.business_id, so.sent_at, l."productId"`;

// Both in one order of their keys: concurrent sends lock the rows they add to in the same order.
/** The rows of `sent_supplier_days` the sent orders in `orders` add up to. */
const supplierDaysOf = (orders: string) => `
  SELECT business_id, (sent_at AT TIME ZONE 'UTC')::date AS day, supplier_id, sum(total) AS total,
    sum(unpriced_lines)::int AS unpriced, count(*)::int AS orders
  FROM ${orders} so GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;

/** The rows of `sent_line_months` the lines of the sent orders in `orders` add up to. */
const lineMonthsOf = (orders: string) => `
  SELECT business_id, date_trunc('month', sent_at AT TIME ZONE 'UTC')::date AS month, product_id,
    coalesce(sum(amount), 0) AS total, count(*)::int AS orders
  FROM (${linesOf(orders)}) lines GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;

/** Adds the sent orders in `orders` (a table or a transition table) to both tables. */
const add = (orders: string) => `
  INSERT INTO sent_supplier_days AS d (business_id, day, supplier_id, total, unpriced, orders) ${supplierDaysOf(orders)}
  ON CONFLICT (business_id, day, supplier_id)
  DO UPDATE SET total = d.total + excluded.total, unpriced = d.unpriced + excluded.unpriced, orders = d.orders + excluded.orders;
  INSERT INTO sent_line_months AS m (business_id, month, product_id, total, orders) ${lineMonthsOf(orders)}
  ON CONFLICT (business_id, month, product_id) DO UPDATE SET total = m.total + excluded.total, orders = m.orders + excluded.orders;`;

/** Takes the sent orders in `orders` off both tables; a row no order is left in goes. */
const subtract = (orders: string) => `
  UPDATE sent_supplier_days d SET total = d.total - gone.total, unpriced = d.unpriced - gone.unpriced, orders = d.orders - gone.orders
  FROM (${supplierDaysOf(orders)}) gone
  WHERE d.business_id = gone.business_id AND d.day = gone.day AND d.supplier_id = gone.supplier_id;
  DELETE FROM sent_supplier_days d USING (SELECT DISTINCT business_id, (sent_at AT TIME ZONE 'UTC')::date AS day FROM ${orders} o) gone
  WHERE d.business_id = gone.business_id AND d.day = gone.day AND d.orders <= 0;
  UPDATE sent_line_months m SET total = m.total - gone.total, orders = m.orders - gone.orders
  FROM (${lineMonthsOf(orders)}) gone
  WHERE m.business_id = gone.business_id AND m.month = gone.month AND m.product_id = gone.product_id;
  DELETE FROM sent_line_months m
  USING (SELECT DISTINCT business_id, date_trunc('month', sent_at AT TIME ZONE 'UTC')::date AS month FROM ${orders} o) gone
  WHERE m.business_id = gone.business_id AND m.month = gone.month AND m.orders <= 0;`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE sent_supplier_days (
    business_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    day date NOT NULL,
    supplier_id integer NOT NULL,
    total numeric NOT NULL,
    unpriced integer NOT NULL,
    orders integer NOT NULL,
    PRIMARY KEY (business_id, day, supplier_id)
  )`.execute(db);
  await sql`CREATE TABLE sent_line_months (
    business_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    month date NOT NULL,
    product_id integer NOT NULL,
    total numeric NOT NULL,
    orders integer NOT NULL,
    PRIMARY KEY (business_id, month, product_id)
  )`.execute(db);
  await sql`CREATE FUNCTION sent_days_of_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN ${sql.raw(add('inserted'))} RETURN NULL; END $$`.execute(db);
  await sql`CREATE FUNCTION sent_days_of_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN ${sql.raw(subtract('deleted'))} RETURN NULL; END $$`.execute(db);
  // A changed time, supplier, total or lines (tests placing sends in time; no request changes them) moves the order.
  // Other changes (a supplier's answer, a sender gone) leave both tables alone.
  const changed = (side: 'old_orders' | 'new_orders') => `(SELECT ${side}.* FROM old_orders JOIN new_orders ON new_orders.id = old_orders.id
    WHERE (old_orders.business_id, old_orders.sent_at, old_orders.supplier_id, old_orders.total, old_orders.unpriced_lines, old_orders.lines)
      IS DISTINCT FROM (new_orders.business_id, new_orders.sent_at, new_orders.supplier_id, new_orders.total, new_orders.unpriced_lines, new_orders.lines))`;
  await sql`CREATE FUNCTION sent_days_of_updated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${sql.raw(subtract(changed('old_orders')))}
      ${sql.raw(add(changed('new_orders')))}
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER sent_days_of_inserted AFTER INSERT ON sent_orders
    REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION sent_days_of_inserted()`.execute(db);
  await sql`CREATE TRIGGER sent_days_of_deleted AFTER DELETE ON sent_orders
    REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION sent_days_of_deleted()`.execute(db);
  await sql`CREATE TRIGGER sent_days_of_updated AFTER UPDATE ON sent_orders
    REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION sent_days_of_updated()`.execute(db);
  await sql`INSERT INTO sent_supplier_days (business_id, day, supplier_id, total, unpriced, orders) ${sql.raw(supplierDaysOf('sent_orders'))}`.execute(
    db,
  );
  await sql`INSERT INTO sent_line_months (business_id, month, product_id, total, orders) ${sql.raw(lineMonthsOf('sent_orders'))}`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER sent_days_of_inserted ON sent_orders`.execute(db);
  await sql`DROP TRIGGER sent_days_of_deleted ON sent_orders`.execute(db);
  await sql`DROP TRIGGER sent_days_of_updated ON sent_orders`.execute(db);
  await sql`DROP FUNCTION sent_days_of_updated()`.execute(db);
  await sql`DROP FUNCTION sent_days_of_inserted()`.execute(db);
  await sql`DROP FUNCTION sent_days_of_deleted()`.execute(db);
  await sql`DROP TABLE sent_line_months`.execute(db);
  await sql`DROP TABLE sent_supplier_days`.execute(db);
}
