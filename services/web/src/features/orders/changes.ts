import type { TMessageService, TOrder, TReceipt, TReorderMode, TSentLineInput } from '@reorder/schemas';
import { filledToPar, quantityIssue, steppedQuantity, type TQuantityIssue } from '@reorder/schemas/quantities';
import type { Api, ChangeEntry, Settled, Target } from './change-kind.ts';
import { withProducts, withSavedQuantity, withSavedStock } from './order-drafts.ts';
import { RECEIPT_KINDS, type ReceiptChange } from './receipt-changes.ts';

/**
 * Every change the order screen makes, each one entry of one registry
 * (docs/architecture.md, "One save path"). An entry says:
 * - `key`: how repeated edits merge: a newer change with the same key
 *   replaces one still waiting, unless a change without a key (a fill, a
 *   clear, a send…) lies between them, since that one reads what came before;
 * - `apply`: what it does to the order, exactly as the server will do it,
 *   so the screen shows it before the server answers (or while offline);
 * - `call`: the server procedure it makes, and how its answer goes into the
 *   order as the server now holds it.
 * Every change goes through the one outbox (features/offline/outbox.ts), in
 * the order it was made. A new kind of change is one entry here plus its
 * server procedure.
 */

export type { Settled } from './change-kind.ts';

type Line = { productId: number; quantity: number };

export type OrderChange =
  | (Target &
      (
        | { kind: 'quantity'; productId: number; name: string; quantity: number }
        | { kind: 'message'; introduce: string }
        /** `by`: who counts, shown as the counter until the server answers. */
        | { kind: 'stock'; productId: number; name: string; onHand: number | null; by?: { userId: number; fullName: string } }
        | { kind: 'par'; productId: number; name: string; par: number | null }
        | { kind: 'fill' }
        | { kind: 'clear' }
        /** The sent order's message and its lines the supplier did not mark unavailable. */
        | { kind: 'reorder'; sentOrderId: number; mode: TReorderMode; introduce: string; lines: Line[] }
        | { kind: 'restore'; introduce: string; lines: Line[] }
        | { kind: 'send'; channel: TMessageService; text: string; sentAt: string; introduce: string; lines: TSentLineInput[] }
      ))
  /** Receiving a sent order of the supplier (features/receiving/receipt-changes.ts, docs/decisions.md §9.4). */
  | ReceiptChange;

export type OrderChangeKind = OrderChange['kind'];
type Of<K extends OrderChangeKind> = Extract<OrderChange, { kind: K }>;

type ChangeKind<K extends OrderChangeKind> = ChangeEntry<Of<K>>;

/** The registry's type: one entry per kind. */
export type ChangeKinds = { [K in OrderChangeKind]: ChangeKind<K> };

const withQuantities = (order: TOrder, introduce: string, quantityOf: (productId: number, now: number) => number) =>
  withProducts(
    order,
    introduce,
    order.products.map((p) => {
      const quantity = quantityOf(p.productId, p.quantity);
      return quantity === p.quantity ? p : { ...p, quantity };
    }),
  );

const replacedBy = (order: TOrder) => ({ order: () => order });

const stepOf = (order: TOrder, productId: number) => order.products.find((p) => p.productId === productId)?.step ?? null;
/** A count or a par: a quantity without a step, or none (null). */
const amountIssue = (amount: number | null) => (amount === null ? undefined : quantityIssue(amount, null));

