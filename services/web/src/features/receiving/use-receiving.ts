import type { TReceipt, TSentOrder } from '@reorder/schemas';
import { useSession } from '../../lib/session.ts';
import { enqueue } from '../orders/outbox-runtime.ts';
import type { ReceiptChange, ReceiptKind } from './receipt-changes.ts';
import { arrivedOf, type ExtraProduct, expectedOf, type LineInput, missingLines, withAllGood } from './receipt-copy.ts';

/**
 * The check-in's taps, each a change of the one outbox (docs/decisions.md
 * §9.4): shown at once, sent in the order made, offline too. `receipt` is the
 * receipt as the screen shows it (undefined before it is started).
 */
export function useReceiving(sent: TSentOrder | undefined, receipt: TReceipt | undefined) {
  const user = useSession()?.user;
  const make = (change: ReceiptKind) => {
    if (!sent) return;
    const target = {
      supplierId: sent.supplierId,
      orderId: sent.orderId,
      sentOrderId: sent.id,
      // Known once the server answered: later changes then need no start to find it.
      ...(receipt?.id ? { receiptId: receipt.id } : {}),
    };
    void enqueue({ ...target, ...change } as ReceiptChange);
  };
  return {
    /** Starts the check (idempotent): the lines as they should arrive, pending. */
    start() {
      if (!sent) return;
      make({ kind: 'receiptStart', lines: expectedOf(sent), ...(user ? { by: { userId: user.id, fullName: user.fullName } } : {}) });
    },
    /** "Todo bien": every pending line as expected, and the check closed. */
    allGood() {
      if (!receipt) return;
      make({ kind: 'receiptAllGood' });
      make({ kind: 'receiptDone', arrived: arrivedOf(withAllGood(receipt)) });
    },
    line(line: LineInput, extra?: ExtraProduct) {
      make({ kind: 'receiptLine', line, ...(extra ? { extra } : {}) });
    },
    done() {
      if (receipt) make({ kind: 'receiptDone', arrived: arrivedOf(receipt) });
    },
    reopen() {
      if (receipt) make({ kind: 'receiptReopen', arrived: arrivedOf(receipt) });
    },
    bringNextTime() {
      if (receipt) make({ kind: 'bringNextTime', lines: missingLines(receipt) });
    },
  };
}
