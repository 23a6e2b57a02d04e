import type { TOrder, TReceipt } from '@reorder/schemas';
import type { TQuantityIssue } from '@reorder/schemas/quantities';
import type { createApiClient } from '../../lib/trpc.ts';

/** What an entry of the registry of changes (changes.ts) is made of, apart from the kinds themselves. */

export type Api = ReturnType<typeof createApiClient>;

/** The order a change is made on. */
export interface Target {
  supplierId: number;
  orderId: number;
  /** The business it was made in (X-Business-Id): it goes there even if the device has switched since. */
  businessId?: number;
}

/** The sent order a receiving change receives, and its receipt's id when the device knows it (docs/decisions.md §9.4). */
export interface ReceiptTarget {
  sentOrderId: number;
  receiptId?: number;
}

/** What the server's answer does: the order as it now holds it, and whether the history changed. */
export interface Settled {
  order?: (held: TOrder) => TOrder;
  /** The history (and the orders list) must be read again. */
  sent?: boolean;
  /** The receipt as the server now holds it (a receiving change). */
  receipt?: TReceipt;
}

/** One entry of the registry: what a kind of change `C` does, on the device and on the server. */
export interface ChangeEntry<C> {
  key?(change: C): string;
  /**
   * What the server would refuse in it that the device can know, by the
   * server's own rule (@reorder/schemas' `quantityIssue`): such a change is
   * never queued (docs/decisions.md §9.1). Kinds made only of what the
   * server already holds (a fill, a clear, a re-order of a sent order) have
   * nothing to check.
   */
  check?(order: TOrder, change: C): TQuantityIssue | undefined;
  apply(order: TOrder, change: C, now: Date): TOrder;
  /** What it does to the receipt of its sent order (receiving's kinds), exactly as the server will; undefined before one is started. */
  receipt?(receipt: TReceipt | undefined, change: C, now: Date): TReceipt | undefined;
  call(api: Api, change: C): Promise<Settled>;
}
