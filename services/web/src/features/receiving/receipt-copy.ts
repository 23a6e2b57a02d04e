import type { TReceipt, TReceiptLine, TSentOrder } from '@reorder/schemas';
import { LIMITS } from '@reorder/schemas/limits';
import { MISSING_OUTCOMES, STOCKED_OUTCOMES, type TCheckedOutcome } from '@reorder/schemas/receipt-outcomes';

/**
 * The device's copy of a receipt (docs/decisions.md §9.4), changed here
 * exactly as the server changes its own (packages/api/src/receipts/
 * receipts.service.ts), so the check-in screen shows every tap at once and
 * offline; changes.parity.test.ts compares the two.
 */

/** A line of a receipt before it is checked: what should arrive and at what price. */
export type ExpectedLine = Pick<TReceiptLine, 'productId' | 'name' | 'unit' | 'expected' | 'expectedPrice'>;

/** The member who receives, as the receipt records them. */
export type Receiver = { userId: number; fullName: string };

/**
 * What should arrive, line by line, as the server's `expectedLines`: the
 * supplier's confirmed quantity and price when they answered (0 for a line
 * they cannot deliver), else what was sent.
 */
export function expectedOf(sent: Pick<TSentOrder, 'lines' | 'confirmation'>): ExpectedLine[] {
  const answer = sent.confirmation;
  return sent.lines.map((line) => {
    const answered = answer?.lines.find((l) => l.productId === line.productId);
    const unavailable = answer?.unavailable.includes(line.productId) ?? false;
    return {
      productId: line.productId,
      name: line.name,
      unit: line.unit,
      expected: unavailable ? 0 : answered ? answered.quantity : line.quantity,
      expectedPrice: answered?.price ?? line.price ?? null,
    };
  });
}

/** A receipt as the device starts it, before the server answers: every line pending. Its id is 0 until then. */
export function startedReceipt(
  target: { sentOrderId: number; supplierId: number },
  lines: readonly ExpectedLine[],
  by: Receiver | null,
  now: Date,
): TReceipt {
  return {
    id: 0,
    sentOrderId: target.sentOrderId,
    supplierId: target.supplierId,
    status: 'checking',
    receivedBy: by,
    startedAt: now.toISOString(),
    doneAt: null,
    deliveryNote: '',
    lines: lines.map((line) => ({ ...line, received: null, outcome: 'pending', chargedPrice: null, note: '' })),
  };
}

/** What a line change says, as `PUT /receipts/{id}/lines/{productId}` takes it. */
export interface LineInput {
  productId: number;
  received: number;
  outcome?: TCheckedOutcome;
  /** Left out: unchanged; null clears it. */
  chargedPrice?: number | null;
  /** Left out: unchanged. */
  note?: string;
}

/** For a product not on the receipt (an extra line): its name, unit and price now. */
export type ExtraProduct = { name: string; unit: string; price: number | null };

/** A line recorded, as the server does: the outcome left out is ok when it reaches what was expected, short when less, extra for a new line. */
export function withLine(receipt: TReceipt, input: LineInput, extra: ExtraProduct | undefined): TReceipt {
  if (receipt.status === 'done') return receipt;
  const kept = (line: TReceiptLine): TReceiptLine => ({
    ...line,
    received: input.received,
    chargedPrice: input.chargedPrice === undefined ? line.chargedPrice : input.chargedPrice,
    note: input.note === undefined ? line.note : input.note,
  });
  const line = receipt.lines.find((l) => l.productId === input.productId);
  if (line) {
    const outcome = input.outcome ?? (input.received >= line.expected ? 'ok' : 'short');
    return { ...receipt, lines: receipt.lines.map((l) => (l === line ? { ...kept(l), outcome } : l)) };
  }
  if (!extra || (input.outcome !== undefined && input.outcome !== 'extra')) return receipt;
  const added: TReceiptLine = {
    productId: input.productId,
    name: extra.name,
    unit: extra.unit,
    expected: 0,
    expectedPrice: extra.price,
    received: null,
    outcome: 'extra',
    chargedPrice: null,
    note: '',
  };
  return { ...receipt, lines: [...receipt.lines, { ...kept(added), outcome: 'extra' }] };
}

/** "Todo bien": every pending line is ok, with what was expected. */
export function withAllGood(receipt: TReceipt): TReceipt {
  if (receipt.status === 'done') return receipt;
  return {
    ...receipt,
    lines: receipt.lines.map((line) => (line.outcome === 'pending' ? { ...line, outcome: 'ok', received: line.expected } : line)),
  };
}

/** Closed, as the server closes it: not while a line is pending (the server refuses it, the screen does not offer it). */
export function withDone(receipt: TReceipt, now: Date): TReceipt {
  if (receipt.status === 'done' || receipt.lines.some((line) => line.outcome === 'pending')) return receipt;
  return { ...receipt, status: 'done', doneAt: now.toISOString() };
}

export function withReopened(receipt: TReceipt): TReceipt {
  return receipt.status === 'checking' ? receipt : { ...receipt, status: 'checking', doneAt: null };
}

/** What closing adds to each product's count: the received quantity of each ok, short, substituted and extra line. */
export function arrivedOf(receipt: TReceipt): { productId: number; quantity: number }[] {
  const arrived = new Map<number, number>();
  for (const line of receipt.lines) {
    if (STOCKED_OUTCOMES.includes(line.outcome) && (line.received ?? 0) > 0) {
      arrived.set(line.productId, (arrived.get(line.productId) ?? 0) + (line.received ?? 0));
    }
  }
  return [...arrived].map(([productId, quantity]) => ({ productId, quantity }));
}

/** The missing quantity of a line: expected − received, for a short, damaged, wrong or refused line (the server's `missingOf`). */
export function missingOf(line: TReceiptLine): number {
  if (!MISSING_OUTCOMES.includes(line.outcome)) return 0;
  return Math.max(0, Math.round((line.expected - (line.received ?? 0)) * 1000) / 1000);
}

/** The lines bring-next-time puts into the current order, with their missing quantities. */
export function missingLines(receipt: TReceipt): { productId: number; quantity: number }[] {
  return receipt.lines.filter((line) => missingOf(line) > 0).map((line) => ({ productId: line.productId, quantity: missingOf(line) }));
}

/** Whether a line turned out other than expected: its outcome, or a price charged above the one expected. */
export const lineDiffers = (line: TReceiptLine) =>
  (line.outcome !== 'ok' && line.outcome !== 'pending') ||
  (line.chargedPrice !== null && line.expectedPrice !== null && line.chargedPrice > line.expectedPrice);

/** A count plus or minus what arrived, within the counts' limits, as the server's `least(99999, …)` and `greatest(0, …)`. */
export function countWith(onHand: number, by: number): number {
  return Math.min(LIMITS.quantityMax, Math.max(0, Math.round((onHand + by) * 1000) / 1000));
}
