import { type Kysely, sql } from 'kysely';

// Frozen in time. "Ready to send" is kept on the order (docs/decisions.md
// §9.3): who said it and when, until the order is sent or changed. "Changed"
// is any change of its lines, quantities or message, whichever procedure or
// import makes it, so the database clears it (triggers), not each writer:
// a quantity that changes (a line added or removed included), the message
// changing, or a send recorded. Writing the same quantity or message again
// changes nothing, and leaves it.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('ready_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('ready_at', 'timestamptz')
    .execute();
  await sql`CREATE FUNCTION orders_ready_clear() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE orders SET ready_by = NULL, ready_at = NULL
        WHERE id = COALESCE(NEW.order_id, OLD.order_id) AND ready_at IS NOT NULL;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER order_quantities_ready_added AFTER INSERT ON order_quantities
    FOR EACH ROW WHEN (NEW.quantity > 0) EXECUTE FUNCTION orders_ready_clear()`.execute(db);
  await sql`CREATE TRIGGER order_quantities_ready_changed AFTER UPDATE OF quantity ON order_quantities
    FOR EACH ROW WHEN (OLD.quantity IS DISTINCT FROM NEW.quantity) EXECUTE FUNCTION orders_ready_clear()`.execute(db);
  await sql`CREATE TRIGGER order_quantities_ready_removed AFTER DELETE ON order_quantities
    FOR EACH ROW WHEN (OLD.quantity > 0) EXECUTE FUNCTION orders_ready_clear()`.execute(db);
  await sql`CREATE TRIGGER sent_orders_ready_sent AFTER INSERT ON sent_orders
    FOR EACH ROW EXECUTE FUNCTION orders_ready_clear()`.execute(db);
  // The message is on the order's own row: cleared in the same write.
  await sql`CREATE FUNCTION orders_ready_message_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.ready_by := NULL;
      NEW.ready_at := NULL;
      RETURN NEW;
    END $$`.execute(db);
  await sql`CREATE TRIGGER orders_ready_message_changed BEFORE UPDATE OF introduce ON orders
    FOR EACH ROW WHEN (OLD.introduce IS DISTINCT FROM NEW.introduce) EXECUTE FUNCTION orders_ready_message_changed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER orders_ready_message_changed ON orders`.execute(db);
  await sql`DROP FUNCTION orders_ready_message_changed()`.execute(db);
  await sql`DROP TRIGGER sent_orders_ready_sent ON sent_orders`.execute(db);
  await sql`DROP TRIGGER order_quantities_ready_removed ON order_quantities`.execute(db);
  await sql`DROP TRIGGER order_quantities_ready_changed ON order_quantities`.execute(db);
  await sql`DROP TRIGGER order_quantities_ready_added ON order_quantities`.execute(db);
  await sql`DROP FUNCTION orders_ready_clear()`.execute(db);
  await db.schema.alterTable('orders').dropColumn('ready_at').dropColumn('ready_by').execute();
}
