import type { PasswordHashing } from '@reorder/api';
import type { Database } from '@reorder/db';
import { emptyProductFields, PRODUCT_COLUMNS } from '@reorder/schemas';
import type { Kysely } from 'kysely';

let sequence = 0;

/** A string no other call in this run returns, for unique emails and names. */
export function unique(): string {
  sequence += 1;
  return `${Date.now().toString(36)}${sequence.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export const newEmail = (prefix = 'owner') => `${prefix}.${unique()}@example.com`;

/** A valid, unique email of exactly `length` characters (64-character local part, labels of at most 63). */
export function emailOfLength(length: number): string {
  const local = `l${unique()}`.padEnd(64, 'a');
  let remaining = length - local.length - 1 - 'example.com'.length;
  const labels: string[] = [];
  while (remaining > 0) {
    let size = Math.min(63, remaining - 1);
    if (remaining - (size + 1) === 1) size -= 1;
    labels.push('d'.repeat(size));
    remaining -= size + 1;
  }
  const email = `${local}@${[...labels, 'example.com'].join('.')}`;
  if (email.length !== length) throw new Error(`emailOfLength(${length}) made ${email.length} characters`);
  return email;
}

/** The stock fields of a product nobody has counted, set a par for or sent (docs/decisions.md §6.1), from PRODUCT_COLUMNS. */
export const NO_STOCK = emptyProductFields('stock');

/** A new product's fields beside its name, unit and quantity: no stock, no price, no step, no note (docs/decisions.md §8.4). */
export const NEW_PRODUCT = { ...NO_STOCK, ...emptyProductFields('catalogue') } as const;

/** The fields of a new product a line of an order carries: all but its tax rate, which only the product shows (docs/decisions.md §9.6). */
const { taxRate: _onlyOnTheProduct, ...NEW_PRODUCT_ON_A_LINE } = NEW_PRODUCT;

/** A line of an order (Order.products) whose product has no stock, price, step or note (docs/decisions.md §8.4). */
export const NEW_LINE = { ...NEW_PRODUCT_ON_A_LINE, lineTotal: null } as const;

/** The §6 fields of a supplier nobody changed them for: no delivery days, and asked to confirm (docs/decisions.md §6.2, §6.4). */
export const SUPPLIER_DEFAULTS = {
  deliveryDays: [],
  cutoffTime: null,
  leadDays: 1,
  nextDelivery: null,
  orderBy: null,
  askConfirmation: true,
  minimumOrder: null,
  showPrices: false,
  taxId: '',
} as const;

/** The time and reminder settings of an account nobody changed (docs/decisions.md §6.2, §6.3). */
export const DEFAULT_USER_SETTINGS = { timeZone: 'UTC', reminders: true, reminderMinutes: 120, ordersSort: 'name' } as const;

/** Every key of a User, sorted: what an account shows of itself, and nothing more (no hash, no provider ids). */
export const USER_KEYS = [
  'businessName',
  'email',
  'emailVerified',
  'fullName',
  'id',
  'language',
  'ordersSort',
  'reminderMinutes',
  'reminders',
  'timeZone',
  'username',
] as const;

/**
 * argon2id at the lowest cost it allows (8 KiB, 1 pass, 1 lane): still real
 * argon2id hashes, verified by the same code, for the hundreds of sign-ups
 * the suites make to have an owner. The tests of hashing and sign-in
 * themselves run at PASSWORD_HASHING, the cost every server uses.
 */
export const TEST_PASSWORD_HASHING: PasswordHashing = { memoryCost: 8, timeCost: 1, parallelism: 1 };

/** The id of the first business `userId` joined (the one registration made), for tests that seed rows with SQL. */
export async function businessIdOf(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('memberships')
    .select('business_id')
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('business_id')
    .executeTakeFirstOrThrow();
  return row.business_id;
}

/** Every field of an Order, sorted as `Object.keys(order).sort()` lists them. */
export const ORDER_KEYS = [
  'confirmUrl',
  'currency',
  'id',
  'introduce',
  'products',
  'ready',
  'showPrices',
  'supplierId',
  'text',
  'total',
  'unpricedLines',
] as const;

/** The money of an order with no priced line, in a business with the default currency and a supplier without prices in its text. */
export const NO_MONEY = { total: 0, currency: 'EUR', showPrices: false } as const;

/** Every field of a Product, sorted as `Object.keys(product).sort()` lists them: its id, its quantity and PRODUCT_COLUMNS. */
export const PRODUCT_KEYS = ['id', 'quantity', ...Object.keys(PRODUCT_COLUMNS)].sort();
