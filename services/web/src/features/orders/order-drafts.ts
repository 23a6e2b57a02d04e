import type { TOrder } from '@reorder/schemas';
import { formatAmount, formatOrderText, type TTextStyle } from '@reorder/schemas/order-text';
import { filledToPar, lineTotal, orderTotals, readTypedQuantity, type TTypedQuantity } from '@reorder/schemas/quantities';

export type OrderProduct = TOrder['products'][number];

/** A quantity being typed: what the field shows until it loses the focus or a tap changes it. */
export interface QuantityDraft {
  text: string;
  /** The field was left holding it: a quantity off the step is said only then, not at each digit of "12" (the "1"). */
  left?: boolean;
}

/** What the order screen shows and the order does not hold: a quantity as typed ("2," on the way to "2,5"), the message being written. */
export interface DraftState {
  quantities: Record<number, QuantityDraft>;
  /** The message being written; undefined while it is the order's. */
  message: string | undefined;
}

export type DraftAction =
  | { type: 'edit'; productId: number; text: string; left?: boolean }
  | { type: 'drop'; productId: number }
  | { type: 'write'; message: string }
  | { type: 'messageSaved'; message: string };

export const NO_DRAFTS: DraftState = { quantities: {}, message: undefined };

/**
 * How drafts change. A quantity's draft only holds the field's text: every
 * valid quantity typed is a change of the order already (changes.ts), so the
 * draft goes when the field is left or a tap sets the quantity.
 */
export function draftsReducer(state: DraftState, action: DraftAction): DraftState {
  switch (action.type) {
    case 'edit': {
      const draft = action.left ? { text: action.text, left: true } : { text: action.text };
      return { ...state, quantities: { ...state.quantities, [action.productId]: draft } };
    }
    case 'drop': {
      if (!(action.productId in state.quantities)) return state;
      const { [action.productId]: _dropped, ...rest } = state.quantities;
      return { ...state, quantities: rest };
    }
    case 'write':
      return { ...state, message: action.message };
    case 'messageSaved':
      return state.message === action.message ? { ...state, message: undefined } : state;
  }
}

/**
 * The number a draft stands for ("2,5" is 2.5), or undefined while it is not
 * one the server would take for a product sold by `step` (docs/decisions.md
 * §9.1: 7 eggs sold by 6 is no quantity to show or to send).
 */
export function draftQuantity(draft: QuantityDraft | undefined, step: number | null = null): number | undefined {
  if (!draft) return undefined;
  const read = readTypedQuantity(draft.text, step);
  return 'quantity' in read ? read.quantity : undefined;
}

/** A product's draft read by the server's rule: its quantity, blank, or what is wrong and the nearest allowed choices. */
export function draftReading(state: DraftState, product: OrderProduct): TTypedQuantity | undefined {
  const draft = state.quantities[product.productId];
  return draft && readTypedQuantity(draft.text, product.step);
}

/**
 * The quantity shown for a product: the draft while the server would take
 * it, else the saved one. So the line's total, the Send bar and the order
 * text never show a quantity Send would not send.
 */
export function shownQuantity(state: DraftState, product: OrderProduct): number {
  return draftQuantity(state.quantities[product.productId], product.step) ?? product.quantity;
}

/** What the quantity field shows: the draft as typed, else the saved quantity ("0" when not ordered), with the language's decimal mark. */
export function shownText(state: DraftState, product: OrderProduct, language: TLanguage): string {
  return state.quantities[product.productId]?.text ?? (product.quantity ? formatAmount(product.quantity, language) : '0');
}

type TLanguage = TTextStyle['language'];

/** How the order's text is written: in the owner's language, with prices when its supplier takes them (docs/decisions.md §8.4). */
export function orderStyle(order: Pick<TOrder, 'currency' | 'showPrices'> | undefined, language: TLanguage): TTextStyle {
  return { language, prices: order?.showPrices ? order.currency : null };
}

/** The language the page is shown in, for a text made outside a screen (a change applied to the cached order). */
function pageLanguage(): TLanguage {
  return globalThis.document?.documentElement.lang === 'es' ? 'es' : 'en';
}

/** The order exactly as the screen shows it: the message being written and every quantity typed or tapped. */
export function shownOrderText(state: DraftState, order: TOrder | undefined, language: TLanguage): string {
  const products = order?.products ?? [];
  return formatOrderText(
    state.message ?? order?.introduce ?? '',
    products.map((p) => ({ name: p.name, unit: p.unit, quantity: shownQuantity(state, p), price: p.price })),
    orderStyle(order, language),
  );
}

/** The order with a product's stock fields as saved (a count or a par); the text does not change. */
export function withSavedStock(
  order: TOrder,
  productId: number,
  stock: Partial<Pick<OrderProduct, 'par' | 'onHand' | 'countedAt' | 'countedBy'>>,
): TOrder {
  return { ...order, products: order.products.map((p) => (p.productId === productId ? { ...p, ...stock } : p)) };
}

/**
 * The order with one product's quantity as the server now holds it, and its
 * text made again: written into the cache when a save lands, so the screen
 * never shows the quantity from before the save while the order is fetched.
 */
export function withSavedQuantity(order: TOrder, productId: number, quantity: number): TOrder {
  return withProducts(
    order,
    order.introduce,
    order.products.map((p) => (p.productId === productId ? { ...p, quantity } : p)),
  );
}

export function withProducts(order: TOrder, introduce: string, products: OrderProduct[], language = pageLanguage()): TOrder {
  // A line whose total holds is kept as it is: the cache's structural sharing then finds the 999 lines
  // a tap did not touch unchanged at once, instead of comparing them field by field (docs/performance.md).
  const priced = products.map((p) => {
    const total = lineTotal(p.quantity, p.price);
    return p.lineTotal === total ? p : { ...p, lineTotal: total };
  });
  const before = new Map(order.products.map((p) => [p.productId, p.quantity]));
  // "Ready to send" ends when the message or a quantity changes, as the server clears it (docs/decisions.md §9.3).
  const changed = introduce !== order.introduce || priced.some((p) => (before.get(p.productId) ?? 0) !== p.quantity);
  return {
    ...order,
    introduce,
    products: priced,
    ready: changed ? null : order.ready,
    text: formatOrderText(introduce, priced, orderStyle(order, language)),
    ...orderTotals(priced),
  };
}

/** How many products "Fill to par" fills (those with a par and a count) and leaves alone, as the server counts them. */
export function filledCounts(order: TOrder): { filled: number; skipped: number } {
  const filled = order.products.filter((p) => filledToPar(p.par, p.onHand, p.step) !== undefined).length;
  return { filled, skipped: order.products.length - filled };
}