const REGISTRY: ChangeKinds = {
  quantity: {
    key: (c) => `quantity:${c.productId}`,
    check: (order, c) => quantityIssue(c.quantity, stepOf(order, c.productId)),
    apply: (order, c) => withSavedQuantity(order, c.productId, c.quantity),
    async call(api, c) {
      const line = await api.products.setQuantity.mutate({ productId: c.productId, orderId: c.orderId, quantity: c.quantity });
      return { order: (held) => withSavedQuantity(held, line.productId, line.quantity) };
    },
  },
  message: {
    key: (c) => `message:${c.orderId}`,
    apply: (order, c) => withProducts(order, c.introduce, order.products),
    call: async (api, c) => replacedBy(await api.orders.update.mutate({ id: c.orderId, introduce: c.introduce })),
  },
  stock: {
    key: (c) => `stock:${c.productId}`,
    check: (_, c) => amountIssue(c.onHand),
    apply: (order, c, now) =>
      withSavedStock(order, c.productId, {
        onHand: c.onHand,
        countedAt: c.onHand === null ? null : now.toISOString(),
        countedBy: c.onHand === null ? null : (c.by ?? null),
      }),
    async call(api, c) {
      const p = await api.products.setStock.mutate({ productId: c.productId, orderId: c.orderId, onHand: c.onHand });
      return { order: (held) => withSavedStock(held, p.id, { onHand: p.onHand, countedAt: p.countedAt, countedBy: p.countedBy }) };
    },
  },
  par: {
    key: (c) => `par:${c.productId}`,
    check: (_, c) => amountIssue(c.par),
    apply: (order, c) => withSavedStock(order, c.productId, { par: c.par }),
    async call(api, c) {
      const p = await api.products.setPar.mutate({ productId: c.productId, orderId: c.orderId, par: c.par });
      return { order: (held) => withSavedStock(held, p.id, { par: p.par }) };
    },
  },
  fill: {
    apply: (order) => withFilledToPar(order),
    call: async (api, c) => replacedBy((await api.orders.fill.mutate({ id: c.orderId })).order),
  },
  clear: {
    apply: (order) => withQuantities(order, order.introduce, () => 0),
    async call(api, c) {
      await api.products.clear.mutate({ orderId: c.orderId });
      return { order: (held) => withQuantities(held, held.introduce, () => 0) };
    },
  },
  reorder: {
    apply(order, c) {
      const sent = new Map(c.lines.map((line) => [line.productId, line.quantity]));
      if (c.mode === 'replace') return withQuantities(order, c.introduce, (id) => sent.get(id) ?? 0);
      return withQuantities(order, order.introduce.trim() ? order.introduce : c.introduce, (id, now) =>
        steppedQuantity(now, sent.get(id) ?? 0),
      );
    },
    call: async (api, c) => replacedBy(await api.orders.reorder.mutate({ id: c.orderId, sentOrderId: c.sentOrderId, mode: c.mode })),
  },
  restore: {
    // The quantities the order held before a re-order: the server takes them as they are, within the limits.
    check: (_, c) => c.lines.map((line) => quantityIssue(line.quantity, null)).find(Boolean),
    apply(order, c) {
      const quantities = new Map(c.lines.map((line) => [line.productId, line.quantity]));
      return withQuantities(order, c.introduce, (id) => quantities.get(id) ?? 0);
    },
    call: async (api, c) => replacedBy(await api.orders.restore.mutate({ id: c.orderId, introduce: c.introduce, lines: c.lines })),
  },
  send: {
    // The current order stays as it is: a send is a record of what went out. It is no longer waiting to be sent, though.
    apply: (order) => (order.ready === null ? order : { ...order, ready: null }),
    async call(api, c) {
      await api.orders.send.mutate({
        id: c.orderId,
        channel: c.channel,
        text: c.text,
        sentAt: c.sentAt,
        introduce: c.introduce,
        lines: c.lines,
      });
      // The order's next send gets a new link: the order is read again.
      return { sent: true };
    },
  },
  ...RECEIPT_KINDS,
};

function entry<K extends OrderChangeKind>(change: Of<K>): ChangeKind<K> {
  return REGISTRY[change.kind] as ChangeKind<K>;
}

/** Every kind of change, from the registry itself (the parity test covers each: changes.parity.test.ts). */
export const CHANGE_KINDS = Object.keys(REGISTRY) as OrderChangeKind[];

/**
 * What the server would refuse in a change made on `order` (as the screen
 * shows it), by the server's own rule; undefined when it may be queued.
 */
export function checkChange(order: TOrder, change: OrderChange): TQuantityIssue | undefined {
  return entry(change).check?.(order, change);
}

/** What makes two changes the same thing, the newer replacing the older; undefined for those never merged. */
export function keyOfChange(change: OrderChange): string | undefined {
  return entry(change).key?.(change);
}

/** A change shown on the order, as the server will make it; changes of other orders leave it alone. */
export function applyChange(order: TOrder, change: OrderChange, now: Date): TOrder {
  return change.orderId === order.id ? entry(change).apply(order, change, now) : order;
}

/** The order as the server holds it with every change still on its way applied, in the order they were made. */
export function withPending(order: TOrder, changes: readonly { change: OrderChange; madeAt: number }[]): TOrder {
  // applyChange leaves the order alone (the same object) for other orders' changes.
  return changes.reduce((shown, { change, madeAt }) => applyChange(shown, change, new Date(madeAt)), order);
}

/**
 * The receipt of a sent order as the screen shows it: the server's (or none
 * yet), with every receiving change still on its way applied in the order made.
 */
export function receiptWithPending(
  sentOrderId: number,
  receipt: TReceipt | undefined,
  changes: readonly { change: OrderChange; madeAt: number }[],
): TReceipt | undefined {
  return changes.reduce((shown, { change, madeAt }) => applyReceiptChange(shown, sentOrderId, change, new Date(madeAt)), receipt);
}

/** A change shown on the receipt of `sentOrderId`, as the server will make it; other changes leave it alone. */
export function applyReceiptChange(
  receipt: TReceipt | undefined,
  sentOrderId: number,
  change: OrderChange,
  now: Date,
): TReceipt | undefined {
  if (!('sentOrderId' in change) || change.sentOrderId !== sentOrderId) return receipt;
  const apply = entry(change).receipt;
  return apply ? apply(receipt, change, now) : receipt;
}

/** Makes the change's call; answers what the server's answer does to the order. */
export function callChange(api: Api, change: OrderChange): Promise<Settled> {
  return entry(change).call(api, change);
}

/**
 * "Fill to par" as the server does it (docs/decisions.md §6.1, `filledToPar`):
 * each product with a par and a count gets par − count (0 when the count is
 * above par), the others keep their quantity.
 */
export function withFilledToPar(order: TOrder): TOrder {
  const products = order.products.map((p) => {
    const quantity = filledToPar(p.par, p.onHand, p.step);
    return quantity === undefined ? p : { ...p, quantity };
  });
  return withProducts(order, order.introduce, products);
}
