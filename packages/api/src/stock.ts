import type { ProductRow } from '@reorder/db';
import { percentChange, productDbColumns, type TProductDbColumn, type TProductDbColumnOf } from '@reorder/schemas';

/**
 * Every column of `products` is a product's field in PRODUCT_COLUMNS
 * (@reorder/schemas, product-columns.ts: docs/decisions.md §8.3.1) or one of
 * these, which no field shows. A column added to the table and not to the
 * definition fails to compile here.
 */
type NotAField = 'id' | 'business_id' | 'search_text' | 'sort_key' | 'created_at' | 'updated_at';
export type EveryProductColumnIsDefined = NeverOr<Exclude<keyof ProductRow, TProductDbColumn | NotAField>>;
type NeverOr<Unplaced extends never> = Unplaced;

/** `products.<column>` for each column, as a Kysely selection reads it. */
export function ofProducts<C extends string>(columns: readonly C[]): `products.${C}`[] {
  return columns.map((column) => `products.${column}` as const);
}

/**
 * A product row's stock columns as the API shows them (docs/decisions.md §6.1): on a
 * Product (products/) and on each product of an Order (orders/).
 */
export function toStock(row: StockRow) {
  return {
    par: row.par,
    onHand: row.on_hand,
    countedAt: row.counted_at?.toISOString() ?? null,
    countedBy: row.counted_by === null || row.counted_by_name === null ? null : { userId: row.counted_by, fullName: row.counted_by_name },
    usual: row.usual,
  };
}

/** The stock columns of a product row, with the name of who counted it (`counted_by_name`, from `users`). */
export type StockRow = Pick<ProductRow, TProductDbColumnOf<'stock'>> & { counted_by_name: string | null };

/**
 * A product row's catalogue columns as the API shows them (docs/decisions.md
 * §8.4): on a Product and on each line of an Order, like its stock.
 */
export function toCatalogue(row: CatalogueRow) {
  return { price: row.price, step: row.step, note: row.note ?? '', priceChange: priceChangeOf(row) };
}

/** The catalogue columns of a product row, with its last big price change. */
export type CatalogueRow = Pick<ProductRow, TProductDbColumnOf<'catalogue'>>;

/** How big a change is flagged (docs/decisions.md §8.4): 5% or more, up or down, shown for 30 days. */
const FLAGGED_DAYS = 30;
/** How long a flagged change is shown, in milliseconds (the kept product pages end with it too: list-kept.ts). */
export const PRICE_CHANGE_SHOWN_MS = FLAGGED_DAYS * 24 * 3600 * 1000;

/** The change a product shows (`priceChange`): the stored last one while it is under 30 days old. */
export function priceChangeOf(
  row: Pick<ProductRow, 'price_change_from' | 'price_change_to' | 'price_change_at'>,
  now: number = Date.now(),
): { from: number; to: number; percent: number; at: string } | null {
  const { price_change_from: from, price_change_to: to, price_change_at: at } = row;
  if (from === null || to === null || at === null || now - at.getTime() > PRICE_CHANGE_SHOWN_MS) return null;
  return { from, to, percent: percentChange(from, to), at: at.toISOString() };
}

/** The columns `toStock` and `toCatalogue` read (with `counted_by_name` from `users`, joined by the caller). */
export const STOCK_AND_CATALOGUE_COLUMNS = ofProducts(productDbColumns('stock', 'catalogue'));
