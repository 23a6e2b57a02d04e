import type { TOrder } from '@reorder/schemas';
import { steppedQuantity } from '@reorder/schemas/quantities';
import type { Api, ChangeEntry, ReceiptTarget, Target } from '../orders/change-kind.ts';
import { withProducts } from '../orders/order-drafts.ts';
import {
  countWith,
  type ExpectedLine,
  type ExtraProduct,
  type LineInput,
  type Receiver,
  startedReceipt,
  withAllGood,
  withDone,
  withLine,
  withReopened,
} from './receipt-copy.ts';

/**
 * Receiving's kinds of order change (docs/decisions.md §9.4): entries of the
 * one registry (features/orders/changes.ts), so a delivery checked in the
 * cellar without a connection goes through the one outbox like any change of
 * an order. Each names the sent order it receives, not the receipt: offline
 * its id is not known yet. Starting is idempotent on the server, so the
 * start goes first and every later change asks for the receipt the same way
 * (`receiptIdOf`) unless the device already knew its id.
 */
export type ReceiptChange = Target & ReceiptTarget & ReceiptKind;

export type ReceiptKind =
  /** `lines`: what should arrive, from the sent order and the supplier's answer, for the device's copy until the server answers. */
  | { kind: 'receiptStart'; lines: ExpectedLine[]; by?: Receiver }
  /** `extra`: the product's name, unit and price, for a product not on the receipt. */
  | { kind: 'receiptLine'; line: LineInput; extra?: ExtraProduct }
  | { kind: 'receiptAllGood' }
  /** `arrived`: what closing adds to the counts, from the receipt as the device shows it. */
  | { kind: 'receiptDone'; arrived: Arrived[] }
  /** `arrived`: what the close had added, taken back. */
  | { kind: 'receiptReopen'; arrived: Arrived[] }
  /** `lines`: the missing quantities put into the current order. */
  | { kind: 'bringNextTime'; lines: Arrived[] };

type Arrived = { productId: number; quantity: number };

/** The receipt's id: known to the device, or asked for by starting it again (the server answers the one it has). */
async function receiptIdOf(api: Api, c: ReceiptTarget): Promise<number> {
  return c.receiptId ?? (await api.receipts.start.mutate({ id: c.sentOrderId })).id;
}

/** The order's counts plus (`sign` 1) or minus (−1) what arrived, where the product has a count. */
function withCounts(order: TOrder, arrived: readonly Arrived[], sign: 1 | -1): TOrder {
  const by = new Map(arrived.map((a) => [a.productId, a.quantity]));
  const products = order.products.map((p) => {
    const quantity = by.get(p.productId);
    return quantity === undefined || p.onHand === null ? p : { ...p, onHand: countWith(p.onHand, sign * quantity) };
  });
  return { ...order, products };
}

function withBrought(order: TOrder, lines: readonly Arrived[]): TOrder {
  const by = new Map(lines.map((l) => [l.productId, l.quantity]));
  const products = order.products.map((p) => {
    const missing = by.get(p.productId);
    return missing === undefined ? p : { ...p, quantity: steppedQuantity(p.quantity, missing) };
  });
  return withProducts(order, order.introduce, products);
}

const same = (order: TOrder) => order;

export const RECEIPT_KINDS: { [K in ReceiptChange['kind']]: ChangeEntry<Extract<ReceiptChange, { kind: K }>> } = {
  receiptStart: {
    apply: same,
    receipt: (receipt, c, now) => receipt ?? startedReceipt(c, c.lines, c.by ?? null, now),
    call: async (api, c) => ({ receipt: await api.receipts.start.mutate({ id: c.sentOrderId }) }),
  },
  receiptLine: {
    key: (c) => `receiptLine:${c.sentOrderId}:${c.line.productId}`,
    apply: same,
    receipt: (receipt, c) => receipt && withLine(receipt, c.line, c.extra),
    async call(api, c) {
      const { productId, received, outcome, chargedPrice, note } = c.line;
      const id = await receiptIdOf(api, c);
      return { receipt: await api.receipts.setLine.mutate({ id, productId, received, outcome, chargedPrice, note }) };
    },
  },
  receiptAllGood: {
    apply: same,
    receipt: (receipt) => receipt && withAllGood(receipt),
    call: async (api, c) => ({ receipt: await api.receipts.allGood.mutate({ id: await receiptIdOf(api, c) }) }),
  },
  receiptDone: {
    apply: (order, c) => withCounts(order, c.arrived, 1),
    receipt: (receipt, _, now) => receipt && withDone(receipt, now),
    async call(api, c) {
      const receipt = await api.receipts.done.mutate({ id: await receiptIdOf(api, c) });
      // The counts as the server now holds them: the order is read again (another device may have closed it first).
      return { receipt, order: (held) => withCounts(held, c.arrived, 1), sent: true };
    },
  },
  receiptReopen: {
    apply: (order, c) => withCounts(order, c.arrived, -1),
    receipt: (receipt) => receipt && withReopened(receipt),
    async call(api, c) {
      const receipt = await api.receipts.reopen.mutate({ id: await receiptIdOf(api, c) });
      return { receipt, order: (held) => withCounts(held, c.arrived, -1), sent: true };
    },
  },
  bringNextTime: {
    apply: (order, c) => withBrought(order, c.lines),
    async call(api, c) {
      const id = await receiptIdOf(api, c);
      const order = await api.receipts.bringNextTime.mutate({ id, productIds: c.lines.map((l) => l.productId) });
      return { order: () => order };
    },
  },
};

/** The receipt of a sent order in react-query's cache (kept offline as every query): by sent order, as the device asks for it. */
export const receiptKey = (sentOrderId: number) => ['receipts', 'bySentOrder', sentOrderId] as const;
