import type { Db } from '@reorder/db';
import { cents, money } from '../platform/cents.ts';
import { nextTurn } from '../platform/turn.ts';

/** Bills read per event-loop turn while summing (docs/decisions.md §9.7). */
const BILLS_PER_TURN = 500;

/**
 * What suppliers billed for a range of days (docs/decisions.md §9.6): the
 * base (before tax, as prices are sent) of every bill issued from `from` to
 * `to`, both included, whatever its status, to the cent. Spend shows it
 * beside what was sent.
 */
export async function billedIn(db: Db, businessId: number, from: string, to: string): Promise<number> {
  const rows = await db
    .selectFrom('bills')
    .select('lines')
    .where('business_id', '=', businessId)
    .where('issued_on', '>=', from)
    .where('issued_on', '<=', to)
    .execute();
  let total = 0n;
  for (const [i, row] of rows.entries()) {
    if (i > 0 && i % BILLS_PER_TURN === 0) await nextTurn();
    for (const line of row.lines) total += cents(line.quantity, line.unitPrice);
  }
  return money(total);
}
